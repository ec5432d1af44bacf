import { expect, test } from "../fixtures.ts";
import { checkGridExportAxe, dayLabel, pageToday, settledTotal } from "../support/reports.ts";

/** The Event report (issue 12): all events, then this month's (dates in the URL), the chart's table twin, export, axe. */
test("the Event report: dates in the URL, chart, table, CSV export, axe", async ({ signedInBlankPage: page }) => {
  test.slow();
  await page.goto("/Reports/Event");
  await expect(page.getByRole("heading", { level: 1, name: "Events report" })).toBeVisible();
  const all = await settledTotal(page);
  expect(all).toBeGreaterThan(0);

  // the calendar opens on the browser's month, not the UTC one
  const today = await pageToday(page);
  const first = `${today.slice(0, 8)}01`;
  await page.getByRole("button", { name: "Choose Dates in the calendar" }).click();
  await page.getByRole("button", { name: dayLabel(first), exact: true }).click();
  await page.getByRole("button", { name: dayLabel(today), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`start_date=${first}&end_date=${today}`));
  // the calendar closes once the range's end is picked
  await expect(page.getByRole("dialog", { name: "Dates: calendar" })).toBeHidden();
  await expect.poll(() => settledTotal(page)).toBeLessThanOrEqual(all);

  await checkGridExportAxe(page, {
    name: "event",
    caption: "Events",
    header: ["date", "title", "attending", "waitlisted", "attended", "missed"],
  });
});
