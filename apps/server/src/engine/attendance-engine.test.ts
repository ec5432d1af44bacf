import { STATUS } from "@rollbook/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import {
  attendance,
  attendanceActivity,
  cancellations,
  coordinates,
  pings,
  schoolClosures,
} from "../db/schema/index.ts";
import { isPush, type PushBus, type PushMessage } from "../realtime/messages.ts";
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
  storedLive,
} from "./test-fixtures.ts";

/** Attendance through the device API: a class that started 30 minutes ago and lasts an hour. */
describe.each(DATABASES)("attendance engine over the device API on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  let other: { id: number; timezone: string };
  const messages: PushMessage[] = [];

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school, other } = await schoolsOf(srv.services.db));
    (srv.services.bus as PushBus).subscribe((m) => isPush(m) && messages.push(m));
  });
  afterAll(async () => {
    await srv?.close();
  });

  const db = () => srv.services.db;
  const at = (start: Date, minutes: number) => new Date(start.getTime() + minutes * MIN);

  /** A fresh class in session (started 30 min ago, 60 min long) and a student enrolled in it. */
  async function inSession(extra: Parameters<typeof makeCourse>[4] = {}, sch = school) {
    const start = floorMinute(new Date(Date.now() - 30 * MIN));
    const made = await makeCourse(db(), sch, start, 60, extra);
    const student = await makeStudent(db(), sch.id, { courses: [made.course.id] });
    return { ...made, start, student, phone: phone(srv.url, student.token) };
  }

  /** A phone's pings up to now as they arrived live: the history stored, the newest sent through the API. */
  async function live(c: Awaited<ReturnType<typeof inSession>>, list: ReturnType<typeof series>) {
    await storedLive(db(), c.student, list.slice(0, -1));
    return c.phone.pings(list.slice(-1));
  }

  async function rowsOf(studentId: number) {
    return db().select().from(attendance).where(eq(attendance.student_id, studentId));
  }
  async function activityOf(attendanceId: number) {
    return (
      await db()
        .select()
        .from(attendanceActivity)
        .where(eq(attendanceActivity.attendance_id, attendanceId))
        .orderBy(asc(attendanceActivity.id))
    ).map((a) => a.event);
  }

  it("a student who arrives on time is present, with enter, percentage, activity, coordinates and a push", async () => {
    const c = await inSession();
    const history = series(at(c.start, -3), new Date(), c.place);
    const res = await live(c, history);
    const batch = history.slice(-1);
    expect(res.body.data).toEqual({ accepted: 1, duplicates: 0 });
    const [row] = await rowsOf(c.student.id);
    expect(row).toMatchObject({
      attendable_type: "course",
      attendable_id: c.course.id,
      meets: c.meets,
      status: STATUS.present,
      location_id: c.place.id,
      school_id: school.id,
      lock: false,
      finished: false,
    });
    expect(row!.enter).not.toBeNull();
    expect(row!.enter!.getTime()).toBeLessThanOrEqual(c.start.getTime());
    expect(row!.percentage).toBeGreaterThan(0);
    const events = await activityOf(row!.id);
    expect(events).toContain("entered");
    expect(events).toContain("status changed");
    expect(await db().$count(coordinates, eq(coordinates.attendance_id, row!.id))).toBe(batch.length);
    // pings at the room remember it
    const [sent] = await db()
      .select()
      .from(pings)
      .where(and(eq(pings.student_id, c.student.id), eq(pings.device_ping_id, batch[0]!.id)));
    expect(sent?.location_id).toBe(c.place.id);
    await expect.poll(() => messages.some((m) => m.type === "attendance.update" && m.ids.includes(row!.id))).toBe(true);
    await expect
      .poll(() => messages.some((m) => m.type === "student.update" && m.ids.includes(c.student.id)))
      .toBe(true);
  });

  it("a beacon of the room counts as being there (any letter case)", async () => {
    const c = await inSession();
    await sentLive(db(), srv.url, c.student, [
      ping(at(c.start, 1), c.place, "beacon"),
      ping(at(c.start, 4), c.place, "beacon"),
    ]);
    const [row] = await rowsOf(c.student.id);
    expect(row?.status).toBe(STATUS.present);
  });

  it("a student who arrives after late_time is late", async () => {
    const c = await inSession();
    await live(c, series(at(c.start, 8), new Date(), c.place));
    const [row] = await rowsOf(c.student.id);
    expect(row?.status).toBe(STATUS.late);
  });

  it("a student who arrives after absent_time is absent", async () => {
    const c = await inSession();
    await live(c, series(at(c.start, 20), new Date(), c.place));
    const [row] = await rowsOf(c.student.id);
    expect(row?.status).toBe(STATUS.absent);
  });

  it("a student who leaves shows an exit at once, and is left_early once past end - leave_time", async () => {
    const c = await inSession();
    await sentLive(db(), srv.url, c.student, series(at(c.start, -2), at(c.start, 8), c.place));
    const [before] = await rowsOf(c.student.id);
    expect(before?.status).toBe(STATUS.present);
    expect(await activityOf(before!.id)).not.toContain("exited");
    await sentLive(db(), srv.url, c.student, series(at(c.start, 11), new Date(), c.place, "away"));
    const [row] = await rowsOf(c.student.id);
    // before end - leave_time the student may still come back: present, with the exit shown
    expect(row?.status).toBe(STATUS.present);
    expect(row!.exit!.getTime()).toBeLessThanOrEqual(at(c.start, 11).getTime());
    expect(await activityOf(row!.id)).toContain("exited");
    // a class that ends in five minutes: gone before end - leave_time and still away, left_early live
    const ending = floorMinute(new Date(Date.now() - 55 * MIN));
    const soon = await makeCourse(db(), school, ending, 60);
    const leaver = await makeStudent(db(), school.id, { courses: [soon.course.id] });
    await sentLive(db(), srv.url, leaver, [
      ...series(at(ending, -2), at(ending, 8), soon.place),
      ...series(at(ending, 11), new Date(), soon.place, "away"),
    ]);
    const [live] = await rowsOf(leaver.id);
    expect(live?.status).toBe(STATUS.left_early);
    // back in the room before the end: present again
    await phone(srv.url, leaver.token).pings([ping(new Date(), soon.place)]);
    const [back] = await rowsOf(leaver.id);
    expect(back?.status).toBe(STATUS.present);
    // a class that ended five minutes ago: the same pings make left_early
    const ended = floorMinute(new Date(Date.now() - 65 * MIN));
    const made = await makeCourse(db(), school, ended, 60);
    const student = await makeStudent(db(), school.id, { courses: [made.course.id] });
    await sentLive(db(), srv.url, student, [
      ...series(at(ended, -2), at(ended, 8), made.place),
      ...series(at(ended, 11), at(ended, 60), made.place, "away"),
    ]);
    const [gone] = await rowsOf(student.id);
    expect(gone?.status).toBe(STATUS.left_early);
    expect(gone!.finished).toBe(false); // the finaliser finishes it
  });

  it("a student who never comes stays pending: pings away from the room write no attendance", async () => {
    const c = await inSession();
    const res = await c.phone.pings(series(at(c.start, -5), new Date(), c.place, "away"));
    expect(res.status).toBe(200);
    expect(await rowsOf(c.student.id)).toEqual([]);
    const { data } = (await (await c.phone.get(`schedule?date=${c.meets}`)).json()) as any;
    expect(data.sessions.find((x: any) => x.attendable_id === c.course.id).attendance).toBeNull();
  });

  it("a late batch, sent out of order after the phone was offline, is not credited: it waits for a person", async () => {
    // a class that ended a few minutes ago: one phone sent as it went, the other all at once, reversed,
    // an hour late. Live means live (decision 0550): the late one gives the same result, unconfirmed.
    const start = floorMinute(new Date(Date.now() - 70 * MIN));
    const made = await makeCourse(db(), school, start, 60);
    const live = await makeStudent(db(), school.id, { courses: [made.course.id] });
    const script = [
      ...series(at(start, 6), at(start, 30), made.place),
      ...series(at(start, 33), at(start, 60), made.place, "away"),
    ];
    await sentLive(db(), srv.url, live, script);
    const offline = await makeStudent(db(), school.id, { courses: [made.course.id] });
    const shuffled = [...script].reverse().map((p, i) => ({ ...p, id: `late-${i}` }));
    const res = await phone(srv.url, offline.token).pings(shuffled);
    expect(res.body.data.accepted).toBe(script.length);
    const [a] = await rowsOf(live.id);
    const [b] = await rowsOf(offline.id);
    const pick = (r: typeof a) => ({
      status: r!.status,
      enter: r!.enter?.getTime(),
      exit: r!.exit?.getTime(),
      percentage: r!.percentage,
    });
    expect(a!.status).toBe(STATUS.late);
    expect(a!.percentage).toBeGreaterThan(30);
    expect(a!.confidence).toBeGreaterThanOrEqual(0.6);
    // the class is over: without believed presence it reads absent until someone confirms
    expect(b).toMatchObject({ status: STATUS.absent, enter: null });
    expect(b!.confidence).toBeLessThan(0.6);
    expect(b!.evidence?.unconfirmed).toBe(a!.status);
    // believed, the late batch gives exactly what the live phone got: the arithmetic is order-independent
    await db()
      .update(pings)
      .set({ created_at: sql`${pings.recorded_at} + interval '2 seconds'` })
      .where(eq(pings.student_id, offline.id));
    await phone(srv.url, offline.token).pings(shuffled.slice(0, 1));
    const [c] = await rowsOf(offline.id);
    expect(pick(c)).toEqual(pick(a));
  });

  it("a backfilled batch whose last minutes are live does not carry the rest: it waits for a person", async () => {
    // a student who never came sends, from home, pings dated from the start at the room, all at once:
    // the newest few arrive within the live window and would vouch for all of them (a fraud sweep)
    const c = await inSession();
    const backfill = series(at(c.start, -1), new Date(), c.place, "at", 0.5);
    const res = await c.phone.pings(backfill);
    expect(res.body.data.accepted).toBe(backfill.length);
    const [row] = await rowsOf(c.student.id);
    // believed is only what arrived live: the last minutes, long after the absent limit
    expect(row?.status).toBe(STATUS.absent);
    expect(row?.evidence?.unconfirmed).toBe(STATUS.present);
    // the same history sent as it happened is present
    const honest = await makeStudent(db(), school.id, { courses: [c.course.id] });
    await live({ ...c, student: honest, phone: phone(srv.url, honest.token) }, backfill);
    const [fair] = await rowsOf(honest.id);
    expect(fair?.status).toBe(STATUS.present);
  });

  it("pings on a cancelled date change nothing", async () => {
    const c = await inSession();
    await db().insert(cancellations).values({ course_id: c.course.id, date: c.meets, notes: "test" });
    await c.phone.pings(series(at(c.start, -2), new Date(), c.place));
    expect(await rowsOf(c.student.id)).toEqual([]);
    const { data } = (await (await c.phone.get(`schedule?date=${c.meets}`)).json()) as any;
    expect(data.sessions.find((x: any) => x.attendable_id === c.course.id).cancelled).toBe("cancelled");
  });

  it("pings during a school closure change nothing", async () => {
    const c = await inSession({}, other);
    await db()
      .insert(schoolClosures)
      .values({ school_id: other.id, title: "Snow day", start_date: c.meets, end_date: c.meets });
    const res = await c.phone.pings(series(at(c.start, -2), new Date(), c.place));
    expect(res.status).toBe(200);
    expect(await rowsOf(c.student.id)).toEqual([]);
    const { data } = (await (await c.phone.get(`schedule?date=${c.meets}`)).json()) as any;
    expect(data.sessions.find((x: any) => x.attendable_id === c.course.id).cancelled).toBe("closure");
  });

  it("a manual_attendance course takes no device signals", async () => {
    const c = await inSession({ manual_attendance: true });
    await c.phone.pings(series(at(c.start, -2), new Date(), c.place));
    expect(await rowsOf(c.student.id)).toEqual([]);
  });

  it("a locked attendance is left as staff set it", async () => {
    const c = await inSession();
    const [locked] = await db()
      .insert(attendance)
      .values({
        attendable_type: "course",
        attendable_id: c.course.id,
        school_id: school.id,
        student_id: c.student.id,
        meets: c.meets,
        status: STATUS.excused,
        lock: true,
      })
      .returning();
    await c.phone.pings(series(at(c.start, -2), new Date(), c.place));
    const [row] = await rowsOf(c.student.id);
    expect(row).toMatchObject({ id: locked!.id, status: STATUS.excused, enter: null, exit: null, percentage: 0 });
    expect(await activityOf(locked!.id)).toEqual([]);
    expect(await db().$count(coordinates, eq(coordinates.attendance_id, locked!.id))).toBe(0);
  });

  it("a duplicate batch adds no activity or coordinates", async () => {
    const c = await inSession();
    const batch = series(at(c.start, -2), new Date(), c.place);
    await c.phone.pings(batch);
    const [row] = await rowsOf(c.student.id);
    const activity = await activityOf(row!.id);
    const coords = await db().$count(coordinates, eq(coordinates.attendance_id, row!.id));
    const again = await c.phone.pings(batch);
    expect(again.body.data).toEqual({ accepted: 0, duplicates: batch.length });
    expect(await activityOf(row!.id)).toEqual(activity);
    expect(await db().$count(coordinates, eq(coordinates.attendance_id, row!.id))).toBe(coords);
    const [same] = await rowsOf(c.student.id);
    expect(same).toEqual(row);
  });

  it("concurrent batches of one student are all counted", async () => {
    const c = await inSession();
    const batch = series(at(c.start, -2), new Date(), c.place, "at", 1);
    const parts = [0, 1, 2, 3].map((k) => batch.filter((_, i) => i % 4 === k));
    const results = await Promise.all(parts.map((part) => c.phone.pings(part)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const [row] = await rowsOf(c.student.id);
    const fresh = await makeStudent(db(), school.id, { courses: [c.course.id] });
    await phone(srv.url, fresh.token).pings(batch);
    const [ref] = await rowsOf(fresh.id);
    expect([row!.status, row!.percentage, row!.exit?.getTime()]).toEqual([
      ref!.status,
      ref!.percentage,
      ref!.exit?.getTime(),
    ]);
    const rows = await db()
      .select()
      .from(attendance)
      .where(and(eq(attendance.student_id, c.student.id), eq(attendance.attendable_id, c.course.id)));
    expect(rows).toHaveLength(1);
  });
});
