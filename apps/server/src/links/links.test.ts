import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import {
  events,
  studentCourse,
  studentEvent,
  studentTeam,
  studentTravel,
  teams,
  travel,
  userCourse,
  userStudent,
  users,
  userTeam,
} from "../db/schema/index.ts";
import { MIN, makeCourse, makeEvent, makeStudent, schoolsOf } from "../engine/test-fixtures.ts";

const ATTACH = `mutation($t: String!, $id: Int!, $ids: [Int!]!) {
  attachStudents(attachable_type: $t, attachable_id: $id, student_ids: $ids) { student_ids changed } }`;
const DETACH = `mutation($t: String!, $id: Int!, $ids: [Int!]!) {
  detachStudents(attachable_type: $t, attachable_id: $id, student_ids: $ids) { student_ids changed } }`;
const ASSIGN = `mutation($t: String!, $id: Int!, $ids: [Int!]!) {
  attachUsers(assignable_type: $t, assignable_id: $id, user_ids: $ids) { user_ids changed } }`;
const UNASSIGN = `mutation($t: String!, $id: Int!, $ids: [Int!]!) {
  detachUsers(assignable_type: $t, assignable_id: $id, user_ids: $ids) { user_ids changed } }`;

/** The generic link calls of spec section 7 through real GraphQL, on every database (decision 0700). */
describe.each(ONE_DATABASE)("generic link calls on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  let other: { id: number; timezone: string };
  const tokens = new Map<string, { token: string; id: number }>();

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school, other } = await schoolsOf(srv.services.db));
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const as = async (role: string) => {
    const have = tokens.get(role);
    if (have) return have;
    const s = await srv.login(role);
    const me = { token: s.access_token as string, id: s.user.id as number };
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
  const later = () => new Date(Date.now() + 24 * 60 * MIN);
  const makeTeam = async (schoolId: number) =>
    (
      await db()
        .insert(teams)
        .values({ school_id: schoolId, name: `Links ${Date.now()} ${Math.random()}` })
        .returning()
    )[0]!;
  const makeTravel = async (teamId: number) =>
    (
      await db()
        .insert(travel)
        .values({ team_id: teamId, start_date: later(), end_date: new Date(later().getTime() + 60 * MIN) })
        .returning()
    )[0]!;
  const userOf = async (role: number) =>
    (
      await db()
        .select()
        .from(users)
        .where(and(eq(users.school_id, school.id), eq(users.role_id, role)))
    )[0]!;

  describe("attachStudents and detachStudents", () => {
    it("an unknown type is BAD_USER_INPUT for everyone, naming attachable_type", async () => {
      for (const role of ["school_admin", "case_manager"])
        expect(await fails(role, ATTACH, { t: "club", id: 1, ids: [1] })).toMatchObject({
          code: "BAD_USER_INPUT",
          field: "attachable_type",
        });
      expect((await fails("school_admin", DETACH, { t: "school", id: 1, ids: [] })).field).toBe("attachable_type");
    });

    it("course: create_participant; links and unlinks only what changes; all or nothing", async () => {
      const { course } = await makeCourse(db(), school, later(), 60);
      const { course: foreignCourse } = await makeCourse(db(), other, later(), 60);
      const [a, b] = await Promise.all([makeStudent(db(), school.id), makeStudent(db(), school.id)]);
      const foreign = await makeStudent(db(), other.id);
      expect((await fails("judge", ATTACH, { t: "course", id: course.id, ids: [a.id] })).code).toBe("FORBIDDEN");
      expect((await fails("judge", DETACH, { t: "course", id: course.id, ids: [a.id] })).code).toBe("FORBIDDEN");
      expect(await fails("school_admin", ATTACH, { t: "course", id: foreignCourse.id, ids: [a.id] })).toMatchObject({
        code: "NOT_FOUND",
        message: "Course not found",
      });
      expect(
        await fails("school_admin", ATTACH, { t: "course", id: course.id, ids: [a.id, foreign.id] }),
      ).toMatchObject({ field: "student_ids", message: `student_ids: ${foreign.id} is not a participant you can see` });
      const linked = async () =>
        (await db().select().from(studentCourse).where(eq(studentCourse.course_id, course.id))).map(
          (r) => r.student_id,
        );
      expect(await linked()).toEqual([]);
      expect(
        (await ok("school_admin", ATTACH, { t: "Course", id: course.id, ids: [a.id, b.id] })).attachStudents,
      ).toEqual({
        student_ids: [a.id, b.id],
        changed: 2,
      });
      expect(
        await fails("school_admin", DETACH, { t: "course", id: course.id, ids: [a.id, foreign.id] }),
      ).toMatchObject({ field: "student_ids" });
      expect((await linked()).sort()).toEqual([a.id, b.id].sort());
      const { detachStudents } = await ok("school_admin", DETACH, {
        t: "course",
        id: course.id,
        ids: [a.id],
      });
      expect(detachStudents).toEqual({ student_ids: [a.id], changed: 1 });
      expect(
        (await ok("school_admin", DETACH, { t: "course", id: course.id, ids: [a.id] })).detachStudents.changed,
      ).toBe(0);
      expect(await linked()).toEqual([b.id]);
    });

    it("event: assign_appointment; capacity puts the rest on the waitlist; leaving moves the first waiting up", async () => {
      const { event } = await makeEvent(db(), school, later(), 60);
      await db().update(events).set({ capacity: 2 }).where(eq(events.id, event.id));
      const s = await Promise.all([1, 2, 3, 4].map(() => makeStudent(db(), school.id)));
      const ids = s.map((x) => x.id);
      // role 6 may put its own students on an event it sees
      const judge = await as("judge");
      for (const id of ids) await db().insert(userStudent).values({ user_id: judge.id, student_id: id });
      const { event: hidden } = await makeEvent(db(), school, later(), 60);
      expect((await fails("judge", ATTACH, { t: "event", id: hidden.id, ids: [ids[0]] })).code).toBe("NOT_FOUND");
      await db().update(events).set({ visibility: "public" }).where(eq(events.id, event.id));
      expect((await fails("councelor", ATTACH, { t: "travel", id: 1, ids: [] })).code).toBe("FORBIDDEN");
      await ok("judge", ATTACH, { t: "event", id: event.id, ids });
      const waiting = async () =>
        new Map(
          (await db().select().from(studentEvent).where(eq(studentEvent.event_id, event.id))).map((r) => [
            r.student_id,
            r.in_waitlist,
          ]),
        );
      const seated = await waiting();
      expect(ids.map((id) => seated.get(id))).toEqual([false, false, true, true]);
      // a waitlisted one leaving frees no seat
      await ok("school_admin", DETACH, { t: "event", id: event.id, ids: [ids[3]] });
      expect((await waiting()).get(ids[2]!)).toBe(true);
      // a seated one leaving: the first waiting moves up
      const { detachStudents } = await ok("school_admin", DETACH, { t: "event", id: event.id, ids: [ids[0]] });
      expect(detachStudents).toEqual({ student_ids: [ids[0]], changed: 1 });
      const after = await waiting();
      expect([after.get(ids[1]!), after.get(ids[2]!), after.has(ids[0]!)]).toEqual([false, false, false]);
    });

    it("team: create_participant; travel: roles 1-5, 7 and only the team's students", async () => {
      const team = await makeTeam(school.id);
      const trip = await makeTravel(team.id);
      const foreignTrip = await makeTravel((await makeTeam(other.id)).id);
      const [a, b] = await Promise.all([makeStudent(db(), school.id), makeStudent(db(), school.id)]);
      expect((await fails("staff", ATTACH, { t: "team", id: team.id, ids: [a.id] })).code).toBe("FORBIDDEN");
      await ok("school_admin", ATTACH, { t: "team", id: team.id, ids: [a.id] });
      expect(await db().$count(studentTeam, eq(studentTeam.team_id, team.id))).toBe(1);
      for (const role of ["judge", "councelor", "case_manager"])
        expect((await fails(role, ATTACH, { t: "travel", id: trip.id, ids: [a.id] })).code).toBe("FORBIDDEN");
      expect(await fails("school_admin", ATTACH, { t: "travel", id: foreignTrip.id, ids: [a.id] })).toMatchObject({
        code: "NOT_FOUND",
        message: "Travel not found",
      });
      expect(await fails("school_admin", ATTACH, { t: "travel", id: trip.id, ids: [a.id, b.id] })).toMatchObject({
        field: "student_ids",
        message: `student_ids: ${b.first_name} ${b.last_name} is not on the team`,
      });
      // a coach of the team lists its travelling students
      await db()
        .insert(userTeam)
        .values({ user_id: (await as("staff")).id, team_id: team.id });
      expect((await ok("staff", ATTACH, { t: "travel", id: trip.id, ids: [a.id] })).attachStudents.changed).toBe(1);
      expect(await db().$count(studentTravel, eq(studentTravel.travel_id, trip.id))).toBe(1);
      expect((await ok("staff", DETACH, { t: "travel", id: trip.id, ids: [a.id] })).detachStudents.changed).toBe(1);
      expect((await ok("school_admin", DETACH, { t: "team", id: team.id, ids: [a.id] })).detachStudents.changed).toBe(
        1,
      );
      expect(await db().$count(studentTeam, eq(studentTeam.team_id, team.id))).toBe(0);
    });
  });

  describe("attachUsers and detachUsers", () => {
    it("roles 1-4 assign any user of the school; all or nothing; another school's ids refused", async () => {
      const { course } = await makeCourse(db(), school, later(), 60);
      const { course: foreignCourse } = await makeCourse(db(), other, later(), 60);
      const owner = await userOf(2);
      const coach = await userOf(7);
      const [foreignUser] = await db().select().from(users).where(eq(users.school_id, other.id));
      const assigned = async () =>
        (await db().select().from(userCourse).where(eq(userCourse.course_id, course.id))).map((r) => r.user_id).sort();
      expect(await fails("school_admin", ASSIGN, { t: "club", id: course.id, ids: [coach.id] })).toMatchObject({
        code: "BAD_USER_INPUT",
        field: "assignable_type",
      });
      expect(
        await fails("athletics_admin", ASSIGN, { t: "course", id: course.id, ids: [coach.id, foreignUser!.id] }),
      ).toMatchObject({
        field: "user_ids",
        message: `user_ids: ${foreignUser!.id} is not a user you can see`,
      });
      expect(await fails("school_admin", ASSIGN, { t: "course", id: foreignCourse.id, ids: [coach.id] })).toMatchObject(
        {
          code: "NOT_FOUND",
          message: "Course not found",
        },
      );
      expect(await assigned()).toEqual([]);
      const { attachUsers } = await ok("athletics_admin", ASSIGN, {
        t: "course",
        id: course.id,
        ids: [owner.id, coach.id],
      });
      expect(attachUsers).toEqual({ user_ids: [owner.id, coach.id], changed: 2 });
      expect(
        (await ok("school_admin", ASSIGN, { t: "course", id: course.id, ids: [coach.id] })).attachUsers.changed,
      ).toBe(0);
      expect(await assigned()).toEqual([owner.id, coach.id].sort());
      const { detachUsers } = await ok("school_admin", UNASSIGN, { t: "course", id: course.id, ids: [coach.id] });
      expect(detachUsers).toEqual({ user_ids: [coach.id], changed: 1 });
      expect(await assigned()).toEqual([owner.id]);
    });

    it("role 5 assigns only users of roles 6-9 on what it sees; roles 6-9 may not assign", async () => {
      const team = await makeTeam(school.id);
      const advisor = await as("academic_advisor");
      const admin = await userOf(4);
      const coach = await userOf(7);
      const student = await makeStudent(db(), school.id);
      expect((await fails("academic_advisor", ASSIGN, { t: "team", id: team.id, ids: [coach.id] })).code).toBe(
        "NOT_FOUND",
      );
      await db().insert(userTeam).values({ user_id: advisor.id, team_id: team.id });
      expect(
        await fails("academic_advisor", ASSIGN, { t: "team", id: team.id, ids: [coach.id, admin.id] }),
      ).toMatchObject({
        code: "FORBIDDEN",
        field: "user_ids",
      });
      expect(
        (await ok("academic_advisor", ASSIGN, { t: "team", id: team.id, ids: [coach.id] })).attachUsers.changed,
      ).toBe(1);
      expect(await db().$count(userTeam, eq(userTeam.team_id, team.id))).toBe(2);
      for (const role of ["judge", "staff", "councelor", "case_manager"])
        expect((await fails(role, ASSIGN, { t: "student", id: student.id, ids: [coach.id] })).code).toBe("FORBIDDEN");
      await ok("school_admin", ASSIGN, { t: "student", id: student.id, ids: [coach.id] });
      expect(await db().$count(userStudent, eq(userStudent.student_id, student.id))).toBe(1);
      expect(await fails("academic_advisor", UNASSIGN, { t: "team", id: team.id, ids: [admin.id] })).toMatchObject({
        code: "FORBIDDEN",
      });
      expect(
        (await ok("academic_advisor", UNASSIGN, { t: "team", id: team.id, ids: [coach.id] })).detachUsers.changed,
      ).toBe(1);
      const { event } = await makeEvent(db(), school, later(), 60);
      expect(
        (await ok("school_admin", ASSIGN, { t: "event", id: event.id, ids: [coach.id] })).attachUsers.changed,
      ).toBe(1);
    });
  });
});
