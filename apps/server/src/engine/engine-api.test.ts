import { EARLY_WINDOW_MIN, STATUS } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { attendance, attendanceActivity, cancellations, pings } from "../db/schema/index.ts";
import { recomputeAttendance, recomputeWith } from "./apply.ts";
import type { StoredPing } from "./presence.ts";
import { recordPresence } from "./record-presence.ts";
import { activeSessionsAt, sessionsAround } from "./sessions-for-student.ts";
import { readSnapshot } from "./snapshot.ts";
import { forgetStudent } from "./state.ts";
import { studentById } from "./student-context.ts";
import {
  floorMinute,
  MIN,
  makeCourse,
  makeEvent,
  makeStudent,
  phone,
  schoolsOf,
  sentLive,
  series,
} from "./test-fixtures.ts";

/** The engine calls the finaliser and staff calls build on. */
describe.each(DATABASES)("engine calls on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };

  beforeAll(async () => {
    srv = await startServer(kind);
    school = (await schoolsOf(srv.services.db)).demo;
  });
  afterAll(async () => {
    await srv?.close();
  });
  const db = () => srv.services.db;
  const activeSessions = async (id: number) =>
    activeSessionsAt(srv.services, db(), (await studentById(db(), id))!, new Date());

  it("sessionsAround finds enrolled courses and linked events in their window, not cancelled ones", async () => {
    const start = floorMinute(new Date(Date.now() - 10 * MIN));
    const a = await makeCourse(db(), school, start, 60, { late_time: 7 });
    const b = await makeCourse(db(), school, start, 60);
    const notMine = await makeCourse(db(), school, start, 60);
    const ev = await makeEvent(db(), school, start, 30);
    const student = await makeStudent(db(), school.id, { courses: [a.course.id, b.course.id], events: [ev.event.id] });
    await db().insert(cancellations).values({ course_id: b.course.id, date: b.meets });
    const found = await sessionsAround(srv.services, student.id, new Date());
    const keys = found.map((x) => `${x.attendable_type}:${x.attendable_id}`).sort();
    expect(keys).toEqual([`course:${a.course.id}`, `event:${ev.event.id}`].sort());
    expect(keys).not.toContain(`course:${notMine.course.id}`);
    const course = found.find((x) => x.attendable_type === "course")!;
    expect(course).toMatchObject({ meets: a.meets, location_id: a.place.id, manual: false, school_id: school.id });
    expect(course.start.getTime()).toBe(start.getTime());
    expect(course.end.getTime()).toBe(start.getTime() + 60 * MIN);
    expect(course.rules.late_time).toBe(7);
    expect(course.rules.absent_time).toBe(15);
    // the early window opens before the start; before it, nothing
    const early = new Date(start.getTime() - (EARLY_WINDOW_MIN - 1) * MIN);
    expect((await sessionsAround(srv.services, student.id, early)).length).toBe(2);
    const tooEarly = new Date(start.getTime() - (EARLY_WINDOW_MIN + 1) * MIN);
    expect(await sessionsAround(srv.services, student.id, tooEarly)).toEqual([]);
    expect(await sessionsAround(srv.services, student.id, new Date(start.getTime() + 61 * MIN))).toEqual([]);
  });

  it("recordPresence (offline code) makes the student present for that course only, and is stored as a ping", async () => {
    const start = floorMinute(new Date(Date.now() - 2 * MIN));
    const a = await makeCourse(db(), school, start, 60);
    const b = await makeCourse(db(), school, start, 60);
    const student = await makeStudent(db(), school.id, { courses: [a.course.id, b.course.id] });
    const rows = await recordPresence(srv.services, {
      studentId: student.id,
      at: new Date(),
      source: "offline_code",
      attendable: { type: "course", id: a.course.id },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attendable_id: a.course.id, status: STATUS.present, student_id: student.id });
    const stored = await db().select().from(attendance).where(eq(attendance.student_id, student.id));
    expect(stored.map((r) => r.attendable_id)).toEqual([a.course.id]);
    const [p] = await db().select().from(pings).where(eq(pings.student_id, student.id));
    expect(p!.extra).toMatchObject({ source: "offline_code", attendable_type: "course", attendable_id: a.course.id });
    // outside any session: stored, nothing answered
    const none = await recordPresence(srv.services, {
      studentId: student.id,
      at: new Date(start.getTime() - 300 * MIN),
      source: "offline_code",
    });
    expect(none).toEqual([]);
  });

  it("recomputeAttendance is idempotent and follows the rules of the session it is given", async () => {
    const start = floorMinute(new Date(Date.now() - 30 * MIN));
    const c = await makeCourse(db(), school, start, 60);
    const student = await makeStudent(db(), school.id, { courses: [c.course.id] });
    await sentLive(db(), srv.url, student, series(new Date(start.getTime() + 8 * MIN), new Date(), c.place));
    const [session] = await sessionsAround(srv.services, student.id, new Date());
    const first = await recomputeAttendance(srv.services, student.id, session!);
    expect(first?.status).toBe(STATUS.late);
    const activity = await db().$count(attendanceActivity, eq(attendanceActivity.attendance_id, first!.id));
    const second = await recomputeAttendance(srv.services, student.id, session!);
    expect(second).toMatchObject({ id: first!.id, status: STATUS.late, percentage: first!.percentage });
    expect(await db().$count(attendanceActivity, eq(attendanceActivity.attendance_id, first!.id))).toBe(activity);
    // a later late_time (as a course override would give) makes the same arrival present
    const lenient = await recomputeAttendance(srv.services, student.id, {
      ...session!,
      rules: { ...session!.rules, late_time: 10 },
    });
    expect(lenient?.status).toBe(STATUS.present);
    expect(await recomputeAttendance(srv.services, student.id, { ...session!, manual: true })).toBeNull();
  });

  it("a write computed from a stale read is refused and recomputed from what is stored", async () => {
    const start = floorMinute(new Date(Date.now() - 30 * MIN));
    const c = await makeCourse(db(), school, start, 60);
    const student = await makeStudent(db(), school.id, { courses: [c.course.id] });
    const p = phone(srv.url, student.token);
    await p.pings(series(new Date(start.getTime() - 2 * MIN), new Date(start.getTime() + 10 * MIN), c.place));
    const [session] = await activeSessions(student.id);
    const stale = await readSnapshot(db(), student.id, {
      from: new Date(start.getTime() - 60 * MIN),
      to: session!.end,
      fromDate: session!.meets,
      toDate: session!.meets,
    });
    // meanwhile the phone sends more (the row and the window change), and one more ping is stored
    await p.pings(series(new Date(start.getTime() + 13 * MIN), new Date(start.getTime() + 22 * MIN), c.place));
    const extra: StoredPing = {
      device_ping_id: "direct-1",
      recorded_at: new Date(start.getTime() + 25 * MIN),
      received_at: new Date(),
      latitude: c.place.latitude,
      longitude: c.place.longitude,
      accuracy: 5,
      low_power: false,
      bluetooth: false,
      beacons: null,
      extra: null,
    };
    await db()
      .insert(pings)
      .values({ ...extra, beacons: null, student_id: student.id });
    // computed from the stale read plus the new ping, the write must be refused and redone
    const result = await recomputeWith(db(), student.id, session!, session!.location, {
      snapshot: stale,
      fresh: [extra],
    });
    const [after] = await db().select().from(attendance).where(eq(attendance.student_id, student.id));
    const fresh = await makeStudent(db(), school.id, { courses: [c.course.id] });
    const all = await db().select().from(pings).where(eq(pings.student_id, student.id));
    await phone(srv.url, fresh.token).pings(
      all.map((x) => ({
        id: x.device_ping_id,
        recorded_at: x.recorded_at.toISOString(),
        latitude: x.latitude,
        longitude: x.longitude,
        accuracy: x.accuracy,
      })),
    );
    const [reference] = await db().select().from(attendance).where(eq(attendance.student_id, fresh.id));
    expect(after!.percentage).toBe(reference!.percentage);
    expect(after!.exit?.getTime()).toBe(reference!.exit?.getTime());
    expect(result?.row.percentage).toBe(reference!.percentage);
  });

  it("forgetStudent makes a new enrolment count at once", async () => {
    const start = floorMinute(new Date(Date.now() - 5 * MIN));
    const c = await makeCourse(db(), school, start, 60);
    const student = await makeStudent(db(), school.id);
    expect(await sessionsAround(srv.services, student.id, new Date())).toEqual([]);
    const { studentCourse } = await import("../db/schema/index.ts");
    await db().insert(studentCourse).values({ student_id: student.id, course_id: c.course.id });
    forgetStudent(srv.services, student.id);
    expect((await sessionsAround(srv.services, student.id, new Date())).map((x) => x.attendable_id)).toEqual([
      c.course.id,
    ]);
  });
});
