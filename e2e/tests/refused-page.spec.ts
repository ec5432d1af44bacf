import { expect, expectNoA11yViolations, test } from "../fixtures.ts";

/**
 * A role sent to the dashboard from a page it may not open (spec section 2) is told why, in a
 * status region a screen reader announces; the notice goes with the next page.
 */
for (const [role, path, area] of [
  ["case_manager", "/Users", "Users"],
  ["councelor", "/Users/1", "Users"],
  ["academic_advisor", "/Settings", "Settings"],
  // a report of an area the role may open: the report is named (admin-only, decision 0584)
  ["academic_advisor", "/Reports/Beacon", "the Beacons report"],
] as const) {
  test.describe(role, () => {
    test.use({ role });

    test(`${path} sends ${role} to the Dashboard saying why`, async ({ signedInBlankPage: page }) => {
      await page.goto("/Dashboard");
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      await expect(page.getByText(/You do not have access/)).toHaveCount(0);

      await page.goto(path);
      await expect(page).toHaveURL(/\/Dashboard$/);
      const notice = page.getByRole("status").filter({ hasText: "You do not have access" });
      await expect(notice).toHaveText(`You do not have access to ${area}, so you were taken to the Dashboard.`);
      // the notice is the shell's and can come before the page's chunk: axe the page once it is there
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      await expectNoA11yViolations(page, `Dashboard after ${path}`);

      // by keyboard to another page: the notice stays behind
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Participants" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { level: 1, name: "Participants" })).toBeVisible();
      await expect(page.getByText(/You do not have access/)).toHaveCount(0);
    });
  });
}
