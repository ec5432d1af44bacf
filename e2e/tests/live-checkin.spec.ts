import { checkInNow } from "../../bench/src/sim/check-in.ts";
import { expect, test } from "../fixtures.ts";
import { roomInSchoolDay } from "../support/school-clock.ts";

/**
 * Live check-in: a coach's dashboard is open; a student's phone (the simulator's device client,
 * over the real device API) checks in to "Open Study Hall"; without a reload the student leaves
 * "Missing attendance" and its count drops, through the push channel (the dashboard's own poll
 * is 90 s away). The demo coach is assigned the study hall only (decision 0360), so its missing
 * list is the study hall's students who have not come yet.
 */
test.use({ role: "staff" });

interface Missing {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  token: string | null;
}

test("a student checked in by a phone leaves the missing list and moves the tile without a reload", async ({
  signedInBlankPage: page,
  session,
  api,
  serverURL,
}) => {
  // the study hall meets 00:00-23:59: in the school's last minutes, wait for the next day
  await roomInSchoolDay(3);
  // the study hall as a tile on the coach's dashboard: its "checked in" figure moves live
  const { courses } = await api.graphql<{ courses: { data: { id: number; title: string }[] } }>(
    session.access_token,
    `query { courses(in_session: true, query: "Open Study Hall") { data { id title } } }`,
  );
  const hall = courses.data.find((c) => c.title === "Open Study Hall");
  expect(hall).toBeTruthy();
  const { addToDashboard } = await api.graphql<{ addToDashboard: { id: number } }>(
    session.access_token,
    `mutation($id: Int!) { addToDashboard(id: $id, type: "course") { id } }`,
    { id: hall?.id },
  );
  // the dashboard's first load, with the tile on it
  await page.goto("/Dashboard");
  const figure = page.getByRole("article", { name: "Open Study Hall" }).getByTestId("attendance-now");
  await expect(figure).toHaveText(/^\d+ of \d+ checked in$/);
  const checkedInCount = async () => Number(/^(\d+) of/.exec((await figure.textContent()) ?? "")?.[1]);
  const tileBefore = await checkedInCount();

  const section = page.getByRole("region", { name: "Missing attendance" });
  const caption = section.getByText(/\d+ students? missing attendance\.$/);
  await expect(caption).toBeVisible();
  const count = async () => Number(/(\d+) students?/.exec((await caption.textContent()) ?? "")?.[1]);
  const before = await count();

  // a student the page lists now (the last shown: other specs take students from the top)
  const rows = section.getByRole("row").filter({ has: page.getByRole("link") });
  const shown = await rows.count();
  expect(shown).toBeGreaterThan(0);
  const email =
    (
      await rows
        .nth(shown - 1)
        .getByRole("cell")
        .nth(1)
        .textContent()
    )?.trim() ?? "";
  const { students } = await api.graphql<{ students: { data: Missing[] } }>(
    session.access_token,
    `query($q: String) { students(missing: true, query: $q, per_page: 5) { data { id first_name last_name email token } } }`,
    { q: email },
  );
  const student = students.data.find((s) => s.email === email);
  expect(student?.token, "a coach may read the personal token").toBeTruthy();
  const row = section.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);

  // no reload from here on: a marker in the page's window survives only without one
  await page.evaluate(() => {
    (window as unknown as { liveMarker: number }).liveMarker = 1;
  });
  const { session: checkedIn, answer } = await checkInNow(serverURL, student?.token as string, {
    title: "Open Study Hall",
  });
  expect(answer.accepted).toBe(1);
  expect(checkedIn.title).toBe("Open Study Hall");

  await expect(row).toHaveCount(0);
  await expect.poll(count).toBeLessThan(before);
  // at least this student (the seeded study hall is shared with other specs running alongside)
  await expect.poll(checkedInCount).toBeGreaterThan(tileBefore);
  expect(await page.evaluate(() => (window as unknown as { liveMarker?: number }).liveMarker)).toBe(1);
  // and the server agrees: the student is no longer missing
  const after = await api.graphql<{ students: { data: Missing[] } }>(
    session.access_token,
    `query($q: String) { students(missing: true, query: $q, per_page: 5) { data { id } } }`,
    { q: email },
  );
  expect(after.students.data.map((s) => s.id)).not.toContain(student?.id);

  await api.graphql(session.access_token, "mutation($id: Int!) { removeFromDashboard(id: $id) }", {
    id: addToDashboard.id,
  });
});
