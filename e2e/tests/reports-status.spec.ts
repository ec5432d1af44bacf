import { expect, expectNoA11yViolations, test } from "../fixtures.ts";
import { expectNoSidewaysScroll } from "../support/layout.ts";
import {
  dayLabel,
  downloadExport,
  settled,
  settledTotal,
  shootBothWidths,
  turnCalendar,
  urlQuery,
} from "../support/reports.ts";

/**
 * The Status report (issue 12): opened from /Reports on a range ending today, narrowed to one
 * class through its picker (the URL follows), the status shares chart with its table twin
 * adding up to the grid's total, and the CSV export holding that many rows.
 */

const STATUS_QUERY = `query($s: String!, $e: String!, $classes: [Int!]) {
  statusReport(start_date: $s, end_date: $e, classes: $classes, per_page: 100) {
    total data { attendable_id attendable_type attendable_title }
  }
}`;

interface StatusAnswer {
  statusReport: {
    total: number;
    data: { attendable_id: number; attendable_type: string; attendable_title: string }[];
  };
}

test("the Status report: filters in the URL, chart and table, CSV export, axe", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow();
  await page.goto("/Reports");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await page.getByRole("link", { name: "Status", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Status report" })).toBeVisible();

  // the dates default to the 30 days ending today, written into the URL
  await expect(page).toHaveURL(/start_date=\d{4}-\d{2}-\d{2}.*end_date=/);
  // a range picked in the calendar (this month's 1st to today) lands in the URL
  const { end_date: today } = urlQuery(page) as { end_date: string };
  const first = `${today.slice(0, 8)}01`;
  await page.getByRole("button", { name: "Choose Dates in the calendar" }).click();
  // the calendar is turned to this month, wherever it opened
  await turnCalendar(page, today);
  await page.getByRole("button", { name: dayLabel(first), exact: true }).click();
  await page.getByRole("button", { name: dayLabel(today), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`start_date=${first}&end_date=${today}`));
  // the calendar closes once the range's end is picked
  await expect(page.getByRole("dialog", { name: "Dates: calendar" })).toBeHidden();
  const { start_date, end_date } = urlQuery(page);
  const all = await api.graphql<StatusAnswer>(session.access_token, STATUS_QUERY, { s: start_date, e: end_date });
  // the previous range's total stays on screen until the new one lands: wait for the new one
  await expect(page.getByTestId("report-total")).toHaveText(`Total: ${all.statusReport.total.toLocaleString("en-US")}`);

  // one class of the range, picked by typing its title
  const course = all.statusReport.data.find((r) => r.attendable_type === "course");
  expect(course, "the demo school has class attendance in the range").toBeTruthy();
  const { attendable_id, attendable_title } = course as StatusAnswer["statusReport"]["data"][number];
  const classes = page.getByRole("combobox", { name: "Classes" });
  await classes.fill(attendable_title);
  await page.getByRole("option", { name: attendable_title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`classes=${attendable_id}(&|$)`));
  await page.keyboard.press("Escape");
  const one = await api.graphql<StatusAnswer>(session.access_token, STATUS_QUERY, {
    s: start_date,
    e: end_date,
    classes: [attendable_id],
  });
  await expect(page.getByTestId("report-total")).toHaveText(`Total: ${one.statusReport.total.toLocaleString("en-US")}`);
  const total = one.statusReport.total;

  // the grid, the chart, and its table twin whose Total column adds up to the grid's total
  await expect(page.getByRole("table", { name: "Attendance by session and participant" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Status shares" })).toBeVisible();
  const twin = page.getByRole("table", { name: "Status shares" });
  await expect(twin.getByRole("row").nth(1).getByRole("cell").last()).toHaveText(total.toLocaleString("en-US"));
  await page.getByRole("button", { name: "Show as table" }).click();
  await expect(twin).toBeVisible();
  await page.getByRole("button", { name: "Show as chart" }).click();

  // sorting is in the URL too
  await page.getByRole("button", { name: /^Status/ }).click();
  await expect(page).toHaveURL(/sort_by=status/);

  await expectNoA11yViolations(page, "Status report");
  await shootBothWidths(page, "status");

  const csv = await downloadExport(page);
  expect(csv.name).toMatch(/\.csv$/);
  expect(csv.header).toEqual([
    "date",
    "type",
    "class",
    "last_name",
    "first_name",
    "school_identifier",
    "status",
    "enter",
    "exit",
  ]);
  expect(csv.rows).toHaveLength(total);
  // enter and exit on the school's clock, as the page shows them (decision 0823): a local date and
  // time with no zone, on the day of the row's date (the school's), not UTC's next day
  const times = csv.rows.flatMap((r) => [r[7], r[8]].map((t) => [r[0] ?? "", t ?? ""] as const));
  const written = times.filter(([, t]) => t !== "");
  expect(written.length, "some rows have an enter time").toBeGreaterThan(0);
  const wrong = written.filter(
    ([date, t]) => !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(t) || !t.startsWith(`${date} `),
  );
  expect(wrong, "enter and exit as the school's local date and time, on the row's date").toEqual([]);
  await expect(page.getByText(`Exported ${total.toLocaleString("en-US")} rows to ${csv.name}.`)).toBeVisible();
});

/** "2026-11-20" as typed, 11/20/2026. */
const typed = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * The report's dates are typed (decision 0590): by keyboard into Start date and End date. An end
 * before the start is refused on its box, named, and the URL keeps the range it had; fixed, the
 * range typed is the report's. axe with the error shown.
 */
test("the Status report's dates typed by keyboard: an end before the start is refused", async ({
  signedInBlankPage: page,
}) => {
  test.slow();
  await page.goto("/Reports/Status");
  await expect(page).toHaveURL(/start_date=\d{4}-\d{2}-\d{2}.*end_date=/);
  const before = urlQuery(page);
  const { end_date: today } = before as { end_date: string };
  const filter = page.getByRole("search", { name: "Filter the Status report" });
  const start = filter.getByRole("textbox", { name: "Start date" });
  const end = filter.getByRole("textbox", { name: "End date" });
  await expect(start).toHaveValue(typed(before.start_date ?? ""));
  await expect(end).toHaveValue(typed(today));

  await end.focus();
  await page.keyboard.press("ControlOrMeta+a");
  // the first of this month a year ago: before the start
  const early = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 8)}01`;
  await page.keyboard.type(typed(early));
  await expect(end).toHaveAttribute("aria-invalid", "true");
  await expect(end).toHaveAccessibleDescription(
    `End date must be on or after the start date (${typed(before.start_date ?? "")})`,
  );
  await expect(start).not.toHaveAttribute("aria-invalid");
  // Enter does not take it either: the report keeps its dates, never a reversed range
  await page.keyboard.press("Enter");
  await expect(end).toBeFocused();
  expect(urlQuery(page)).toMatchObject({ start_date: before.start_date, end_date: today });
  await expectNoA11yViolations(page, "the Status report with an end date before its start");

  // the start moved back to that day takes the range (a range of one day)
  await page.keyboard.press("Shift+Tab");
  await expect(start).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(typed(early));
  await expect(end).not.toHaveAttribute("aria-invalid");
  await expect(page).toHaveURL(new RegExp(`start_date=${early}&end_date=${early}`));
  await expect(page.getByTestId("report-total")).toHaveText(/Total: [\d,]+/);
});

test.describe("at phone width", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the Status report does not scroll sideways", async ({ signedInBlankPage: page }) => {
    // the default range (the last 30 days): hundreds of pages, the widest pager ("‹ 1 2 3 4 5 … 427 ›")
    await page.goto("/Reports/Status");
    await expect(page.getByRole("heading", { level: 1, name: "Status report" })).toBeVisible();
    expect(await settledTotal(page)).toBeGreaterThan(0);
    await settled(page);
    await expect(page.getByRole("heading", { level: 2, name: "Status shares" })).toBeVisible();
    await expectNoSidewaysScroll(page, "/Reports/Status at phone width");
  });
});
