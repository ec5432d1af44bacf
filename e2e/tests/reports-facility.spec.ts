import { checkInNow } from "../../bench/src/sim/check-in.ts";
import { expect, test } from "../fixtures.ts";
import { checkGridExportAxe, pickOption, settledTotal, urlQuery } from "../support/reports.ts";
import { roomInSchoolDay } from "../support/school-clock.ts";

/**
 * The Facility report (issue 12, admin roles): a participant checks in now at the always-open
 * study hall (the real device API), then its location is picked (the URL keeps it) on today:
 * the participants by hour chart with its table twin, 24 hours in the grid and in the export, axe.
 */
test("the Facility report: location and day in the URL, chart, table, CSV export, axe", async ({
  signedInBlankPage: page,
  api,
  session,
  serverURL,
}) => {
  test.slow();
  // the study hall meets 00:00-23:59: in the school's last minutes, wait for the next day
  await roomInSchoolDay(3);
  const token = session.access_token;
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { createStudent: student } = await api.graphql<{ createStudent: { id: number; token: string } }>(
    token,
    `mutation($last: String!) { createStudent(first_name: "Facility", last_name: $last) { id token } }`,
    { last: `Spec${tag}` },
  );
  const { courses } = await api.graphql<{
    courses: { data: { id: number; title: string; location: { name: string } | null }[] };
  }>(token, `query { courses(in_session: true, query: "Open Study Hall") { data { id title location { name } } } }`);
  const hall = courses.data.find((c) => c.title === "Open Study Hall");
  expect(hall?.location, "the study hall is in session at a location").toBeTruthy();
  await api.graphql(
    token,
    `mutation($c: Int!, $ids: [Int!]!) { addCourseToStudents(course_id: $c, student_ids: $ids) { changed } }`,
    { c: hall?.id, ids: [student.id] },
  );
  await checkInNow(serverURL, student.token, { title: "Open Study Hall" });
  const where = hall?.location?.name as string;

  await page.goto("/Reports/Facility");
  await expect(page.getByRole("heading", { level: 1, name: "Facility report" })).toBeVisible();
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByText("Choose a location to see this report.")).toBeVisible();

  await pickOption(page, "Location", where);
  await expect(page).toHaveURL(/location_id=\d+/);
  expect(urlQuery(page).date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  await settledTotal(page, 30_000);
  await expect(page.getByRole("heading", { level: 2, name: "Participants by hour" })).toBeVisible();
  const twin = page.getByRole("table", { name: "Participants by hour" });
  await expect(twin.getByRole("rowheader")).toHaveCount(24);

  const total = await checkGridExportAxe(page, {
    name: "facility",
    caption: "Activity by hour",
    header: ["hour", "students", "pings"],
  });
  expect(total).toBe(24);
});
