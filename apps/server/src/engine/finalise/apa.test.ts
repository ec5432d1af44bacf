import { localDate, STATUS, weekRange } from "@rollbook/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../../test/harness.ts";
import { attendance, schoolClosures, students, studentTeam, teams } from "../../db/schema/index.ts";
import { isPush, type PushBus, type PushMessage } from "../../realtime/messages.ts";
import { floorMinute, MIN, makeCourse, makeStudent, schoolsOf, series, storedLive } from "../test-fixtures.ts";
import { refreshApa } from "./apa.ts";

const EXCUSE = `mutation($s: Int!, $d: String!, $a: Int!) {
  createExcuse(student_id: $s, date: $d, attendable_id: $a, attendable_type: "course") { id } }`;
const UNEXCUSE = `mutation($id: Int!) { removeExcuse(id: $id) { id } }`;
const OVERRIDE = `mutation($id: Int!, $status: Int!) { updateAttendance(id: $id, status: $status) { id status } }`;
const CANCEL = `mutation($c: Int!, $d: String!) { createCancellation(course_id: $c, date: $d) { id } }`;
const UNCANCEL = `mutation($id: Int!) { removeCancellation(id: $id) { id } }`;
const TRAVEL = `mutation($t: Int!, $s: String, $e: String, $ids: [Int!]) {
  createTravel(team_id: $t, start_date: $s, end_date: $e, student_ids: $ids) { id } }`;
const CLOSE = `mutation($t: String!, $s: String!, $e: String!) {
  createClosure(title: $t, start_date: $s, end_date: $e) { id } }`;
const STUDENT = `query($uuid: String!) { student(uuid: $uuid) { weekly_apa semester_apa } }`;

/**
 * A student's weekly and semester APA follow every change of an attendance's status by staff
 * (an excuse added or removed, an override, a cancellation, team travel, a school closure), not only the
 * finaliser's, and the student's update is pushed once the figures are stored (UI sweep, item 2).
 */
describe.each(DATABASES)("APA after a status change by staff on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  let token: string;
  const messages: PushMessage[] = [];

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school } = await schoolsOf(srv.services.db));
    (srv.services.bus as PushBus).subscribe((m) => isPush(m) && messages.push(m));
    // the demo's closures would call off the sessions judged here
    await srv.services.db.delete(schoolClosures);
    token = (await srv.login("school_admin")).access_token;
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const ok = async (query: string, vars: Record<string, unknown>) => {
    const r = await srv.gql(token, query, vars);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data;
  };

  type Course = Awaited<ReturnType<typeof makeCourse>>;
  /** Finished rows of the student on `meets`, one a class: its status, and locked (a staff override) or not. */
  const finishedRows = (student: { id: number }, meets: string, list: [Course, number, boolean?][]) =>
    db()
      .insert(attendance)
      .values(
        list.map(([c, status, lock = false]) => ({
          attendable_id: c.course.id,
          attendable_type: "course" as const,
          school_id: school.id,
          student_id: student.id,
          location_id: c.place.id,
          status,
          lock,
          finished: true,
          meets,
        })),
      )
      .returning();

  it("is recomputed and pushed after an excuse, its removal, an override, a cancellation and travel", async () => {
    // three classes that ended half an hour ago: absent, absent, present (1 of 3 attended)
    const start = floorMinute(new Date(Date.now() - 90 * MIN));
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await makeCourse(db(), school, start, 60, { created_at: new Date(start.getTime() - MIN) }));
    const [c1, c2, c3] = made as [(typeof made)[number], (typeof made)[number], (typeof made)[number]];
    const meets = c1.meets;
    const student = await makeStudent(db(), school.id, { courses: made.map((c) => c.course.id) });
    const rows = await finishedRows(student, meets, [
      [c1, STATUS.absent],
      [c2, STATUS.absent],
      [c3, STATUS.present],
    ]);
    const rowOf = (c: typeof c1) => rows.find((r) => r.attendable_id === c.course.id)!;
    // the third class's presence, as the phone sent it (a re-judged row keeps its present)
    await storedLive(
      db(),
      student,
      series(new Date(start.getTime() - 3 * MIN), new Date(start.getTime() + 60 * MIN), c3.place),
    );
    const [team] = await db()
      .insert(teams)
      .values({ school_id: school.id, name: `APA ${Date.now()}` })
      .returning();
    await db().insert(studentTeam).values({ student_id: student.id, team_id: team!.id });
    await refreshApa(db(), school, [student.id], new Date());

    // the weekly figure counts this Monday-Sunday week only (the class may have been yesterday)
    const inWeek = (() => {
      const week = weekRange(localDate(new Date(), school.timezone));
      return meets >= week.from && meets <= week.to;
    })();
    const stored = async () => {
      const [s] = await db()
        .select({ weekly: students.weekly_apa, semester: students.semester_apa })
        .from(students)
        .where(eq(students.id, student.id));
      const [t] = await db().select({ apa: teams.apa }).from(teams).where(eq(teams.id, team!.id));
      return { ...s, team: t?.apa };
    };
    const expected = (apa: number) => ({ weekly: inWeek ? apa : null, semester: apa, team: apa });
    expect(await stored()).toEqual(expected(33.3));

    /** a staff change; then the figures are stored and a student.update for the student is pushed */
    const step = async <T>(change: () => Promise<T>, apa: number): Promise<T> => {
      messages.length = 0;
      const out = await change();
      expect(await stored()).toEqual(expected(apa));
      await expect
        .poll(() => messages.some((m) => m.type === "student.update" && m.student_ids?.includes(student.id)))
        .toBe(true);
      // what a browser reads again on the push
      expect((await ok(STUDENT, { uuid: student.uuid })).student).toEqual({
        weekly_apa: inWeek ? apa : null,
        semester_apa: apa,
      });
      return out;
    };

    // an excuse of the first absence: 1 of 2
    const excused = await step(() => ok(EXCUSE, { s: student.id, d: meets, a: c1.course.id }), 50);
    expect(
      (
        await db()
          .select()
          .from(attendance)
          .where(eq(attendance.id, rowOf(c1).id))
      )[0]?.status,
    ).toBe(STATUS.excused);
    // taken back: absent again, 1 of 3
    await step(() => ok(UNEXCUSE, { id: excused.createExcuse.id }), 33.3);
    // an override: present, 2 of 3
    await step(() => ok(OVERRIDE, { id: rowOf(c1).id, status: STATUS.present }), 66.7);
    // the second class called off: 2 of 2
    const cancelled = await step(() => ok(CANCEL, { c: c2.course.id, d: meets }), 100);
    // and on again: absent, 2 of 3
    await step(() => ok(UNCANCEL, { id: cancelled.createCancellation.id }), 66.7);
    // the student was away with the team: travel, 2 of 2
    await step(
      () =>
        ok(TRAVEL, {
          t: team!.id,
          s: new Date(start.getTime() - 60 * MIN).toISOString(),
          e: new Date(start.getTime() + 120 * MIN).toISOString(),
          ids: [student.id],
        }),
      100,
    );
    const final = await db()
      .select({ id: attendance.id, status: attendance.status })
      .from(attendance)
      .where(and(eq(attendance.student_id, student.id), eq(attendance.meets, meets)));
    expect(final.map((r) => r.status).sort()).toEqual([STATUS.present, STATUS.present, STATUS.travel].sort());
  });

  it("is recomputed and pushed after a school closure cancels a day's rows", async () => {
    // two classes that ended half an hour ago: absent, and present by a staff override (locked,
    // so the closure leaves it): 1 of 2 attended, then 1 of 1 once the absence is cancelled
    const start = floorMinute(new Date(Date.now() - 90 * MIN));
    const absent = await makeCourse(db(), school, start, 60, { created_at: new Date(start.getTime() - MIN) });
    const kept = await makeCourse(db(), school, start, 60, { created_at: new Date(start.getTime() - MIN) });
    const meets = absent.meets;
    const student = await makeStudent(db(), school.id, { courses: [absent.course.id, kept.course.id] });
    await finishedRows(student, meets, [
      [absent, STATUS.absent],
      [kept, STATUS.present, true],
    ]);
    await refreshApa(db(), school, [student.id], new Date());
    const inWeek = (() => {
      const week = weekRange(localDate(new Date(), school.timezone));
      return meets >= week.from && meets <= week.to;
    })();
    const stored = async () =>
      (
        await db()
          .select({ weekly: students.weekly_apa, semester: students.semester_apa })
          .from(students)
          .where(eq(students.id, student.id))
      )[0];
    expect(await stored()).toEqual({ weekly: inWeek ? 50 : null, semester: 50 });

    messages.length = 0;
    await ok(CLOSE, { t: "Snow day", s: meets, e: meets });
    const statuses = await db()
      .select({ status: attendance.status })
      .from(attendance)
      .where(eq(attendance.student_id, student.id));
    expect(statuses.map((r) => r.status).sort()).toEqual([STATUS.present, STATUS.cancelled].sort());
    expect(await stored()).toEqual({ weekly: inWeek ? 100 : null, semester: 100 });
    await expect
      .poll(() => messages.some((m) => m.type === "student.update" && m.student_ids?.includes(student.id)))
      .toBe(true);
    expect((await ok(STUDENT, { uuid: student.uuid })).student).toEqual({
      weekly_apa: inWeek ? 100 : null,
      semester_apa: 100,
    });
  });
});
