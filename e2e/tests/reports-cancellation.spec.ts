import { expect, test } from "../fixtures.ts";
import { checkGridExportAxe, dayLabel, urlQuery } from "../support/reports.ts";

/**
 * The Cancellation report (issue 12): a class date cancelled through the API shows among the
 * cancellations and closures of the range; the range is picked in the calendar (the URL
 * follows); the export holds as many rows as the screen's total.
 */
test("the Cancellation report: filters in the URL, table, CSV export, axe", async ({
  signedInPage: page,
  api,
  session,
}) => {
  test.slow();
  const { courses } = await api.graphql<{ courses: { data: { id: number; title: string }[] } }>(
    session.access_token,
    `query { courses(per_page: 5, sort_by: "title") { data { id title } } }`,
  );
  const course = courses.data[0] as { id: number; title: string };
  await page.goto("/Reports/Cancellation");
  await expect(page.getByRole("heading", { level: 1, name: "Cancellations report" })).toBeVisible();
  await expect(page).toHaveURL(/start_date=\d{4}-\d{2}-\d{2}&end_date=\d{4}-\d{2}-\d{2}/);

  // a cancellation of our own, on the 14th of next month (inside the default range)
  const { end_date } = urlQuery(page);
  const today = new Date();
  const next = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 14)).toISOString().slice(0, 10);
  const note = `e2e ${Date.now().toString(36)}`;
  await api
    .graphql(
      session.access_token,
      `mutation($c: Int!, $d: String!, $n: String) { createCancellation(course_id: $c, date: $d, notes: $n) { id } }`,
      { c: course.id, d: next, n: note },
    )
    .catch(() => undefined); // the date may already be cancelled by another run: the row is there either way
  expect(end_date).toBeTruthy();

  // the range: from the 1st of next month to the 20th, picked in the calendar
  const first = `${next.slice(0, 8)}01`;
  const last = `${next.slice(0, 8)}20`;
  await page.getByRole("button", { name: "Dates" }).click();
  await page.getByRole("button", { name: "Next month" }).click();
  await page.getByRole("button", { name: "Next month" }).click();
  await page.getByRole("button", { name: dayLabel(first), exact: true }).click();
  await page.getByRole("button", { name: dayLabel(last), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`start_date=${first}&end_date=${last}`));
  await page.keyboard.press("Escape");

  const grid = page.getByRole("table", { name: "Cancellations and closures" });
  await expect(grid.getByRole("row").filter({ hasText: course.title }).first()).toBeVisible();
  await checkGridExportAxe(page, {
    name: "cancellation",
    caption: "Cancellations and closures",
    header: ["kind", "start_date", "end_date", "class", "notes"],
  });
});
