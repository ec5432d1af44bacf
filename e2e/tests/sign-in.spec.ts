import {
  DEMO_ROLES,
  DEMO_SCHOOL,
  demoEmail,
  EXPECTED_SIDEBAR,
  expect,
  SECOND_SCHOOL,
  signInThroughForm,
  test,
} from "../fixtures.ts";

test.describe("signing in", () => {
  for (const role of DEMO_ROLES) {
    test(`${role.name} signs in and sees the dashboard with the ${role.display_name} sidebar`, async ({ page }) => {
      await page.goto("/Login");
      await signInThroughForm(page, demoEmail(role.name));

      await expect(page).toHaveURL(/\/Dashboard$/);
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      for (const section of ["School", "Missing attendance", "In session now", "My tiles", "My tasks"]) {
        await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
      }
      await expect(page.getByRole("region", { name: "School" })).toContainText(
        role.id === 1 ? new RegExp(`${DEMO_SCHOOL}|${SECOND_SCHOOL}`) : DEMO_SCHOOL,
      );

      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link")).toHaveText(EXPECTED_SIDEBAR[role.name]);
      await expect(nav).toContainText(`Signed in as ${role.display_name}`);
      // the school switcher is for role 1 only
      await expect(page.getByRole("combobox", { name: "School" })).toHaveCount(role.id === 1 ? 1 : 0);
    });
  }

  test("a wrong password is refused with a message and no session", async ({ page }) => {
    await page.goto("/Login");
    await signInThroughForm(page, demoEmail("staff"), "not-the-password");
    await expect(page.getByRole("alert")).toContainText(/./);
    await expect(page.getByRole("alert")).toContainText("Sign-in failed");
    await expect(page).toHaveURL(/\/Login$/);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  });
});
