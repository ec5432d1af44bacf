import { addDays, localDate, STATUS } from "@rollbook/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { schoolClosures, studentTeam, teams } from "../db/schema/index.ts";
import { finishedCourseRows, MIN, makeCourse, makeStudent, schoolsOf } from "../engine/test-fixtures.ts";

const COURSE = `query($uuid: String!) { course(uuid: $uuid) {
  attendance_last_class { label value } missed_last_class { id } } }`;
const PIN = `mutation($id: Int!, $type: String!) { addToDashboard(id: $id, type: $type) { id } }`;
const TILES = `{ me { tiles { tileable_type tileable_id tileable { attendance_last_class { label value } } } } }`;

/**
 * "Last class" is the last class that was held (decision 0700): a day called off (a cancellation
 * or a closure: every row cancelled) is skipped, or the course card read "No finished class yet",
 * nobody missed it, and the dashboard tiles "—", however many classes were held before it.
 */
describe.each(ONE_DATABASE)("last class skips a cancelled day on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  let token: string;

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school } = await schoolsOf(srv.services.db));
    // the demo's closures would call off today's made-up sessions too
    await srv.services.db.delete(schoolClosures);
    token = (await srv.login("school_admin")).access_token as string;
  });
  afterAll(() => srv?.close());

  const ok = async (query: string, vars?: Record<string, unknown>) => {
    const r = await srv.gql(token, query, vars);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data;
  };

  it("the course card, its missed list and the course and team tiles show the last day held", async () => {
    const db = srv.services.db;
    const today = localDate(new Date(), school.timezone);
    const d = (n: number) => addDays(today, -n);
    const { course } = await makeCourse(db, school, new Date(Date.now() + 600 * MIN), 60);
    const came = await makeStudent(db, school.id, { courses: [course.id] });
    const missed = await makeStudent(db, school.id, { courses: [course.id] });
    const [team] = await db
      .insert(teams)
      .values({ school_id: school.id, name: `Last class ${Date.now()}` })
      .returning();
    await db.insert(studentTeam).values([came, missed].map((s) => ({ student_id: s.id, team_id: team!.id })));
    await finishedCourseRows(db, course, [
      [came.id, d(2), STATUS.present],
      [missed.id, d(2), STATUS.absent],
      // yesterday was called off for everyone
      [came.id, d(1), STATUS.cancelled],
      [missed.id, d(1), STATUS.cancelled],
    ]);

    const { course: f } = await ok(COURSE, { uuid: course.uuid });
    expect(f.attendance_last_class).toEqual({ label: d(2), value: 50 });
    expect(f.missed_last_class).toEqual([{ id: missed.id }]);

    await ok(PIN, { id: course.id, type: "course" });
    await ok(PIN, { id: team!.id, type: "team" });
    const { me } = await ok(TILES);
    const lastOf = (type: string, id: number) =>
      me.tiles.find(
        (t: { tileable_type: string; tileable_id: number }) => t.tileable_type === type && t.tileable_id === id,
      )?.tileable.attendance_last_class;
    expect(lastOf("course", course.id)).toEqual({ label: d(2), value: 50 });
    expect(lastOf("team", team!.id)).toEqual({ label: d(2), value: 50 });
  });
});
