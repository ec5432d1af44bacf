import { expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { pageToday } from "../support/reports.ts";

test.use({ role: "school_admin" });

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * By keyboard: Enter on the calendar's month heading shows the months, and Enter on a month its
 * days; each time the control that had focus went with its level and focus fell to <body>
 * (decision 0587). Now focus stays in the calendar, on the month it is on, then on a day of it;
 * Enter picks the day and focus is back on the field. Nothing is saved.
 */
test("the calendar keeps focus when Enter changes its level", async ({ signedInPage: page }) => {
  await page.goto("/Settings");
  const form = page.getByRole("form", { name: "Add a closure" });
  const field = form.getByRole("button", { name: /^First day/ });
  await field.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Previous month" })).toBeFocused();
  const [year, month] = (await pageToday(page)).split("-").map(Number) as [number, number];
  const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString("en-US", { month: "long", timeZone: "UTC" });
  // the month heading, named by its own words
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: `${monthName} ${year}`, exact: true })).toBeFocused();
  await expectNoA11yViolations(page, "the closure's calendar on its days");
  await page.keyboard.press("Enter");

  const calendar = page.getByRole("dialog", { name: "First day: calendar" });
  await expect(calendar.getByRole("button", { name: MONTHS[month - 1], exact: true })).toBeFocused();
  await expectNoA11yViolations(page, "the closure's calendar on its months");
  await page.keyboard.press("Enter");
  // a day of this month has focus, not <body>
  await expect
    .poll(() =>
      page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.tagName),
    )
    .toMatch(new RegExp(`^\\d+ ${monthName} ${year}$`));
  await page.keyboard.press("Enter");
  await expect(field).toBeFocused();
  await expect(field).toContainText(new RegExp(`^${String(month).padStart(2, "0")}/\\d{2}/${year}`));
  await expectNoA11yViolations(page, "the closure form with a day picked by keyboard");
});
