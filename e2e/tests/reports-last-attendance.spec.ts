import { expect, test } from "../fixtures.ts";
import { checkGridExportAxe, pickOption, settledTotal } from "../support/reports.ts";

/** The LastAttendance report (issue 12): every class, then one (in the URL), sorted by days since, export, axe. */
test("the LastAttendance report: classes in the URL, table, CSV export, axe", async ({ signedInBlankPage: page }) => {
  test.slow();
  await page.goto("/Reports/LastAttendance");
  await expect(page.getByRole("heading", { level: 1, name: "Last attendance report" })).toBeVisible();
  const all = await settledTotal(page);
  expect(all).toBeGreaterThan(0);

  await pickOption(page, "Classes", "Algebra");
  await expect(page).toHaveURL(/classes=\d+/);
  await expect.poll(() => settledTotal(page)).toBeLessThan(all);
  await page.getByRole("button", { name: /^Days since/ }).click();
  await expect(page).toHaveURL(/sort_by=days_since/);

  await checkGridExportAxe(page, {
    name: "last-attendance",
    caption: "Last attendance per participant and class",
    header: ["last_name", "first_name", "school_identifier", "class", "last_attended", "days_since"],
  });
});
