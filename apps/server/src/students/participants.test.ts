import { STATUS } from "@rollbook/domain";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import {
  attendance,
  auditLog,
  courses,
  devices,
  events,
  excuses,
  mailOutbox,
  notes,
  roles,
  schools,
  studentCourse,
  studentEvent,
  students,
  studentTeam,
  teams,
  userCourse,
} from "../db/schema/index.ts";
import { engineState } from "../engine/state.ts";
import {
  floorMinute,
  MIN,
  makeCourse,
  makeEvent,
  makeStudent,
  phone,
  ping,
  schoolsOf,
  sentLive,
  series,
} from "../engine/test-fixtures.ts";
import { isPush, type PushBus, type PushMessage } from "../realtime/messages.ts";

const FIELDS = `id uuid first_name last_name preferred_name email phone school_identifier age date_of_birth
  deleted_at token offline_code offline_code_uri device { id } teams { id name } events { event { id } in_waitlist status }
  excuses { id date attendable_title } course_stats { course { id } apa week_apa attended missed last_attended missed_streak }
  now { title attendable_uuid status inside location_name last_ping_at }`;
const CREATE = `mutation($first_name: String!, $last_name: String!, $email: String, $phone: String,
  $school_identifier: String, $age: Int, $date_of_birth: String, $preferred_name: String) {
  createStudent(first_name: $first_name, last_name: $last_name, email: $email, phone: $phone,
    school_identifier: $school_identifier, age: $age, date_of_birth: $date_of_birth, preferred_name: $preferred_name) { ${FIELDS} } }`;
const UPDATE = `mutation($id: Int!, $first_name: String, $email: String, $phone: String, $school_identifier: String, $age: Int) {
  updateStudent(id: $id, first_name: $first_name, email: $email, phone: $phone, school_identifier: $school_identifier, age: $age) { ${FIELDS} } }`;
const STUDENT = `query($uuid: String!) { student(uuid: $uuid) { ${FIELDS} } }`;
const BULK = "student_ids changed";

/** The participants calls through real GraphQL, on every database (issue 10, decision 0600). */
describe.each(DATABASES)("participants calls on %s", (kind) => {
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
  const row = async (id: number) => (await db().select().from(students).where(eq(students.id, id)))[0]!;

  describe("createStudent and updateStudent", () => {
    it("creates a participant with a token, an offline-code secret and normalised fields, and tells staff", async () => {
      const before = messages.length;
      const { createStudent: s } = await ok("school_admin", CREATE, {
        first_name: "  Ada ",
        last_name: "Lovelace",
        email: "Ada.Lovelace@Example.org",
        phone: "(555) 123-4567",
        school_identifier: `ID-${Date.now()}`,
        age: 36,
        date_of_birth: "1990-12-10",
      });
      expect(s).toMatchObject({ first_name: "Ada", last_name: "Lovelace", email: "ada.lovelace@example.org" });
      expect(s.phone).toBe("5551234567");
      expect(s.token).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
      expect(s.offline_code).toMatch(/^[A-Z2-7]+=*$/);
      expect(s.offline_code_uri).toBe(
        `otpauth://totp/Rollbook%3AAda%20Lovelace?secret=${s.offline_code}&issuer=Rollbook&digits=6&period=30`,
      );
      const stored = await row(s.id);
      expect(stored.school_id).toBe(school.id);
      expect(stored.token).toBe(s.token);
      expect(messages.slice(before).some((m) => m.type === "student.update" && m.student_ids?.includes(s.id))).toBe(
        true,
      );
      const audits = await db().select().from(auditLog).where(eq(auditLog.subject_id, s.id));
      expect(audits.map((a) => a.action)).toContain("student.create");
    });

    it("uses the school's token_pattern", async () => {
      await db().update(schools).set({ token_pattern: "RB-####-@@@@-***" }).where(eq(schools.id, school.id));
      try {
        const { createStudent: s } = await ok("school_admin", CREATE, { first_name: "Pat", last_name: "Tern" });
        expect(s.token).toMatch(/^RB-[2-9]{4}-[A-HJ-NP-Z]{4}-[A-HJ-NP-Z2-9]{3}$/);
      } finally {
        await db().update(schools).set({ token_pattern: "random" }).where(eq(schools.id, school.id));
      }
    });

    it.each([
      [{ first_name: "  ", last_name: "X" }, "first_name", /first_name is required/],
      [{ first_name: "X", last_name: "y".repeat(101) }, "last_name", /at most 100/],
      [{ first_name: "X", last_name: "Y", email: "not-an-email" }, "email", /e-mail/],
      [{ first_name: "X", last_name: "Y", phone: "555-1234" }, "phone", /10 digits/],
      [{ first_name: "X", last_name: "Y", age: 131 }, "age", /0 to 130/],
      [{ first_name: "X", last_name: "Y", age: -1 }, "age", /0 to 130/],
      [{ first_name: "X", last_name: "Y", date_of_birth: "2001-02-30" }, "date_of_birth", /YYYY-MM-DD/],
      [{ first_name: "X", last_name: "Y", date_of_birth: "2099-01-01" }, "date_of_birth", /in the past/],
      [{ first_name: "X", last_name: "Y", preferred_name: "p".repeat(101) }, "preferred_name", /at most 100/],
    ])("refuses %j naming %s", async (vars, field, message) => {
      const count = await db().$count(students);
      const e = await fails("school_admin", CREATE, vars);
      expect(e).toMatchObject({ code: "BAD_USER_INPUT", field });
      expect(e.message).toMatch(message);
      expect(await db().$count(students)).toBe(count);
    });

    it("refuses a school_identifier already used in the school, on create and update", async () => {
      const id = `DUP-${Date.now()}`;
      const { createStudent: a } = await ok("school_admin", CREATE, {
        first_name: "A",
        last_name: "A",
        school_identifier: id,
      });
      const e = await fails("school_admin", CREATE, { first_name: "B", last_name: "B", school_identifier: id });
      expect(e).toMatchObject({ code: "BAD_USER_INPUT", field: "school_identifier" });
      const { createStudent: b } = await ok("school_admin", CREATE, { first_name: "B", last_name: "B" });
      const u = await fails("school_admin", UPDATE, { id: b.id, school_identifier: id });
      expect(u).toMatchObject({ field: "school_identifier" });
      // the same identifier in another school is fine
      const [elsewhere] = await db()
        .insert(students)
        .values({
          school_id: other.id,
          first_name: "O",
          last_name: "O",
          token: `tok-${id}`,
          offline_code: "JBSWY3DPEHPK3PXP",
          school_identifier: `${id}-o`,
        })
        .returning();
      expect(elsewhere).toBeDefined();
      // keeping its own identifier is no conflict
      await ok("school_admin", UPDATE, { id: a.id, school_identifier: id, first_name: "Alpha" });
      expect((await row(a.id)).first_name).toBe("Alpha");
    });

    it("refuses going past the school's student_cap", async () => {
      const active = await db().$count(students, and(eq(students.school_id, school.id)));
      await db().update(schools).set({ student_cap: 1 }).where(eq(schools.id, school.id));
      try {
        const e = await fails("school_admin", CREATE, { first_name: "Cap", last_name: "Ped" });
        expect(e.message).toMatch(/^student_cap reached/);
        expect(e.code).toBe("BAD_USER_INPUT");
        expect(await db().$count(students, eq(students.school_id, school.id))).toBe(active);
        // restoring counts too
        const gone = await makeStudent(db(), school.id);
        await db().update(students).set({ deleted_at: new Date() }).where(eq(students.id, gone.id));
        const r = await fails("school_admin", `mutation($id: Int!) { restoreStudent(id: $id) { id } }`, {
          id: gone.id,
        });
        expect(r.message).toMatch(/^student_cap reached/);
        expect((await row(gone.id)).deleted_at).not.toBeNull();
      } finally {
        await db().update(schools).set({ student_cap: 1000 }).where(eq(schools.id, school.id));
      }
    });

    it("updates the fields given; null clears an optional one", async () => {
      const { createStudent: s } = await ok("school_admin", CREATE, {
        first_name: "Up",
        last_name: "Date",
        email: "u@example.org",
      });
      const { updateStudent: u } = await ok("school_admin", UPDATE, { id: s.id, email: null, phone: "555.987.6543" });
      expect(u).toMatchObject({ first_name: "Up", email: null, phone: "5559876543" });
      expect((await fails("school_admin", UPDATE, { id: s.id, first_name: "" })).field).toBe("first_name");
      expect((await fails("school_admin", UPDATE, { id: 98765432 })).code).toBe("NOT_FOUND");
    });

    it("permissions: a professor (role 6) may not create; demographics need view_information", async () => {
      expect((await fails("judge", CREATE, { first_name: "No", last_name: "Way" })).code).toBe("FORBIDDEN");
      // role 7 (coach) lacks create_participant too
      expect((await fails("staff", CREATE, { first_name: "No", last_name: "Way" })).code).toBe("FORBIDDEN");
      // role 9 may create (and then sees the student it added), role 9 has view_information
      const { createStudent: s } = await ok("case_manager", CREATE, { first_name: "Case", last_name: "Made", age: 20 });
      const seen = await ok("case_manager", STUDENT, { uuid: s.uuid });
      expect(seen.student.age).toBe(20);
      // the same role without view_information (flags are stored per role): a demographic value is refused
      await db().update(roles).set({ view_information: false }).where(eq(roles.id, 9));
      try {
        const e = await fails("case_manager", UPDATE, { id: s.id, age: 21 });
        expect(e).toMatchObject({ code: "FORBIDDEN", field: "age" });
        // sent empty it is left as it is (the caller cannot see it)
        await ok("case_manager", UPDATE, { id: s.id, age: null, first_name: "Cased" });
        expect(await row(s.id)).toMatchObject({ age: 20, first_name: "Cased" });
      } finally {
        await db().update(roles).set({ view_information: true }).where(eq(roles.id, 9));
      }
    });
  });

  describe("student, remove, restore", () => {
    it("answers one student by uuid; a bad or unseen uuid is not found", async () => {
      const s = await makeStudent(db(), school.id);
      const { student } = await ok("school_admin", STUDENT, { uuid: s.uuid });
      expect(student).toMatchObject({ id: s.id, first_name: s.first_name, device: null, now: null });
      expect((await fails("school_admin", STUDENT, { uuid: "not-a-uuid" })).code).toBe("NOT_FOUND");
      const foreign = await makeStudent(db(), other.id);
      const e = await fails("school_admin", STUDENT, { uuid: foreign.uuid });
      expect(e).toMatchObject({ code: "NOT_FOUND", message: "Student not found" });
      // a professor sees only students of their courses
      expect((await fails("judge", STUDENT, { uuid: s.uuid })).code).toBe("NOT_FOUND");
      // offline_code and token only for reset_token (the professor has none), once the student is theirs
      const [course] = await db()
        .select()
        .from(userCourse)
        .where(eq(userCourse.user_id, (await as("judge")).id));
      await db().insert(studentCourse).values({ student_id: s.id, course_id: course!.course_id });
      const asJudge = await ok("judge", STUDENT, { uuid: s.uuid });
      expect(asJudge.student).toMatchObject({ token: null, offline_code: null, offline_code_uri: null, age: null });
    });

    it("removes, lists as removed, restores", async () => {
      const s = await makeStudent(db(), school.id);
      const LIST = `query($state: String, $query: String) { students(state: $state, query: $query) { total data { id } } }`;
      const { removeStudent } = await ok(
        "school_admin",
        `mutation($id: Int!) { removeStudent(id: $id) { id deleted_at } }`,
        { id: s.id },
      );
      expect(removeStudent.deleted_at).not.toBeNull();
      const active = await ok("school_admin", LIST, { query: s.last_name });
      expect(active.students.data).toEqual([]);
      const removed = await ok("school_admin", LIST, { query: s.last_name, state: "removed" });
      expect(removed.students.data).toEqual([{ id: s.id }]);
      // still readable by uuid (history)
      expect((await ok("school_admin", STUDENT, { uuid: s.uuid })).student.deleted_at).not.toBeNull();
      const { restoreStudent } = await ok(
        "school_admin",
        `mutation($id: Int!) { restoreStudent(id: $id) { id deleted_at first_name } }`,
        { id: s.id },
      );
      expect(restoreStudent).toEqual({ id: s.id, deleted_at: null, first_name: s.first_name });
      expect((await ok("school_admin", LIST, { query: s.last_name })).students.data).toEqual([{ id: s.id }]);
    });

    it("removeStudents is all or nothing and names the id it cannot see", async () => {
      const a = await makeStudent(db(), school.id);
      const b = await makeStudent(db(), school.id);
      const foreign = await makeStudent(db(), other.id);
      const M = `mutation($ids: [Int!]!) { removeStudents(student_ids: $ids) { ${BULK} } }`;
      const e = await fails("school_admin", M, { ids: [a.id, foreign.id, b.id] });
      expect(e).toEqual({
        code: "BAD_USER_INPUT",
        field: "student_ids",
        message: `student_ids: ${foreign.id} is not a participant you can see`,
      });
      expect((await row(a.id)).deleted_at).toBeNull();
      expect((await row(foreign.id)).deleted_at).toBeNull();
      const before = messages.length;
      const first = await ok("school_admin", M, { ids: [a.id] });
      expect(first.removeStudents).toEqual({ student_ids: [a.id], changed: 1 });
      expect(messages.slice(before)).toContainEqual(
        expect.objectContaining({ type: "student.update", student_ids: [a.id] }),
      );
      // already removed: not changed
      const second = await ok("school_admin", M, { ids: [a.id, b.id] });
      expect(second.removeStudents).toEqual({ student_ids: [b.id], changed: 1 });
      expect((await fails("school_admin", M, { ids: Array.from({ length: 1001 }, (_, i) => i + 1) })).field).toBe(
        "student_ids",
      );
    });

    it("restoreStudents brings removed ones back all or nothing, within student_cap", async () => {
      const a = await makeStudent(db(), school.id);
      const b = await makeStudent(db(), school.id);
      const live = await makeStudent(db(), school.id);
      const foreign = await makeStudent(db(), other.id);
      await db()
        .update(students)
        .set({ deleted_at: new Date() })
        .where(inArray(students.id, [a.id, b.id, foreign.id]));
      const M = `mutation($ids: [Int!]!) { restoreStudents(student_ids: $ids) { ${BULK} } }`;
      // an id of another school refuses the whole call, naming it
      const e = await fails("school_admin", M, { ids: [a.id, foreign.id] });
      expect(e).toEqual({
        code: "BAD_USER_INPUT",
        field: "student_ids",
        message: `student_ids: ${foreign.id} is not a participant you can see`,
      });
      expect((await row(a.id)).deleted_at).not.toBeNull();
      expect((await row(foreign.id)).deleted_at).not.toBeNull();
      // past the cap: neither comes back
      const active = await db().$count(students, and(eq(students.school_id, school.id), isNull(students.deleted_at)));
      await db()
        .update(schools)
        .set({ student_cap: active + 1 })
        .where(eq(schools.id, school.id));
      try {
        expect((await fails("school_admin", M, { ids: [a.id, b.id] })).message).toMatch(/^student_cap reached/);
        expect((await row(a.id)).deleted_at).not.toBeNull();
        expect((await row(b.id)).deleted_at).not.toBeNull();
      } finally {
        await db().update(schools).set({ student_cap: 1000 }).where(eq(schools.id, school.id));
      }
      const before = messages.length;
      const done = await ok("school_admin", M, { ids: [a.id, live.id, b.id] });
      expect(done.restoreStudents).toEqual({ student_ids: [a.id, b.id], changed: 2 });
      expect((await row(a.id)).deleted_at).toBeNull();
      expect((await row(b.id)).deleted_at).toBeNull();
      expect(messages.slice(before)).toContainEqual(
        expect.objectContaining({ type: "student.update", student_ids: [a.id, b.id] }),
      );
      expect((await fails("judge", M, { ids: [a.id] })).code).toBe("FORBIDDEN");
    });
  });

  describe("links", () => {
    it("addCourseToStudents: the course must be visible, foreign students refuse all, linked ones are not changed", async () => {
      const start = floorMinute(new Date(Date.now() + 120 * MIN));
      const { course } = await makeCourse(db(), school, start, 60);
      const { course: foreignCourse } = await makeCourse(db(), other, start, 60);
      const a = await makeStudent(db(), school.id, { courses: [course.id] });
      const b = await makeStudent(db(), school.id);
      const foreign = await makeStudent(db(), other.id);
      const M = `mutation($c: Int!, $ids: [Int!]!) { addCourseToStudents(course_id: $c, student_ids: $ids) { ${BULK} } }`;
      expect((await fails("school_admin", M, { c: foreignCourse.id, ids: [b.id] })).code).toBe("NOT_FOUND");
      const e = await fails("school_admin", M, { c: course.id, ids: [b.id, foreign.id] });
      expect(e.message).toBe(`student_ids: ${foreign.id} is not a participant you can see`);
      const linked = () => db().select().from(studentCourse).where(eq(studentCourse.course_id, course.id));
      expect((await linked()).map((r) => r.student_id)).toEqual([a.id]);
      const done = await ok("school_admin", M, { c: course.id, ids: [a.id, b.id] });
      expect(done.addCourseToStudents).toEqual({ student_ids: [b.id], changed: 1 });
      expect((await linked()).map((r) => r.student_id).sort()).toEqual([a.id, b.id].sort());
      // role 6 has no create_participant
      expect((await fails("judge", M, { c: course.id, ids: [b.id] })).code).toBe("FORBIDDEN");
    });

    it("addStudentsToTeam", async () => {
      const [team] = await db()
        .insert(teams)
        .values({ school_id: school.id, name: `Team ${Date.now()}` })
        .returning();
      const [foreignTeam] = await db().insert(teams).values({ school_id: other.id, name: "Elsewhere" }).returning();
      const a = await makeStudent(db(), school.id);
      const M = `mutation($t: Int!, $ids: [Int!]!) { addStudentsToTeam(team_id: $t, student_ids: $ids) { ${BULK} } }`;
      const e = await fails("school_admin", M, { t: foreignTeam!.id, ids: [a.id] });
      expect(e).toMatchObject({ code: "NOT_FOUND", message: "Team not found" });
      expect((await ok("school_admin", M, { t: team!.id, ids: [a.id] })).addStudentsToTeam.changed).toBe(1);
      expect((await ok("school_admin", M, { t: team!.id, ids: [a.id] })).addStudentsToTeam.changed).toBe(0);
      const { student } = await ok("school_admin", STUDENT, { uuid: a.uuid });
      expect(student.teams).toEqual([{ id: team!.id, name: team!.name }]);
    });

    it("addStudentsToEvent: past capacity to the waitlist in order; a restricted event takes only its team", async () => {
      const { event } = await makeEvent(db(), school, new Date(Date.now() + 24 * 60 * MIN), 60);
      await db().update(events).set({ capacity: 2 }).where(eq(events.id, event.id));
      const list = await Promise.all([1, 2, 3, 4].map(() => makeStudent(db(), school.id)));
      const M = `mutation($e: Int!, $ids: [Int!]!) { addStudentsToEvent(event_id: $e, student_ids: $ids) { ${BULK} } }`;
      const ids = list.map((s) => s.id);
      await ok("school_admin", M, { e: event.id, ids: [ids[2], ids[0]] });
      const done = await ok("school_admin", M, { e: event.id, ids: [ids[0], ids[3], ids[1]] });
      expect(done.addStudentsToEvent).toEqual({ student_ids: [ids[3], ids[1]], changed: 2 });
      const rows = await db().select().from(studentEvent).where(eq(studentEvent.event_id, event.id));
      const wait = new Map(rows.map((r) => [r.student_id, r.in_waitlist]));
      expect([ids[2], ids[0], ids[3], ids[1]].map((id) => wait.get(id as number))).toEqual([false, false, true, true]);
      const { student } = await ok("school_admin", STUDENT, { uuid: list[3]!.uuid });
      expect(student.events).toEqual([{ event: { id: event.id }, in_waitlist: true, status: null }]);

      const [team] = await db()
        .insert(teams)
        .values({ school_id: school.id, name: `Restricted ${Date.now()}` })
        .returning();
      const { event: restricted } = await makeEvent(db(), school, new Date(Date.now() + 24 * 60 * MIN), 60);
      await db().update(events).set({ restricted_by: team!.id }).where(eq(events.id, restricted.id));
      await db().insert(studentTeam).values({ student_id: ids[0]!, team_id: team!.id });
      const e = await fails("school_admin", M, { e: restricted.id, ids: [ids[0], ids[1], ids[2]] });
      expect(e).toMatchObject({ field: "student_ids" });
      expect(e.message).toContain(`${ids[1]}, ${ids[2]}`);
      expect(await db().$count(studentEvent, eq(studentEvent.event_id, restricted.id))).toBe(0);
      expect((await ok("school_admin", M, { e: restricted.id, ids: [ids[0]] })).addStudentsToEvent.changed).toBe(1);
    });
  });

  describe("tokens", () => {
    it("resetStudentToken: the old token stops working on the device API at once; send_email mails the new one", async () => {
      const s = await makeStudent(db(), school.id);
      await db()
        .update(students)
        .set({ email: `reset-${s.id}@example.org` })
        .where(eq(students.id, s.id));
      const date = new Date().toISOString().slice(0, 10);
      expect((await phone(srv.url, s.token).get(`schedule?date=${date}`)).status).toBe(200);
      const M = `mutation($id: Int!, $send: Boolean) { resetStudentToken(id: $id, send_email: $send) { id token } }`;
      const forgets: number[][] = [];
      (srv.services.bus as PushBus).subscribe((m) => {
        if (m.type === "engine.forget") forgets.push(m.ids);
      });
      const { resetStudentToken: r } = await ok("school_admin", M, { id: s.id, send: true });
      expect(r.token).not.toBe(s.token);
      // every process is told to forget the student (decision 0540); this one already has
      expect(forgets).toContainEqual([s.id]);
      expect(engineState(srv.services).byToken.has(s.token)).toBe(false);
      expect((await phone(srv.url, s.token).get(`schedule?date=${date}`)).status).toBe(401);
      expect((await phone(srv.url, r.token).get(`schedule?date=${date}`)).status).toBe(200);
      const [mail] = await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, `reset-${s.id}@example.org`))
        .orderBy(desc(mailOutbox.id));
      expect(mail?.text).toContain(r.token);
      // role 6 has no reset_token
      expect((await fails("judge", M, { id: s.id })).code).toBe("FORBIDDEN");
    });

    it("resetStudentsTokens: all or nothing; with send_email students without e-mail are skipped", async () => {
      const a = await makeStudent(db(), school.id);
      const b = await makeStudent(db(), school.id);
      await db()
        .update(students)
        .set({ email: `bulk-${a.id}@example.org` })
        .where(eq(students.id, a.id));
      const foreign = await makeStudent(db(), other.id);
      const M = `mutation($ids: [Int!]!) { resetStudentsTokens(student_ids: $ids, send_email: true) { ${BULK} } }`;
      const e = await fails("school_admin", M, { ids: [a.id, foreign.id] });
      expect(e.message).toBe(`student_ids: ${foreign.id} is not a participant you can see`);
      expect((await row(a.id)).token).toBe(a.token);
      const mails = () => db().$count(mailOutbox, inArray(mailOutbox.to, [`bulk-${a.id}@example.org`]));
      expect(await mails()).toBe(0);
      const done = await ok("school_admin", M, { ids: [a.id, b.id] });
      // b has no e-mail: skipped, its token unchanged, not counted
      expect(done.resetStudentsTokens).toEqual({ student_ids: [a.id], changed: 1 });
      expect((await row(a.id)).token).not.toBe(a.token);
      expect((await row(b.id)).token).toBe(b.token);
      expect(await mails()).toBe(1);
      // without the mail every student gets a new token
      const plain = `mutation($ids: [Int!]!) { resetStudentsTokens(student_ids: $ids) { ${BULK} } }`;
      expect((await ok("school_admin", plain, { ids: [a.id, b.id] })).resetStudentsTokens.changed).toBe(2);
      expect((await row(b.id)).token).not.toBe(b.token);
      expect(await mails()).toBe(1);
      const single = `mutation($id: Int!) { resetStudentToken(id: $id, send_email: true) { id } }`;
      expect(await fails("school_admin", single, { id: b.id })).toMatchObject({ field: "send_email" });
    });
  });

  describe("notes", () => {
    it("anyone who sees the student notes; newest first; a blank message names the field", async () => {
      const s = await makeStudent(db(), school.id);
      const C = `mutation($u: String!, $m: String!) { createNote(student_uuid: $u, message: $m) { id message user { id } } }`;
      const Q = `query($u: String!) { notes(student_uuid: $u) { total data { message user_id } } }`;
      await ok("school_admin", C, { u: s.uuid, m: "first" });
      await ok("school_admin", C, { u: s.uuid, m: " second " });
      const { notes: page } = await ok("school_admin", Q, { u: s.uuid });
      expect(page.total).toBe(2);
      expect(page.data.map((n: { message: string }) => n.message)).toEqual(["second", "first"]);
      expect(page.data[0].user_id).toBe((await as("school_admin")).id);
      expect((await fails("school_admin", C, { u: s.uuid, m: "   " })).field).toBe("message");
      const foreign = await makeStudent(db(), other.id);
      expect((await fails("school_admin", C, { u: foreign.uuid, m: "x" })).code).toBe("NOT_FOUND");
      expect(await db().$count(notes, eq(notes.student_id, foreign.id))).toBe(0);
      // the other school's student has no notes for this viewer
      expect((await ok("school_admin", Q, { u: foreign.uuid })).notes).toEqual({ total: 0, data: [] });
    });
  });

  describe("excuses", () => {
    const CREATE_EXCUSE = `mutation($s: Int!, $d: String!, $a: Int!, $t: String!, $n: String) {
      createExcuse(student_id: $s, date: $d, attendable_id: $a, attendable_type: $t, notes: $n) { id date attendable_title notes } }`;
    const REMOVE_EXCUSE = `mutation($id: Int!) { removeExcuse(id: $id) { id } }`;

    it("an excuse makes a finished absence excused; removing it gives back what the engine says", async () => {
      const start = floorMinute(new Date(Date.now() - 180 * MIN));
      const { course } = await makeCourse(db(), school, start, 60);
      const s = await makeStudent(db(), school.id, { courses: [course.id] });
      const meets = (await db().execute<{ d: string }>(
        `select (timestamptz '${start.toISOString()}' at time zone '${school.timezone}')::date::text as d` as never,
      )) as unknown as { rows: { d: string }[] };
      const date = meets.rows[0]!.d;
      const [att] = await db()
        .insert(attendance)
        .values({
          attendable_type: "course",
          attendable_id: course.id,
          school_id: school.id,
          student_id: s.id,
          status: STATUS.absent,
          finished: true,
          meets: date,
        })
        .returning();
      const before = messages.length;
      const { createExcuse: e } = await ok("school_admin", CREATE_EXCUSE, {
        s: s.id,
        d: date,
        a: course.id,
        t: "course",
        n: " Doctor ",
      });
      expect(e).toMatchObject({ date, attendable_title: course.title, notes: "Doctor" });
      const status = async () => (await db().select().from(attendance).where(eq(attendance.id, att!.id)))[0]!.status;
      expect(await status()).toBe(STATUS.excused);
      expect(messages.slice(before).some((m) => m.type === "attendance.update" && m.ids.includes(att!.id))).toBe(true);
      const { student } = await ok("school_admin", STUDENT, { uuid: s.uuid });
      expect(student.excuses).toEqual([{ id: e.id, date, attendable_title: course.title }]);
      await ok("school_admin", REMOVE_EXCUSE, { id: e.id });
      expect(await status()).toBe(STATUS.absent);
      expect((await db().select().from(excuses).where(eq(excuses.id, e.id)))[0]!.deleted_at).not.toBeNull();
      // a locked (overridden) row is left alone
      await db().update(attendance).set({ lock: true, status: STATUS.present }).where(eq(attendance.id, att!.id));
      await ok("school_admin", CREATE_EXCUSE, { s: s.id, d: date, a: course.id, t: "course" });
      expect(await status()).toBe(STATUS.present);
    });

    it("an excuse of a session in progress reads excused; removed, the engine judges the pings again", async () => {
      const start = floorMinute(new Date(Date.now() - 20 * MIN));
      const made = await makeCourse(db(), school, start, 60);
      const s = await makeStudent(db(), school.id, { courses: [made.course.id] });
      // the phone sent as it went (live): the history stored, the newest sent through the API
      const res = await sentLive(db(), srv.url, s, series(new Date(start.getTime() - 2 * MIN), new Date(), made.place));
      expect(res.status).toBe(200);
      const [att] = await db().select().from(attendance).where(eq(attendance.student_id, s.id));
      expect(att?.status).toBe(STATUS.present);
      const { createExcuse: e } = await ok("school_admin", CREATE_EXCUSE, {
        s: s.id,
        d: att!.meets,
        a: made.course.id,
        t: "course",
      });
      const status = async () => (await db().select().from(attendance).where(eq(attendance.id, att!.id)))[0]!.status;
      expect(await status()).toBe(STATUS.excused);
      // now shows the session and the student's status there
      const { student } = await ok("school_admin", STUDENT, { uuid: s.uuid });
      expect(student.now).toMatchObject({
        title: made.course.title,
        attendable_uuid: made.course.uuid,
        status: STATUS.excused,
        inside: true,
      });
      expect(student.now.last_ping_at).not.toBeNull();
      // a later ping moves the presence, not the cover: the status stays excused
      const later = await phone(srv.url, s.token).pings([ping(new Date(), made.place)]);
      expect(later.status).toBe(200);
      expect(await status()).toBe(STATUS.excused);
      await ok("school_admin", REMOVE_EXCUSE, { id: e.id });
      expect(await status()).toBe(STATUS.present);
    });

    it("an excuse of a session in progress without presence yet makes now read excused, not pending", async () => {
      const start = floorMinute(new Date(Date.now() - 20 * MIN));
      const { course } = await makeCourse(db(), school, start, 60);
      const s = await makeStudent(db(), school.id, { courses: [course.id] });
      const before = await ok("school_admin", STUDENT, { uuid: s.uuid });
      expect(before.student.now).toMatchObject({ attendable_uuid: course.uuid, status: STATUS.pending });
      const meets = (await db().execute<{ d: string }>(
        `select (timestamptz '${start.toISOString()}' at time zone '${school.timezone}')::date::text as d` as never,
      )) as unknown as { rows: { d: string }[] };
      const { createExcuse: e } = await ok("school_admin", CREATE_EXCUSE, {
        s: s.id,
        d: meets.rows[0]!.d,
        a: course.id,
        t: "course",
      });
      expect((await db().select().from(attendance).where(eq(attendance.student_id, s.id))).length).toBe(0);
      const { student } = await ok("school_admin", STUDENT, { uuid: s.uuid });
      expect(student.now).toMatchObject({ attendable_uuid: course.uuid, status: STATUS.excused });
      await ok("school_admin", REMOVE_EXCUSE, { id: e.id });
      const after = await ok("school_admin", STUDENT, { uuid: s.uuid });
      expect(after.student.now).toMatchObject({ status: STATUS.pending });
    });

    it("validation names the field; role 8 may not excuse; unseen ids are refused", async () => {
      const start = floorMinute(new Date(Date.now() + 300 * MIN));
      const { course } = await makeCourse(db(), school, start, 60);
      const { course: foreignCourse } = await makeCourse(db(), other, start, 60);
      const s = await makeStudent(db(), school.id, { courses: [course.id] });
      const base = { s: s.id, d: "2026-01-05", a: course.id, t: "course" };
      expect((await fails("school_admin", CREATE_EXCUSE, { ...base, d: "05/01/2026" })).field).toBe("date");
      expect((await fails("school_admin", CREATE_EXCUSE, { ...base, t: "team" })).field).toBe("attendable_type");
      expect((await fails("school_admin", CREATE_EXCUSE, { ...base, a: foreignCourse.id })).field).toBe(
        "attendable_id",
      );
      expect((await fails("school_admin", CREATE_EXCUSE, { ...base, n: "n".repeat(2001) })).field).toBe("notes");
      const foreign = await makeStudent(db(), other.id);
      expect((await fails("school_admin", CREATE_EXCUSE, { ...base, s: foreign.id })).code).toBe("NOT_FOUND");
      expect((await fails("councelor", CREATE_EXCUSE, base)).code).toBe("FORBIDDEN");
      const { createExcuse: e } = await ok("school_admin", CREATE_EXCUSE, base);
      const U = `mutation($id: Int!, $d: String, $n: String) { updateExcuse(id: $id, date: $d, notes: $n) { id date notes } }`;
      expect((await ok("school_admin", U, { id: e.id, d: "2026-01-06", n: "moved" })).updateExcuse).toEqual({
        id: e.id,
        date: "2026-01-06",
        notes: "moved",
      });
      expect((await fails("school_admin", U, { id: e.id, d: "nope" })).field).toBe("date");
      expect((await fails("councelor", U, { id: e.id })).code).toBe("FORBIDDEN");
    });
  });

  describe("reads", () => {
    it("course_stats: APA of finished sessions, last attended, missed streak", async () => {
      const start = floorMinute(new Date(Date.now() + 600 * MIN));
      const { course } = await makeCourse(db(), school, start, 60);
      const s = await makeStudent(db(), school.id, { courses: [course.id] });
      const today = new Date().toISOString().slice(0, 10);
      const day = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
      const rows = [
        [day(1), STATUS.absent],
        [day(2), STATUS.absent],
        [day(3), STATUS.excused],
        [day(4), STATUS.late],
        [day(5), STATUS.absent],
        [day(6), STATUS.present],
      ] as const;
      await db()
        .insert(attendance)
        .values(
          rows.map(([meets, status]) => ({
            attendable_type: "course" as const,
            attendable_id: course.id,
            school_id: school.id,
            student_id: s.id,
            status,
            finished: true,
            meets,
          })),
        );
      // an unfinished one does not count
      await db().insert(attendance).values({
        attendable_type: "course",
        attendable_id: course.id,
        school_id: school.id,
        student_id: s.id,
        status: STATUS.absent,
        finished: false,
        meets: today,
      });
      const { student } = await ok("school_admin", STUDENT, { uuid: s.uuid });
      expect(student.course_stats).toHaveLength(1);
      expect(student.course_stats[0]).toMatchObject({
        course: { id: course.id },
        attended: 2,
        missed: 3,
        apa: 40,
        last_attended: day(4),
        missed_streak: 2,
      });
    });

    it("attendance: attendable_title, attendable_uuid, location; filter by attendable_uuid", async () => {
      const start = floorMinute(new Date(Date.now() - 240 * MIN));
      const made = await makeCourse(db(), school, start, 60);
      const s = await makeStudent(db(), school.id, { courses: [made.course.id] });
      await db().insert(attendance).values({
        attendable_type: "course",
        attendable_id: made.course.id,
        school_id: school.id,
        student_id: s.id,
        location_id: made.place.id,
        status: STATUS.present,
        finished: true,
        meets: "2026-01-05",
      });
      const Q = `query($u: String, $t: String) { attendance(attendable_uuid: $u, attendable_type: $t) { total data {
        attendable_title attendable_uuid location { id name latitude longitude radius } } } }`;
      const { attendance: page } = await ok("school_admin", Q, { u: made.course.uuid, t: "course" });
      expect(page.total).toBe(1);
      expect(page.data[0]).toMatchObject({
        attendable_title: made.course.title,
        attendable_uuid: made.course.uuid,
        location: { id: made.place.id, latitude: made.place.latitude, longitude: made.place.longitude, radius: 50 },
      });
      // a professor sees the student through their own course; the other course's uuid is not theirs to have
      const [mine] = await db()
        .select()
        .from(userCourse)
        .where(eq(userCourse.user_id, (await as("judge")).id));
      await db().insert(studentCourse).values({ student_id: s.id, course_id: mine!.course_id });
      const R = `query($s: Int) { attendance(student_id: $s) { data { attendable_id attendable_title attendable_uuid } } }`;
      const asJudge = await ok("judge", R, { s: s.id });
      expect(asJudge.attendance.data).toEqual([
        { attendable_id: made.course.id, attendable_title: made.course.title, attendable_uuid: null },
      ]);
      expect((await fails("school_admin", Q, { u: made.course.uuid })).field).toBe("attendable_type");
      expect((await fails("school_admin", Q, { u: "x", t: "course" })).field).toBe("attendable_uuid");
    });

    it("students sort by name and by school_identifier", async () => {
      const tag = `Sortable${Date.now()}`;
      await db()
        .insert(students)
        .values([
          {
            school_id: school.id,
            first_name: "Bea",
            last_name: tag,
            token: `${tag}1`,
            offline_code: "JBSWY3DPEHPK3PXP",
            school_identifier: `${tag}-2`,
          },
          {
            school_id: school.id,
            first_name: "Abe",
            last_name: tag,
            token: `${tag}2`,
            offline_code: "JBSWY3DPEHPK3PXP",
            school_identifier: `${tag}-3`,
          },
          {
            school_id: school.id,
            first_name: "Cy",
            last_name: tag,
            token: `${tag}3`,
            offline_code: "JBSWY3DPEHPK3PXP",
            school_identifier: `${tag}-1`,
          },
        ]);
      const Q = `query($s: String, $d: String) { students(query: "${tag}", sort_by: $s, sort_dir: $d) { data { first_name } } }`;
      const names = async (s: string, d = "asc") =>
        (await ok("school_admin", Q, { s, d })).students.data.map((x: { first_name: string }) => x.first_name);
      expect(await names("name")).toEqual(["Abe", "Bea", "Cy"]);
      expect(await names("name", "desc")).toEqual(["Cy", "Bea", "Abe"]);
      expect(await names("school_identifier")).toEqual(["Cy", "Bea", "Abe"]);
    });

    it("a page of students with every relation costs the same statements for 5 rows as for 25", async () => {
      const ids = (await db().select({ id: courses.id }).from(courses).where(eq(courses.school_id, school.id))).map(
        (c) => c.id,
      );
      const { event } = await makeEvent(db(), school, new Date(Date.now() - 10 * MIN), 60);
      for (let i = 0; i < 30; i++) {
        const st = await makeStudent(db(), school.id, { courses: ids.slice(i % 3, (i % 3) + 2), events: [event.id] });
        // every other one with a phone
        if (i % 2 === 0) {
          const [d] = await db()
            .insert(devices)
            .values({ student_id: st.id, type: "ios", model_name: `Phone ${i}` })
            .returning();
          await db().update(students).set({ device_id: d!.id }).where(eq(students.id, st.id));
        }
      }
      const Q = (n: number) =>
        `{ students(per_page: ${n}, relation: "event", relation_uuid: "${event.uuid}") { total data { ${FIELDS} } } }`;
      const statements = async (n: number) => {
        const before = srv.database.statements();
        const data = await ok("school_admin", Q(n));
        expect(data.students.data).toHaveLength(n);
        if (n > 5) expect(data.students.data.some((x: { device: unknown }) => x.device !== null)).toBe(true);
        return srv.database.statements() - before;
      };
      await statements(5); // warm the per-app caches
      const small = await statements(5);
      const large = await statements(25);
      console.log(`${kind}: students with every relation: ${small} statements for 5, ${large} for 25`);
      expect(large).toBe(small);
      expect(large).toBeLessThanOrEqual(30);
    });
  });
});
