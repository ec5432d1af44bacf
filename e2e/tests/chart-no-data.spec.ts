import { expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { demoCourseUuid } from "../support/demo.ts";

test.use({ role: "school_admin" });

/**
 * Algebra's daily attendance: the demo's first session days of the last 14 have no attendance
 * (before the seeded weeks). They read "No data" in the chart (a dashed grey bar so labelled), in
 * the table that carries the chart for screen readers, and a note says that is not 0; they drew
 * as empty slots that looked like nobody attended. Axe on both views; the toggle by keyboard.
 */
test("a day without attendance reads No data, in the chart and its table", async ({
  signedInPage: page,
  api,
  session,
}) => {
  await page.goto(`/Courses/${await demoCourseUuid(api, session.access_token, "Algebra")}`);
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Daily attendance" }) }).first();
  await expect(section.getByText(/^No data: no attendance was recorded for that day/)).toBeVisible();
  const table = section.getByRole("table", { name: "Attendance by session day and status" });
  // the table is there for screen readers while the chart shows
  await expect(table.getByRole("cell", { name: "No data", exact: true }).first()).toBeAttached();
  await expect(table).toHaveAccessibleDescription(/does not mean that nobody attended/);
  await expectNoA11yViolations(page, "Algebra's dashboard, chart");

  await section.getByRole("button", { name: "Show as table" }).focus();
  await page.keyboard.press("Enter");
  await expect(table).toBeVisible();
  const gap = table.getByRole("row").filter({ has: page.getByRole("cell", { name: "No data", exact: true }) });
  await expect(gap.first()).toBeVisible();
  // a day with data keeps its numbers
  await expect(table.getByRole("cell", { name: /^[1-9][0-9]*$/ }).first()).toBeVisible();
  await expectNoA11yViolations(page, "Algebra's dashboard, table");
});
