import { offlineCodeAt, STATUS, verifyScanCode } from "@rollbook/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { attendance, auditLog, events, userCourse, userEvent } from "../db/schema/index.ts";
import {
  floorMinute,
  MIN,
  makeCourse,
  makeEvent,
  makeStudent,
  phone,
  schoolsOf,
  series,
  storedLive,
} from "../engine/test-fixtures.ts";
import { isPush, type PushBus, type PushMessage } from "../realtime/messages.ts";

const SECRET = "JBSWY3DPEHPK3PXP"; // makeStudent's offline_code

const ROW = `id attendable_id attendable_type school_id student_id location_id status enter exit percentage
  lock finished meets created_at activity { id event created_at }
  coordinates { id attendance_id latitude longitude low_power bluetooth extra created_at }
  overrides { id old_status new_status created_at user { id first_name last_name } }
  student { id first_name last_name }`;
const LIST = `query($student_id: Int, $attendable_id: Int, $attendable_type: String, $start_date: String,
  $end_date: String, $status: Int, $sort_by: String, $sort_dir: String, $per_page: Int) {
  attendance(student_id: $student_id, attendable_id: $attendable_id, attendable_type: $attendable_type,
    start_date: $start_date, end_date: $end_date, status: $status, sort_by: $sort_by, sort_dir: $sort_dir,
    per_page: $per_page) { total data { ${ROW} } } }`;
const UPDATE = `mutation($id: Int!, $status: Int!) { updateAttendance(id: $id, status: $status) { ${ROW} } }`;
const OFFLINE = `mutation($student_id: Int!, $attendable_id: Int!, $attendable_type: String!, $code: String!) {
  submitOfflineCode(student_id: $student_id, attendable_id: $attendable_id, attendable_type: $attendable_type,
    code: $code) { ${ROW} } }`;
const SCAN = `query($event_id: Int!) { scanCode(event_id: $event_id) { code expires_at } }`;

/** The staff attendance calls through real GraphQL, on every database. */
describe.each(ONE_DATABASE)("staff attendance calls on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  let other: { id: number; timezone: string };
  const tokens = new Map<string, { token: string; id: number }>();
  const messages: PushMessage[] = [];

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school, other } = await schoolsOf(srv.services.db));
    (srv.services.bus as PushBus).subscribe((m) => isPush(m) && messages.push(m));
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const as = async (role: string) => {
    const have = tokens.get(role);
    if (have) return have;
    const s = await srv.login(role);
    const me = { token: s.access_token, id: s.user.id as number };
    tokens.set(role, me);
    return me;
  };
  const ok = async (role: string, query: string, vars?: Record<string, unknown>) => {
    const r = await srv.gql((await as(role)).token, query, vars);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data;
  };
  const fails = async (role: string, query: string, vars?: Record<string, unknown>) => {
    const r = await srv.gql((await as(role)).token, query, vars);
    expect(r.status).toBeLessThan(500);
    expect(r.body.errors?.length, JSON.stringify(r.body)).toBeGreaterThan(0);
    const e = r.body.errors?.[0] as { message: string; extensions?: Record<string, unknown> };
    return { message: e.message, code: e.extensions?.code, field: e.extensions?.field };
  };

  /** A class that started 20 minutes ago, a student in it who arrived on time. */
  async function presentStudent(sch = school) {
    const start = floorMinute(new Date(Date.now() - 20 * MIN));
    const made = await makeCourse(db(), sch, start, 60);
    const student = await makeStudent(db(), sch.id, { courses: [made.course.id] });
    const dev = phone(srv.url, student.token);
    // sent as it went (live): the history stored, the newest through the API
    const history = series(new Date(start.getTime() - 2 * MIN), new Date(), made.place);
    await storedLive(db(), student, history.slice(0, -1));
    const res = await dev.pings(history.slice(-1));
    expect(res.status).toBe(200);
    return { ...made, start, student, dev };
  }

  it("attendance lists a row with its activity, coordinates, student and no overrides", async () => {
    const c = await presentStudent();
    const data = await ok("school_admin", LIST, { student_id: c.student.id });
    expect(data.attendance.total).toBe(1);
    const row = data.attendance.data[0];
    expect(row).toMatchObject({
      attendable_id: c.course.id,
      attendable_type: "course",
      school_id: school.id,
      student_id: c.student.id,
      status: STATUS.present,
      lock: false,
      finished: false,
      meets: c.meets,
      overrides: [],
      student: { id: c.student.id, first_name: "Test", last_name: c.student.last_name },
    });
    expect(row.activity.map((a: { event: string }) => a.event)).toContain("entered");
    expect(row.coordinates.length).toBeGreaterThan(0);
    expect(row.coordinates[0]).toMatchObject({ latitude: c.place.latitude, longitude: c.place.longitude });
  });

  it("attendance filters by course, dates and status, and sorts", async () => {
    const c = await presentStudent();
    const byCourse = await ok("school_admin", LIST, { attendable_type: "course", attendable_id: c.course.id });
    expect(byCourse.attendance.data.map((r: { student_id: number }) => r.student_id)).toEqual([c.student.id]);
    const inRange = await ok("school_admin", LIST, {
      student_id: c.student.id,
      start_date: c.meets,
      end_date: c.meets,
    });
    expect(inRange.attendance.total).toBe(1);
    const before = await ok("school_admin", LIST, {
      student_id: c.student.id,
      start_date: "2020-01-01",
      end_date: "2020-01-31",
    });
    expect(before.attendance.total).toBe(0);
    const absentOnly = await ok("school_admin", LIST, { student_id: c.student.id, status: STATUS.absent });
    expect(absentOnly.attendance.total).toBe(0);
    const presentOnly = await ok("school_admin", LIST, { student_id: c.student.id, status: STATUS.present });
    expect(presentOnly.attendance.total).toBe(1);
    // the demo history: newest session first by default, oldest first when asked
    const newest = await ok("school_admin", LIST, { per_page: 5 });
    const oldest = await ok("school_admin", LIST, { per_page: 5, sort_by: "meets", sort_dir: "asc" });
    const dates = (d: { attendance: { data: { meets: string }[] } }) => d.attendance.data.map((r) => r.meets);
    expect(dates(newest)).toEqual([...dates(newest)].sort().reverse());
    expect(dates(oldest)).toEqual([...dates(oldest)].sort());
    expect(dates(oldest)[0]! < dates(newest)[0]!).toBe(true);
  });

  it("attendance names the field of each bad argument", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ attendable_type: "class" }, "attendable_type"],
      [{ attendable_id: 1 }, "attendable_type"],
      [{ start_date: "2026-02-30" }, "start_date"],
      [{ end_date: "11/23/2026" }, "end_date"],
      [{ start_date: "2026-11-23", end_date: "2026-11-01" }, "end_date"],
      [{ status: 12 }, "status"],
      [{ sort_by: "password" }, "sort_by"],
      [{ per_page: 1000 }, "per_page"],
    ];
    for (const [vars, field] of cases) {
      const e = await fails("school_admin", LIST, vars);
      expect(e, JSON.stringify(vars)).toMatchObject({ code: "BAD_USER_INPUT", field });
      expect(e.message).toContain(field);
    }
  });

  it("attendance follows the student: assigned-only roles see their students' rows, nobody another school's", async () => {
    const c = await presentStudent();
    const judge = await as("judge");
    expect((await ok("judge", LIST, { student_id: c.student.id })).attendance.total).toBe(0);
    await db().insert(userCourse).values({ user_id: judge.id, course_id: c.course.id });
    expect((await ok("judge", LIST, { student_id: c.student.id })).attendance.total).toBe(1);

    const elsewhere = await presentStudent(other);
    expect((await ok("school_admin", LIST, { student_id: elsewhere.student.id })).attendance.total).toBe(0);
    const all = await ok("school_admin", LIST, { per_page: 250 });
    expect(all.attendance.data.every((r: { school_id: number }) => r.school_id === school.id)).toBe(true);
  });

  it("updateAttendance keeps the old status and the acting user, locks the row, and the override stands", async () => {
    const c = await presentStudent();
    const [row] = await db().select().from(attendance).where(eq(attendance.student_id, c.student.id));
    const admin = await as("school_admin");
    messages.length = 0;
    const data = await ok("school_admin", UPDATE, { id: row!.id, status: STATUS.excused });
    const updated = data.updateAttendance;
    expect(updated).toMatchObject({ id: row!.id, status: STATUS.excused, lock: true });
    expect(updated.overrides).toHaveLength(1);
    expect(updated.overrides[0]).toMatchObject({
      old_status: STATUS.present,
      new_status: STATUS.excused,
      user: { id: admin.id, first_name: expect.any(String), last_name: expect.any(String) },
    });
    expect(updated.activity.map((a: { event: string }) => a.event)).toContain("override");
    expect(messages).toContainEqual(
      expect.objectContaining({ type: "attendance.update", ids: [row!.id], student_ids: [c.student.id] }),
    );
    expect(messages).toContainEqual(expect.objectContaining({ type: "student.update", ids: [c.student.id] }));
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "attendance.override"), eq(auditLog.subject_id, row!.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: admin.id, data: { from: STATUS.present, to: STATUS.excused } });

    // more pings: the engine leaves a locked row alone
    const res = await c.dev.pings(series(new Date(Date.now() - 60_000), new Date(), c.place, "at", 1));
    expect(res.status).toBe(200);
    const [after] = await db().select().from(attendance).where(eq(attendance.id, row!.id));
    expect(after).toMatchObject({ status: STATUS.excused, lock: true });

    // a second override keeps both
    const again = await ok("school_admin", UPDATE, { id: row!.id, status: STATUS.late });
    expect(again.updateAttendance.overrides.map((o: { old_status: number }) => o.old_status)).toEqual([
      STATUS.present,
      STATUS.excused,
    ]);
  });

  it("updateAttendance refuses bad statuses, rows the user may not see, and roles without override", async () => {
    const c = await presentStudent();
    const [row] = await db().select().from(attendance).where(eq(attendance.student_id, c.student.id));
    for (const status of [STATUS.pending, 8, -1]) {
      expect(await fails("school_admin", UPDATE, { id: row!.id, status })).toMatchObject({
        code: "BAD_USER_INPUT",
        field: "status",
      });
    }
    expect((await fails("school_admin", UPDATE, { id: 2_000_000_000, status: 1 })).code).toBe("NOT_FOUND");
    // a professor not assigned to the course or the student cannot reach the row
    expect((await fails("judge", UPDATE, { id: row!.id, status: 1 })).code).toBe("NOT_FOUND");
    expect((await fails("councelor", UPDATE, { id: row!.id, status: 1 })).code).toBe("FORBIDDEN");
    const elsewhere = await presentStudent(other);
    const [far] = await db().select().from(attendance).where(eq(attendance.student_id, elsewhere.student.id));
    expect((await fails("school_admin", UPDATE, { id: far!.id, status: 1 })).code).toBe("NOT_FOUND");
    const [unchanged] = await db().select().from(attendance).where(eq(attendance.id, row!.id));
    expect(unchanged).toMatchObject({ status: STATUS.present, lock: false });
  });

  it("submitOfflineCode checks the student in with the code their phone shows", async () => {
    // started a minute or two ago: within the school's late_time of 5 minutes
    const start = floorMinute(new Date(Date.now() - MIN));
    const made = await makeCourse(db(), school, start, 60);
    const student = await makeStudent(db(), school.id, { courses: [made.course.id] });
    messages.length = 0;
    const data = await ok("school_admin", OFFLINE, {
      student_id: student.id,
      attendable_id: made.course.id,
      attendable_type: "course",
      code: offlineCodeAt(SECRET, new Date()),
    });
    expect(data.submitOfflineCode).toMatchObject({
      student_id: student.id,
      attendable_id: made.course.id,
      status: STATUS.present,
    });
    expect(data.submitOfflineCode.activity.map((a: { event: string }) => a.event)).toContain("entered");
    expect(messages).toContainEqual(expect.objectContaining({ type: "attendance.update", student_ids: [student.id] }));
  });

  it("submitOfflineCode refuses a wrong code, a session not in progress, a manual course and unseen students", async () => {
    const start = floorMinute(new Date(Date.now() - 5 * MIN));
    const made = await makeCourse(db(), school, start, 60);
    const later = await makeCourse(db(), school, new Date(Date.now() + 3 * 60 * MIN), 60);
    const manual = await makeCourse(db(), school, start, 60, { manual_attendance: true });
    const student = await makeStudent(db(), school.id, {
      courses: [made.course.id, later.course.id, manual.course.id],
    });
    const code = offlineCodeAt(SECRET, new Date());
    const vars = { student_id: student.id, attendable_id: made.course.id, attendable_type: "course", code };
    const wrong = String((Number(code) + 500_000) % 1_000_000).padStart(6, "0");
    expect(await fails("school_admin", OFFLINE, { ...vars, code: wrong })).toMatchObject({ field: "code" });
    expect(await fails("school_admin", OFFLINE, { ...vars, code: "12ab" })).toMatchObject({ field: "code" });
    expect(await fails("school_admin", OFFLINE, { ...vars, attendable_type: "team" })).toMatchObject({
      field: "attendable_type",
    });
    expect(await fails("school_admin", OFFLINE, { ...vars, attendable_id: later.course.id })).toMatchObject({
      field: "attendable_id",
    });
    expect(await fails("school_admin", OFFLINE, { ...vars, attendable_id: manual.course.id })).toMatchObject({
      field: "attendable_id",
    });
    expect((await fails("judge", OFFLINE, vars)).code).toBe("NOT_FOUND");
    const rows = await db().select().from(attendance).where(eq(attendance.student_id, student.id));
    expect(rows).toEqual([]);
  });

  it("scanCode answers the event's rotating QR text to those who may see the event", async () => {
    const start = new Date(Date.now() + 60 * MIN);
    const { event } = await makeEvent(db(), school, start, 60);
    const before = Date.now();
    const data = await ok("school_admin", SCAN, { event_id: event.id });
    const { code, expires_at } = data.scanCode as { code: string; expires_at: string };
    const m = new RegExp(`^rollbook:event:${event.uuid}:(\\d{8})$`).exec(code);
    expect(m).not.toBeNull();
    expect(verifyScanCode(event.scan_secret, m![1]!, new Date())).toBe(true);
    const expires = new Date(expires_at).getTime();
    expect(expires).toBeGreaterThan(before);
    expect(expires - before).toBeLessThanOrEqual(30_000);
    // two minutes later the photo of it is stale
    expect(verifyScanCode(event.scan_secret, m![1]!, new Date(Date.now() + 120_000))).toBe(false);

    // a private event: an assigned-only role needs to be linked to it
    await db().update(events).set({ visibility: "private" }).where(eq(events.id, event.id));
    expect((await fails("judge", SCAN, { event_id: event.id })).code).toBe("NOT_FOUND");
    await db()
      .insert(userEvent)
      .values({ user_id: (await as("judge")).id, event_id: event.id });
    expect((await ok("judge", SCAN, { event_id: event.id })).scanCode.code).toMatch(/^rollbook:event:/);
    const far = await makeEvent(db(), other, start, 60);
    expect((await fails("school_admin", SCAN, { event_id: far.event.id })).code).toBe("NOT_FOUND");
  });
});
