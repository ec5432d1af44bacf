import { addDays, GRAPH_MAX_DAYS, localDate, STATUS, zonedToUtc } from "@rollbook/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { scopedAs } from "../../test/scope.ts";
import {
  attendance,
  auditLog,
  cancellations,
  courses,
  schoolClosures,
  schools,
  studentCourse,
  students,
  studentTeam,
  teams,
  userCourse,
} from "../db/schema/index.ts";
import { floorMinute, MIN, makeCourse, makeLocation, makeStudent, schoolsOf } from "../engine/test-fixtures.ts";
import { isPush, type PushBus, type PushMessage } from "../realtime/messages.ts";
import { inSessionIds } from "./list.ts";

const FIELDS = `id uuid title crn course_number start_time end_time semester_start semester_end meet_mon meet_wed
  is_archived is_indefinite late_time absent_time min_percentage deleted_at students_count apa location_id`;
const CREATE = `mutation($title: String!, $start_time: String!, $end_time: String!, $crn: String, $course_number: String,
  $subject: String, $location_id: Int, $semester_start: String, $semester_end: String, $meet_mon: Boolean,
  $meet_wed: Boolean, $is_indefinite: Boolean, $late_time: Int, $absent_time: Int, $min_percentage: Int) {
  createCourse(title: $title, start_time: $start_time, end_time: $end_time, crn: $crn, course_number: $course_number,
    subject: $subject, location_id: $location_id, semester_start: $semester_start, semester_end: $semester_end,
    meet_mon: $meet_mon, meet_wed: $meet_wed, is_indefinite: $is_indefinite, late_time: $late_time,
    absent_time: $absent_time, min_percentage: $min_percentage) { ${FIELDS} } }`;
const UPDATE = `mutation($id: Int!, $title: String, $is_archived: Boolean, $end_time: String, $meet_mon: Boolean,
  $meet_wed: Boolean, $absent_time: Int) {
  updateCourse(id: $id, title: $title, is_archived: $is_archived, end_time: $end_time, meet_mon: $meet_mon,
    meet_wed: $meet_wed, absent_time: $absent_time) { ${FIELDS} } }`;
const REMOVE = `mutation($id: Int!) { removeCourse(id: $id) { id deleted_at } }`;
const RESTORE = `mutation($id: Int!) { restoreCourse(id: $id) { id deleted_at } }`;
const COURSE = `query($uuid: String!) { course(uuid: $uuid) { ${FIELDS} users { id } cancellations { id date notes } } }`;
const LIST = `query($q: String, $state: String, $sort: String, $dir: String, $in: Boolean) {
  courses(query: $q, state: $state, sort_by: $sort, sort_dir: $dir, in_session: $in) { total data { id title students_count } } }`;
const CANCEL = `mutation($c: Int!, $d: String!, $n: String) { createCancellation(course_id: $c, date: $d, notes: $n) { id course_id date notes } }`;
const UNCANCEL = `mutation($id: Int!) { removeCancellation(id: $id) { id } }`;
const TEAM = `mutation($t: Int!, $c: Int!) { addTeamToCourse(team_id: $t, course_id: $c) { student_ids changed } }`;

const BASE = {
  title: "Biology 101",
  start_time: "09:00",
  end_time: "10:15",
  semester_start: "2026-08-24",
  semester_end: "2026-12-11",
  meet_mon: true,
  meet_wed: true,
};

/** The courses calls through real GraphQL, on every database (issue 11, decision 0700). */
describe.each(ONE_DATABASE)("courses calls on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  let other: { id: number; timezone: string };
  const tokens = new Map<string, string>();
  const messages: PushMessage[] = [];

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school, other } = await schoolsOf(srv.services.db));
    (srv.services.bus as PushBus).subscribe((m) => isPush(m) && messages.push(m));
    // the demo's closures would call off the sessions these tests judge (the feed's test keeps them)
    await srv.services.db.delete(schoolClosures);
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const token = async (role: string) => {
    const have = tokens.get(role);
    if (have) return have;
    const t = (await srv.login(role)).access_token as string;
    tokens.set(role, t);
    return t;
  };
  const ok = async (role: string, query: string, vars?: Record<string, unknown>) => {
    const r = await srv.gql(await token(role), query, vars);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data;
  };
  const fails = async (role: string, query: string, vars?: Record<string, unknown>) => {
    const r = await srv.gql(await token(role), query, vars);
    expect(r.status).toBeLessThan(500);
    expect(r.body.errors?.length, JSON.stringify(r.body)).toBeGreaterThan(0);
    const e = r.body.errors?.[0] as { message: string; extensions?: Record<string, unknown> };
    return { message: e.message, code: e.extensions?.code, field: e.extensions?.field };
  };
  const stored = async (id: number) => (await db().select().from(courses).where(eq(courses.id, id)))[0]!;

  describe("create, update, archive, remove, restore", () => {
    it("creates a course with every field, changes only what is given, archives and unarchives", async () => {
      const place = await makeLocation(db(), school.id);
      const { createCourse: c } = await ok("school_admin", CREATE, {
        ...BASE,
        title: "  Biology 101 ",
        crn: "40123",
        course_number: "BIO-101",
        subject: "Biology",
        location_id: place.id,
        late_time: 10,
        absent_time: 30,
        min_percentage: 75,
      });
      expect(c).toMatchObject({
        title: "Biology 101",
        crn: "40123",
        course_number: "BIO-101",
        start_time: "09:00",
        end_time: "10:15",
        meet_mon: true,
        meet_wed: true,
        late_time: 10,
        absent_time: 30,
        min_percentage: 75,
        is_archived: false,
        deleted_at: null,
        students_count: 0,
        apa: null,
        location_id: place.id,
      });
      const row = await stored(c.id);
      expect(row.school_id).toBe(school.id);
      expect(row.subject).toBe("Biology");
      const { updateCourse: u } = await ok("school_admin", UPDATE, { id: c.id, title: "Biology 102" });
      expect(u).toMatchObject({ title: "Biology 102", crn: "40123", late_time: 10 });
      const { updateCourse: a } = await ok("school_admin", UPDATE, { id: c.id, is_archived: true });
      expect(a.is_archived).toBe(true);
      const list = async (state?: string) =>
        (await ok("school_admin", LIST, { q: "40123", state })).courses.data.map((x: { id: number }) => x.id);
      expect(await list()).toEqual([]);
      expect(await list("archived")).toEqual([c.id]);
      await ok("school_admin", UPDATE, { id: c.id, is_archived: false });
      expect(await list()).toEqual([c.id]);
      const audits = await db().select().from(auditLog).where(eq(auditLog.subject_id, c.id));
      expect(audits.filter((x) => x.subject_type === "course").map((x) => x.action)).toEqual(
        expect.arrayContaining(["course.create", "course.update"]),
      );
    });

    it.each([
      [{ title: "  " }, "title", /title is required/],
      [{ start_time: "9am" }, "start_time", /HH:MM/],
      [{ end_time: "08:00" }, "end_time", /after start_time/],
      [{ semester_end: "2026-08-01" }, "semester_end", /after semester_start/],
      [{ semester_start: null }, "semester_start", /required unless/],
      [{ meet_mon: false, meet_wed: false }, "meet_days", /at least one day/],
      [{ late_time: 2000 }, "late_time", /0 to 1440/],
      [{ late_time: 30, absent_time: 20 }, "absent_time", /more than late_time/],
      [{ min_percentage: 101 }, "min_percentage", /0 to 100/],
    ])("refuses %j naming %s", async (change, field, message) => {
      const before = await db().$count(courses);
      const e = await fails("school_admin", CREATE, { ...BASE, ...change });
      expect(e).toMatchObject({ code: "BAD_USER_INPUT", field });
      expect(e.message).toMatch(message);
      expect(await db().$count(courses)).toBe(before);
    });

    it("checks its own late and absent times against the school's it inherits, on create and update", async () => {
      const [sc] = await db().select().from(schools).where(eq(schools.id, school.id));
      const { late_time: late, absent_time: absent } = sc!;
      expect(await fails("school_admin", CREATE, { ...BASE, late_time: absent })).toMatchObject({
        field: "late_time",
        message: `late_time must be less than the school's absent time (${absent} minutes)`,
      });
      expect(await fails("school_admin", CREATE, { ...BASE, absent_time: late })).toMatchObject({
        field: "absent_time",
        message: `absent_time must be more than the school's late time (${late} minutes)`,
      });
      const { createCourse: c } = await ok("school_admin", CREATE, { ...BASE, late_time: absent - 1 });
      expect(await fails("school_admin", UPDATE, { id: c.id, absent_time: absent - 1 })).toMatchObject({
        field: "absent_time",
        message: "absent_time must be more than late_time",
      });
      // a course saved out of order before this check still takes other edits
      await db()
        .update(courses)
        .set({ late_time: absent + 10 })
        .where(eq(courses.id, c.id));
      expect((await ok("school_admin", UPDATE, { id: c.id, title: "Biology 103" })).updateCourse.title).toBe(
        "Biology 103",
      );
    });

    it("an indefinite course needs no semester; a location of another school is refused", async () => {
      const { createCourse: c } = await ok("school_admin", CREATE, {
        ...BASE,
        semester_start: null,
        semester_end: null,
        is_indefinite: true,
      });
      expect(c.is_indefinite).toBe(true);
      const foreign = await makeLocation(db(), other.id);
      expect(await fails("school_admin", CREATE, { ...BASE, location_id: foreign.id })).toMatchObject({
        code: "BAD_USER_INPUT",
        field: "location_id",
      });
      // an update is checked against the stored course
      expect((await fails("school_admin", UPDATE, { id: c.id, end_time: "08:59" })).field).toBe("end_time");
    });

    it("only admins define courses; another school's course is NOT_FOUND", async () => {
      for (const role of ["academic_advisor", "judge", "staff", "case_manager"])
        expect((await fails(role, CREATE, BASE)).code).toBe("FORBIDDEN");
      const { course: foreign } = await makeCourse(db(), other, new Date(), 60);
      for (const q of [UPDATE, REMOVE, RESTORE]) {
        const e = await fails("school_admin", q, { id: foreign.id, title: "x" });
        expect(e).toMatchObject({ code: "NOT_FOUND", message: "Course not found" });
      }
      expect((await stored(foreign.id)).deleted_at).toBeNull();
      for (const uuid of [foreign.uuid, "not-a-uuid", "00000000-0000-4000-8000-000000000000"])
        expect(await fails("school_admin", COURSE, { uuid })).toMatchObject({ code: "NOT_FOUND" });
    });

    it("removal keeps the attendance for reports; the removed course is read-only until restored", async () => {
      const { course } = await makeCourse(db(), school, new Date(Date.now() - 300 * MIN), 60);
      const s = await makeStudent(db(), school.id, { courses: [course.id] });
      await db().insert(attendance).values({
        attendable_type: "course",
        attendable_id: course.id,
        school_id: school.id,
        student_id: s.id,
        status: STATUS.present,
        finished: true,
        meets: "2026-09-02",
      });
      const { removeCourse: r } = await ok("school_admin", REMOVE, { id: course.id });
      expect(r.deleted_at).not.toBeNull();
      expect(await db().$count(attendance, eq(attendance.attendable_id, course.id))).toBe(1);
      // gone from the active list, in the removed one, and still readable by uuid
      const ids = async (state?: string) =>
        (await ok("school_admin", LIST, { q: course.title, state })).courses.data.map((x: { id: number }) => x.id);
      expect(await ids()).toEqual([]);
      expect(await ids("removed")).toEqual([course.id]);
      expect(await ids("all")).toEqual([course.id]);
      const { course: read } = await ok("school_admin", COURSE, { uuid: course.uuid });
      expect(read).toMatchObject({ id: course.id, apa: 100, students_count: 1 });
      expect(read.deleted_at).not.toBeNull();
      expect((await fails("school_admin", UPDATE, { id: course.id, title: "x" })).field).toBe("id");
      const { restoreCourse: back } = await ok("school_admin", RESTORE, { id: course.id });
      expect(back.deleted_at).toBeNull();
      expect(await ids()).toEqual([course.id]);
    });
  });

  describe("list and fields", () => {
    it("searches title, crn and course_number; sorts by students_count; users are the assigned staff", async () => {
      const tag = `Srch${Date.now()}`;
      const mk = async (extra: Partial<typeof courses.$inferInsert>) =>
        (await makeCourse(db(), school, new Date(Date.now() + 600 * MIN), 60, extra)).course;
      const a = await mk({ title: `${tag} A` });
      const b = await mk({ title: "Zoology", crn: `${tag}-crn` });
      const c = await mk({ title: "Algebra", course_number: `${tag}-no` });
      for (let i = 0; i < 2; i++) await makeStudent(db(), school.id, { courses: [b.id] });
      await makeStudent(db(), school.id, { courses: [c.id] });
      const removed = await makeStudent(db(), school.id, { courses: [b.id] });
      await db().update(students).set({ deleted_at: new Date() }).where(eq(students.id, removed.id));
      const { courses: page } = await ok("school_admin", LIST, { q: tag, sort: "students_count", dir: "desc" });
      expect(page.total).toBe(3);
      expect(page.data.map((x: { id: number; students_count: number }) => [x.id, x.students_count])).toEqual([
        [b.id, 2],
        [c.id, 1],
        [a.id, 0],
      ]);
      expect((await fails("school_admin", LIST, { sort: "nope" })).field).toBe("sort_by");
      expect((await fails("school_admin", LIST, { state: "gone" })).field).toBe("state");
      // the professor sees only their courses, and the staff assigned to them
      const judge = (await srv.login("judge")).user.id as number;
      await db().insert(userCourse).values({ user_id: judge, course_id: a.id });
      const { course } = await ok("school_admin", COURSE, { uuid: a.uuid });
      expect(course.users.map((u: { id: number }) => u.id)).toContain(judge);
      expect((await ok("judge", LIST, { q: tag })).courses.data.map((x: { id: number }) => x.id)).toEqual([a.id]);
      expect((await fails("judge", COURSE, { uuid: b.uuid })).code).toBe("NOT_FOUND");
    });

    it("in_session lists the courses meeting now", async () => {
      const tag = `Now${Date.now()}`;
      const now = floorMinute(new Date(Date.now() - 10 * MIN));
      const { course: meeting } = await makeCourse(db(), school, now, 60, { title: `${tag} now` });
      await makeCourse(db(), school, new Date(Date.now() + 120 * MIN), 60, { title: `${tag} later` });
      const { courses: page } = await ok("school_admin", LIST, { q: tag, in: true });
      expect(page.data.map((x: { id: number }) => x.id)).toEqual([meeting.id]);
    });

    it("in_session counts a session begun yesterday that runs past midnight, and not once it ends", async () => {
      const today = localDate(new Date(), school.timezone);
      const { course } = await makeCourse(db(), school, new Date(), 60, { start_time: "23:30", end_time: "00:30" });
      const scope = await scopedAs(srv, "school_admin");
      const at = (minutes: number) => zonedToUtc(today, minutes, school.timezone);
      expect((await inSessionIds(scope, at(10))).has(course.id)).toBe(true);
      expect((await inSessionIds(scope, at(23 * 60 + 40))).has(course.id)).toBe(true);
      expect((await inSessionIds(scope, at(40))).has(course.id)).toBe(false);
      expect((await inSessionIds(scope, at(23 * 60))).has(course.id)).toBe(false);
      // yesterday's session called off: the part after midnight is called off too
      await db()
        .insert(cancellations)
        .values({ course_id: course.id, date: addDays(today, -1) });
      expect((await inSessionIds(scope, at(10))).has(course.id)).toBe(false);
    });
  });

  describe("batched", () => {
    it("a page of courses with every relation and figure costs the same statements for 5 rows as for 25", async () => {
      for (let i = 0; i < 25; i++) {
        const { course } = await makeCourse(db(), school, floorMinute(new Date(Date.now() - 5 * MIN)), 60);
        await makeStudent(db(), school.id, { courses: [course.id] });
      }
      const Q = (n: number) => `{ courses(per_page: ${n}, sort_by: "created_at", sort_dir: "desc") { data {
        ${FIELDS} is_in_session location { id name } users { id } cancellations { id } calendar_url
        daily_attendance_graph { labels } attendance_last_class { label value } missed_last_class { id }
        student_absent_streak { streak } roster { rows { status student { id } } } } } }`;
      const statements = async (n: number) => {
        const before = srv.database.statements();
        const data = await ok("school_admin", Q(n));
        expect(data.courses.data).toHaveLength(n);
        return srv.database.statements() - before;
      };
      await statements(5); // warm the per-app caches
      const small = await statements(5);
      const large = await statements(25);
      console.log(`${kind}: courses with every field: ${small} statements for 5, ${large} for 25`);
      expect(large).toBe(small);
    });
  });

  describe("cancellations", () => {
    const finishedRow = async (courseId: number, studentId: number, meets: string, status: number, lock = false) =>
      (
        await db()
          .insert(attendance)
          .values({
            attendable_type: "course",
            attendable_id: courseId,
            school_id: school.id,
            student_id: studentId,
            status,
            finished: true,
            lock,
            meets,
          })
          .returning()
      )[0]!;

    it("cancels a meeting day: its attendance reads cancelled; removing it judges the day again", async () => {
      const start = floorMinute(new Date(Date.now() - 3 * 24 * 60 * MIN));
      const { course, meets } = await makeCourse(db(), school, start, 60);
      const [a, b] = [
        await makeStudent(db(), school.id, { courses: [course.id] }),
        await makeStudent(db(), school.id, { courses: [course.id] }),
      ];
      const absent = await finishedRow(course.id, a!.id, meets, STATUS.absent);
      const locked = await finishedRow(course.id, b!.id, meets, STATUS.present, true);
      const status = async (id: number) =>
        (await db().select().from(attendance).where(eq(attendance.id, id)))[0]!.status;
      const before = messages.length;
      const { createCancellation: c } = await ok("school_admin", CANCEL, { c: course.id, d: meets, n: " Snow day " });
      expect(c).toMatchObject({ course_id: course.id, date: meets, notes: "Snow day" });
      expect(await status(absent.id)).toBe(STATUS.cancelled);
      expect(await status(locked.id)).toBe(STATUS.present);
      expect(messages.slice(before).some((m) => m.type === "attendance.update" && m.ids.includes(absent.id))).toBe(
        true,
      );
      const { course: read } = await ok("school_admin", COURSE, { uuid: course.uuid });
      expect(read.cancellations).toEqual([{ id: c.id, date: meets, notes: "Snow day" }]);
      const LISTC = `query($c: Int!) { cancellations(course_id: $c) { total data { id date } } }`;
      expect((await ok("school_admin", LISTC, { c: course.id })).cancellations.total).toBe(1);
      // the same date again is refused
      expect(await fails("school_admin", CANCEL, { c: course.id, d: meets })).toMatchObject({ field: "date" });
      await ok("school_admin", UNCANCEL, { id: c.id });
      expect(await status(absent.id)).toBe(STATUS.absent);
      expect(await status(locked.id)).toBe(STATUS.present);
      expect(await db().$count(cancellations, eq(cancellations.course_id, course.id))).toBe(0);
    });

    it("judges a removed cancellation's finished day in statements that do not grow with the students", async () => {
      // a day 3 weeks back, finished for every student: two statements per student made the
      // removal of a cancellation of a 31-student course take 1.2-1.9 s (attacker sweep)
      const removalStatements = async (students: number) => {
        const start = floorMinute(new Date(Date.now() - 21 * 24 * 60 * MIN));
        const { course, meets } = await makeCourse(db(), school, start, 60);
        const rows = [];
        for (let i = 0; i < students; i++) {
          const st = await makeStudent(db(), school.id, { courses: [course.id] });
          rows.push(await finishedRow(course.id, st.id, meets, STATUS.absent));
        }
        const { createCancellation: c } = await ok("school_admin", CANCEL, { c: course.id, d: meets });
        const before = srv.database.statements();
        await ok("school_admin", UNCANCEL, { id: c.id });
        const used = srv.database.statements() - before;
        for (const r of rows) {
          const [after] = await db().select().from(attendance).where(eq(attendance.id, r.id));
          expect(after?.status).toBe(STATUS.absent);
          expect(after?.finished).toBe(true);
        }
        return used;
      };
      const few = await removalStatements(2);
      const many = await removalStatements(12);
      expect(many - few, `${few} statements for 2 students, ${many} for 12`).toBeLessThan(10);
    });

    it("refuses a day the course does not meet or outside its semester, naming date", async () => {
      const { createCourse: c } = await ok("school_admin", CREATE, BASE);
      const cases: [string, RegExp][] = [
        ["2026-09-01", /Tuesday: the course meets M W/],
        ["2026-08-17", /before the semester/],
        ["2026-12-16", /after the semester/],
        ["2026-02-30", /YYYY-MM-DD/],
      ];
      for (const [d, message] of cases) {
        const e = await fails("school_admin", CANCEL, { c: c.id, d });
        expect(e).toMatchObject({ code: "BAD_USER_INPUT", field: "date" });
        expect(e.message).toMatch(message);
      }
      expect(await db().$count(cancellations, eq(cancellations.course_id, c.id))).toBe(0);
    });

    it("needs the cancellations flag; a course the viewer does not see is NOT_FOUND", async () => {
      const { course, meets } = await makeCourse(db(), school, new Date(), 60);
      for (const role of ["academic_advisor", "staff", "councelor", "case_manager"])
        expect((await fails(role, CANCEL, { c: course.id, d: meets })).code).toBe("FORBIDDEN");
      // the professor may cancel, but only their own courses
      expect(await fails("judge", CANCEL, { c: course.id, d: meets })).toMatchObject({
        code: "NOT_FOUND",
        message: "Course not found",
      });
      const { course: foreign, meets: d } = await makeCourse(db(), other, new Date(), 60);
      expect((await fails("school_admin", CANCEL, { c: foreign.id, d })).code).toBe("NOT_FOUND");
      const [theirs] = await db().insert(cancellations).values({ course_id: foreign.id, date: d }).returning();
      expect(await fails("school_admin", UNCANCEL, { id: theirs!.id })).toMatchObject({
        code: "NOT_FOUND",
        message: "Cancellation not found",
      });
      expect(await db().$count(cancellations, eq(cancellations.id, theirs!.id))).toBe(1);
    });
  });

  describe("addTeamToCourse", () => {
    it("enrols the team's live students, all or nothing, counting only new ones", async () => {
      const { course } = await makeCourse(db(), school, new Date(Date.now() + 600 * MIN), 60);
      const [team] = await db()
        .insert(teams)
        .values({ school_id: school.id, name: `Team ${Date.now()}` })
        .returning();
      const members = [
        await makeStudent(db(), school.id),
        await makeStudent(db(), school.id),
        await makeStudent(db(), school.id, { courses: [course.id] }),
      ];
      const gone = await makeStudent(db(), school.id);
      await db().update(students).set({ deleted_at: new Date() }).where(eq(students.id, gone.id));
      await db()
        .insert(studentTeam)
        .values([...members, gone].map((m) => ({ student_id: m.id, team_id: team!.id })));
      const { addTeamToCourse: r } = await ok("school_admin", TEAM, { t: team!.id, c: course.id });
      expect(r.student_ids.sort()).toEqual([members[0]!.id, members[1]!.id].sort());
      expect(await db().$count(studentCourse, eq(studentCourse.course_id, course.id))).toBe(3);
      expect(
        await db().$count(
          studentCourse,
          and(eq(studentCourse.course_id, course.id), eq(studentCourse.student_id, gone.id)),
        ),
      ).toBe(0);
      // again: nothing new
      expect((await ok("school_admin", TEAM, { t: team!.id, c: course.id })).addTeamToCourse.student_ids).toEqual([]);
      // another school's team or course, and a role without create_participant
      const { course: foreign } = await makeCourse(db(), other, new Date(), 60);
      expect((await fails("school_admin", TEAM, { t: team!.id, c: foreign.id })).code).toBe("NOT_FOUND");
      expect((await fails("staff", TEAM, { t: team!.id, c: course.id })).code).toBe("FORBIDDEN");
    });
  });

  describe("figures", () => {
    it("daily graph, APA, last class, who missed it and absent streaks", async () => {
      const today = localDate(new Date(), school.timezone);
      const { course } = await makeCourse(db(), school, new Date(Date.now() + 600 * MIN), 60, {
        semester_start: addDays(today, -30),
      });
      const [a, b, c, e] = [
        await makeStudent(db(), school.id, { courses: [course.id] }),
        await makeStudent(db(), school.id, { courses: [course.id] }),
        await makeStudent(db(), school.id, { courses: [course.id] }),
        await makeStudent(db(), school.id, { courses: [course.id] }),
      ];
      const d = (n: number) => addDays(today, -n);
      const rows: [number, string, number][] = [
        [a!.id, d(3), STATUS.present],
        [a!.id, d(2), STATUS.absent],
        [a!.id, d(1), STATUS.absent],
        [b!.id, d(3), STATUS.absent],
        [b!.id, d(2), STATUS.excused],
        [b!.id, d(1), STATUS.absent],
        [c!.id, d(3), STATUS.late],
        [c!.id, d(2), STATUS.present],
        [c!.id, d(1), STATUS.present],
        // attended between two absences: a run of one, not listed
        [e!.id, d(3), STATUS.absent],
        [e!.id, d(2), STATUS.present],
        [e!.id, d(1), STATUS.absent],
      ];
      await db()
        .insert(attendance)
        .values(
          rows.map(([student_id, meets, status]) => ({
            attendable_type: "course" as const,
            attendable_id: course.id,
            school_id: school.id,
            student_id,
            status,
            finished: true,
            meets,
          })),
        );
      const Q = `query($uuid: String!, $s: String, $e: String) { course(uuid: $uuid) { apa
        daily_attendance_graph(start_date: $s, end_date: $e) { labels datasets { label data } }
        last14: daily_attendance_graph { labels }
        attendance_last_class { label value } missed_last_class { id }
        student_absent_streak { student { id } streak } } }`;
      const { course: f } = await ok("school_admin", Q, { uuid: course.uuid, s: d(3), e: d(1) });
      expect(f.apa).toBe(Math.round((5 / 11) * 1000) / 10);
      expect(f.daily_attendance_graph).toEqual({
        labels: [d(3), d(2), d(1)],
        datasets: [
          { label: "present", data: [1, 2, 1] },
          { label: "late", data: [1, 0, 0] },
          { label: "absent", data: [2, 1, 3] },
          { label: "excused", data: [0, 1, 0] },
        ],
      });
      expect(f.last14.labels).toHaveLength(14);
      expect(f.last14.labels.at(-1)).toBe(today);
      expect(f.attendance_last_class).toEqual({ label: d(1), value: Math.round((1 / 4) * 1000) / 10 });
      expect(f.missed_last_class.map((x: { id: number }) => x.id).sort()).toEqual([a!.id, b!.id, e!.id].sort());
      expect(f.student_absent_streak).toEqual([
        { student: { id: a!.id }, streak: 2 },
        { student: { id: b!.id }, streak: 2 },
      ]);
      const bad = await fails("school_admin", Q, { uuid: course.uuid, s: d(1), e: d(3) });
      expect(bad).toMatchObject({ code: "BAD_USER_INPUT", field: "end_date" });
      // a range past the graph's limit names the field, the limit and what it is counted from
      const long = await fails("school_admin", Q, { uuid: course.uuid, s: "2024-01-01", e: "2025-01-02" });
      expect(long).toEqual({
        code: "BAD_USER_INPUT",
        field: "end_date",
        message: `end_date must be at most ${GRAPH_MAX_DAYS} days after start_date`,
      });
    });
  });
});
