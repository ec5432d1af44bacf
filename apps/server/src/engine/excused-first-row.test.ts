import { STATUS } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { attendance, schoolClosures } from "../db/schema/index.ts";
import {
  floorMinute,
  MIN,
  makeCourse,
  makeStudent,
  phone,
  ping,
  schoolsOf,
  sentLive,
  series,
} from "./test-fixtures.ts";

const EXCUSE = `mutation($s: Int!, $d: String!, $a: Int!) {
  createExcuse(student_id: $s, date: $d, attendable_id: $a, attendable_type: "course") { id } }`;

/**
 * Excused wins over presence (decision 0302). An excuse given before the student's phone put them
 * in class leaves no row to cover, so the first ping's row must be written excused, not present
 * until the finaliser: staff watching the class saw the excused student as present. The excuse
 * reaches the ping path's cached schedule of the student (read before it was given).
 */
describe.each(DATABASES)("a session excused before any presence on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  let token: string;
  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school } = await schoolsOf(srv.services.db));
    // the demo's closures would call off today's sessions
    await srv.services.db.delete(schoolClosures);
    token = (await srv.login("school_admin")).access_token;
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const statusOf = async (studentId: number) =>
    (await db().select().from(attendance).where(eq(attendance.student_id, studentId))).map((r) => r.status);

  it("writes the first row excused, while a classmate's reads present", async () => {
    const start = floorMinute(new Date(Date.now() - 5 * MIN));
    const { course, place, meets } = await makeCourse(db(), school, start, 60, { late_time: 30 });
    const excused = await makeStudent(db(), school.id, { courses: [course.id] });
    const classmate = await makeStudent(db(), school.id, { courses: [course.id] });
    // both phones ping from home first: their schedules are read and kept, no row is written
    for (const s of [excused, classmate])
      expect((await phone(srv.url, s.token).pings([ping(new Date(), place, "away")])).status).toBe(200);
    expect([...(await statusOf(excused.id)), ...(await statusOf(classmate.id))]).toEqual([]);

    const r = await srv.gql(token, EXCUSE, { s: excused.id, d: meets, a: course.id });
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();

    // then both arrive: a few minutes of pings in the room, as live phones send them
    const now = floorMinute(new Date());
    for (const s of [excused, classmate])
      expect(
        (await sentLive(db(), srv.url, s, series(new Date(now.getTime() - 3 * MIN), now, place, "at", 1))).status,
      ).toBe(200);
    expect(await statusOf(excused.id)).toEqual([STATUS.excused]);
    expect(await statusOf(classmate.id)).toEqual([STATUS.present]);
  });
});
