import { expect, expectNoA11yViolations, test, useSessionIn } from "../fixtures.ts";
import { makeStaffUser } from "../support/users.ts";

/**
 * /Profile (issue 13): higher contrast and the accessibility mode change the page at once and
 * are kept; the information form names a bad field; a wrong current password is named on its
 * field. A fresh user, so the demo users keep their choices for other specs.
 */
test("profile: display choices apply at once; bad input is named", async ({ page, api, mailbox, signIn }) => {
  test.slow();
  const admin = await signIn("school_admin");
  const me = await makeStaffUser(api, mailbox, admin, { first_name: "Profiled", last_name: "Person", role_id: 9 });
  await useSessionIn(page, me);
  await page.goto("/Profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-higher-contrast", "false");
  await expectNoA11yViolations(page, "/Profile");

  await page.getByRole("switch", { name: "Higher contrast" }).check();
  await expect(html).toHaveAttribute("data-higher-contrast", "true");
  await page.getByRole("switch", { name: "Accessibility mode" }).check();
  await expect(html).toHaveAttribute("data-a11y-mode", "true");
  await expectNoA11yViolations(page, "/Profile in higher contrast");
  await expect(page.getByRole("switch", { name: "Accessibility mode" })).toBeEnabled();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Higher contrast" })).toBeChecked();
  await expect(html).toHaveAttribute("data-higher-contrast", "true");

  const info = page.getByRole("form", { name: "Your information" });
  await info.getByLabel("E-mail").fill("broken");
  await info.getByRole("button", { name: "Save information" }).click();
  await expect(info.getByLabel("E-mail")).toHaveAccessibleDescription(/valid e-mail/);

  const pw = page.getByRole("form", { name: "Change password" });
  await pw.getByLabel("Current password").fill("not-the-password");
  await pw.getByLabel("New password", { exact: true }).fill("another-good-one");
  await pw.getByLabel("Repeat the new password").fill("another-good-one");
  await pw.getByRole("button", { name: "Change password" }).click();
  await expect(pw.getByLabel("Current password")).toHaveAccessibleDescription(/not correct/);
  await expectNoA11yViolations(page, "/Profile with errors");

  await page.getByRole("switch", { name: "Higher contrast" }).uncheck();
  await expect(html).toHaveAttribute("data-higher-contrast", "false");
});
