import { STATUS } from "@rollbook/domain";
import { and, eq, isNull, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { attendance, attendanceOverrides, pings, studentCourse, tasks, userCourse, users } from "../db/schema/index.ts";
import { finaliseDue } from "./finalise/run.ts";
import { floorMinute, MIN, makeCourse, makeStudent, phone, schoolsOf, series } from "./test-fixtures.ts";

const DAY = 24 * 60 * MIN;
const ROW = `id status confidence unconfirmed_status evidence { kind effect pings detail summary }`;
const LIST = `query($student_id: Int) { attendance(student_id: $student_id) { data { ${ROW} } } }`;
const UPDATE = `mutation($id: Int!, $status: Int!) { updateAttendance(id: $id, status: $status) { ${ROW} } }`;

/**
 * The status follows presence only as far as it is believed (decision 0550): a faked stream is
 * stored with its evidence, changes nothing on its own, and goes to a person.
 */
describe.each(DATABASES)("the verdict with evidence on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school } = await schoolsOf(srv.services.db));
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const rowOf = async (studentId: number) =>
    (await db().select().from(attendance).where(eq(attendance.student_id, studentId)))[0];
  const gql = async (query: string, vars: Record<string, unknown>) => {
    const s = await srv.login("school_admin");
    const r = await srv.gql(s.access_token, query, vars);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data;
  };

  /** A class that started 5 minutes ago and lasts an hour, with a student enrolled. */
  async function live() {
    const start = floorMinute(new Date(Date.now() - 5 * MIN));
    const made = await makeCourse(db(), school, start, 60);
    const student = await makeStudent(db(), school.id, { courses: [made.course.id] });
    return { ...made, start, student, phone: phone(srv.url, student.token) };
  }

  /** A class that ended half an hour ago, the finaliser not run yet, with a student enrolled the day before. */
  async function ended() {
    const start = floorMinute(new Date(Date.now() - 90 * MIN));
    const { course, place } = await makeCourse(db(), school, start, 60, {
      created_at: new Date(start.getTime() - MIN),
    });
    const student = await makeStudent(db(), school.id, { courses: [course.id] });
    await db()
      .update(studentCourse)
      .set({ created_at: new Date(start.getTime() - DAY) })
      .where(eq(studentCourse.student_id, student.id));
    return { start, course, place, student };
  }

  it("an honest live stream is present, believed, with its reasons in the API", async () => {
    const c = await live();
    const res = await c.phone.pings(series(new Date(Date.now() - 3 * MIN), new Date(), c.place, "at", 1));
    expect(res.status).toBe(200);
    const row = await rowOf(c.student.id);
    expect(row?.status).toBe(STATUS.present);
    expect(row?.confidence).toBeGreaterThanOrEqual(0.6);
    const data = await gql(LIST, { student_id: c.student.id });
    const [a] = data.attendance.data;
    expect(a.confidence).toBe(row?.confidence);
    expect(a.unconfirmed_status).toBeNull();
    expect(a.evidence[0]).toMatchObject({ kind: "inside_fence" });
    expect(a.evidence[0].summary).toMatch(/^Inside the geofence, \d+ m from its centre, accuracy 8 m \(\d+ pings?\)$/);
  });

  it("a mocked stream inside the fence stays pending, stored with its evidence and what it would give", async () => {
    const c = await live();
    const mocked = series(new Date(Date.now() - 3 * MIN), new Date(), c.place, "at", 1).map((p, i) => ({
      ...p,
      latitude: (p.latitude ?? 0) + i * 0.00001, // jitter, as a careful faker sends
      extra: { isFromMockProvider: true },
    }));
    const res = await c.phone.pings(mocked);
    expect(res.status).toBe(200);
    // the phone is not told which check failed
    expect(JSON.stringify(res.body)).not.toMatch(/mock|confidence|evidence/i);
    expect(await db().$count(pings, eq(pings.student_id, c.student.id))).toBe(mocked.length);
    const row = await rowOf(c.student.id);
    expect(row).toMatchObject({ status: STATUS.pending, enter: null });
    expect(row?.confidence).toBeLessThan(0.6);
    expect(row?.evidence?.unconfirmed).toBe(STATUS.present);
    const data = await gql(LIST, { student_id: c.student.id });
    expect(data.attendance.data[0].unconfirmed_status).toBe(STATUS.present);
    expect(data.attendance.data[0].evidence.map((e: { kind: string }) => e.kind)).toContain("mocked_location");
  });

  it("a stream from home stays absent, with nothing to review", async () => {
    const { start, place, student } = await ended();
    // live pings from home, 5 km away, while the class ran
    await db()
      .insert(pings)
      .values(
        series(start, new Date(start.getTime() + 60 * MIN), place, "away").map((p) => ({
          student_id: student.id,
          device_ping_id: p.id,
          recorded_at: new Date(p.recorded_at),
          latitude: p.latitude,
          longitude: p.longitude,
          accuracy: p.accuracy,
          created_at: new Date(new Date(p.recorded_at).getTime() + 5_000),
        })),
      );
    await finaliseDue(srv.services);
    const row = await rowOf(student.id);
    expect(row).toMatchObject({ status: STATUS.absent, finished: true });
    expect(row?.evidence?.unconfirmed).toBeNull();
    expect(row?.evidence?.reasons.map((r) => r.kind)).toContain("outside_fence");
    const open = await db()
      .select()
      .from(tasks)
      .where(and(eq(tasks.taskable_id, row!.id), like(tasks.description, "Review:%")));
    expect(open).toEqual([]);
  });

  it("a class's stream sent after it ended is not credited: absent, one review, settled by an override", async () => {
    const { start, course, place, student } = await ended();
    const [judge] = await db().select().from(users).where(like(users.email, "judge@demo%"));
    await db().insert(userCourse).values({ user_id: judge!.id, course_id: course.id });

    // the whole class "from the room", sent in one go half an hour after it ended, before the finaliser ran
    const res = await phone(srv.url, student.token).pings(
      series(new Date(start.getTime() - 3 * MIN), new Date(start.getTime() + 60 * MIN), place),
    );
    expect(res.status).toBe(200);
    await finaliseDue(srv.services);
    const row = await rowOf(student.id);
    expect(row).toMatchObject({ status: STATUS.absent, finished: true });
    expect(row?.confidence).toBeLessThan(0.6);
    expect(row?.evidence?.reasons.map((r) => r.kind)).toContain("late_delivery");
    expect(row?.evidence?.unconfirmed).toBe(STATUS.present);
    const reviews = await db()
      .select()
      .from(tasks)
      .where(
        and(
          eq(tasks.taskable_id, row!.id),
          eq(tasks.user_id, judge!.id),
          like(tasks.description, "Review:%"),
          isNull(tasks.deleted_at),
        ),
      );
    expect(reviews).toHaveLength(1);
    expect(reviews[0]!.description).toMatch(/believed only \d+%, so it stays absent \(it would be present\)/);

    // the teacher confirms: an override, kept, and the review is settled
    const data = await gql(UPDATE, { id: row!.id, status: STATUS.present });
    expect(data.updateAttendance.status).toBe(STATUS.present);
    expect(await db().$count(attendanceOverrides, eq(attendanceOverrides.attendance_id, row!.id))).toBe(1);
    const [settled] = await db().select().from(tasks).where(eq(tasks.id, reviews[0]!.id));
    expect(settled?.deleted_at).not.toBeNull();
  });
});
