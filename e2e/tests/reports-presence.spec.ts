import { expect, test } from "../fixtures.ts";
import { checkGridExportAxe, dayLabel, pageToday, settledTotal } from "../support/reports.ts";

/** The Presence report (issue 12, admin roles): now, then over this month's days (in the URL), export, axe. */
test("the Presence report: dates in the URL, table, CSV export, axe", async ({ signedInBlankPage: page }) => {
  test.slow();
  await page.goto("/Reports/Presence");
  await expect(page.getByRole("heading", { level: 1, name: "Presence report" })).toBeVisible();
  await expect(page.getByText(/the last 10 minutes/)).toBeVisible();
  await settledTotal(page);

  // the calendar opens on the browser's month, not the UTC one
  const today = await pageToday(page);
  const first = `${today.slice(0, 8)}01`;
  await page.getByRole("button", { name: "Choose Dates in the calendar" }).click();
  await page.getByRole("button", { name: dayLabel(first), exact: true }).click();
  await page.getByRole("button", { name: dayLabel(today), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`start_date=${first}&end_date=${today}`));
  // the calendar closes once the range's end is picked
  await expect(page.getByRole("dialog", { name: "Dates: calendar" })).toBeHidden();
  await expect(page.getByText(/the chosen days/)).toBeVisible();

  await checkGridExportAxe(page, {
    name: "presence",
    caption: "Participants by location",
    header: ["first_name", "last_name", "location", "first_seen", "last_seen", "pings"],
  });
});
