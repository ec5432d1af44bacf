import { addDays, type CourseSchedule, cancellationDateProblem, MEET_KEYS } from "@rollbook/domain";
import { expect, test } from "../fixtures.ts";
import { checkGridExportAxe, dayLabel, turnCalendar, urlQuery } from "../support/reports.ts";

/**
 * The Cancellation report (issue 12): a class date cancelled through the API shows among the
 * cancellations and closures of the range; the range is picked in the calendar (the URL
 * follows); the export holds as many rows as the screen's total.
 */
test("the Cancellation report: filters in the URL, table, CSV export, axe", async ({
  signedInBlankPage: page,
  api,
  session,
}) => {
  test.slow();
  const meets = MEET_KEYS.join(" ");
  const { courses } = await api.graphql<{ courses: { data: (CourseSchedule & { id: number; title: string })[] } }>(
    session.access_token,
    `query { courses(per_page: 5, sort_by: "title") { data { id title start_time end_time semester_start semester_end is_indefinite ${meets} } } }`,
  );
  await page.goto("/Reports/Cancellation");
  await expect(page.getByRole("heading", { level: 1, name: "Cancellations report" })).toBeVisible();
  await expect(page).toHaveURL(/start_date=\d{4}-\d{2}-\d{2}&end_date=\d{4}-\d{2}-\d{2}/);

  // a cancellation of our own next month (inside the default range, which ends 60 days after the
  // page's today): on the 14th or the first day after it, else before, that a course meets
  const { end_date } = urlQuery(page) as { end_date: string };
  const today = addDays(end_date, -60);
  const [y, m] = today.split("-").map(Number) as [number, number];
  const month = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
  const days = [14, 15, 16, 17, 18, 19, 20, 13, 12, 11, 10, 9, 8, 7].map(
    (d) => `${month}-${String(d).padStart(2, "0")}`,
  );
  const picks = courses.data.flatMap((c) => days.filter((d) => !cancellationDateProblem(c, d)).map((d) => ({ c, d })));
  expect(picks.length, "a demo course meets on a day of next month").toBeGreaterThan(0);
  const { c: course, d: next } = picks[0] as { c: { id: number; title: string }; d: string };
  const note = `e2e ${Date.now().toString(36)}`;
  const made = await api.graphqlRaw(
    session.access_token,
    `mutation($c: Int!, $d: String!, $n: String) { createCancellation(course_id: $c, date: $d, notes: $n) { id } }`,
    { c: course.id, d: next, n: note },
  );
  // the date may already be cancelled by another run: the row is there either way
  if (made.body.errors?.length) expect(JSON.stringify(made.body.errors)).toContain("is already cancelled");

  // the range: from the 1st of next month to the 20th, picked in the calendar (turned to that
  // month, wherever it opened)
  const first = `${month}-01`;
  const last = `${month}-20`;
  await page.getByRole("button", { name: "Choose Dates in the calendar" }).click();
  await turnCalendar(page, first);
  await page.getByRole("button", { name: dayLabel(first), exact: true }).click();
  await page.getByRole("button", { name: dayLabel(last), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`start_date=${first}&end_date=${last}`));
  // the calendar closes once the range's end is picked
  await expect(page.getByRole("dialog", { name: "Dates: calendar" })).toBeHidden();

  const grid = page.getByRole("table", { name: "Cancellations and closures" });
  await expect(grid.getByRole("row").filter({ hasText: course.title }).first()).toBeVisible();
  await checkGridExportAxe(page, {
    name: "cancellation",
    caption: "Cancellations and closures",
    header: ["kind", "start_date", "end_date", "class", "notes"],
  });
});
