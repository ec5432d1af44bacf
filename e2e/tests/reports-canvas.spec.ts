import { expect, test } from "../fixtures.ts";
import { checkGridExportAxe, pickOption, settledTotal } from "../support/reports.ts";

/**
 * The Canvas report (issue 12): percentages per participant and class over a range ending
 * today, narrowed to one class (in the URL), and the gradebook CSV whose rows are the screen's.
 */
test("the Canvas report: filters in the URL, table, gradebook CSV, axe", async ({ signedInBlankPage: page }) => {
  test.slow();
  await page.goto("/Reports/Canvas");
  await expect(page.getByRole("heading", { level: 1, name: "Canvas gradebook report" })).toBeVisible();
  await expect(page).toHaveURL(/start_date=\d{4}-\d{2}-\d{2}&end_date=/);
  const all = await settledTotal(page);

  await pickOption(page, "Classes", "Algebra");
  await expect(page).toHaveURL(/classes=\d+/);
  await expect.poll(() => settledTotal(page)).toBeLessThan(all);

  await checkGridExportAxe(page, {
    name: "canvas",
    caption: "Attendance per participant and class",
    header: ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Attendance"],
  });
});
