import { formatDate, localDate, localMinutes, STATUS } from "@rollbook/domain";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import {
  attendance,
  auditLog,
  schoolClosures,
  students,
  studentTeam,
  studentTravel,
  teams,
  travel,
  userTeam,
} from "../db/schema/index.ts";
import { floorMinute, MIN, makeCourse, makeStudent, schoolsOf } from "../engine/test-fixtures.ts";
import { isPush, type PushBus, type PushMessage } from "../realtime/messages.ts";

const FIELDS = "id uuid name tag is_sport visibility deleted_at students_count apa";
const CREATE = `mutation($name: String!, $tag: String, $is_sport: Boolean, $visibility: String) {
  createTeam(name: $name, tag: $tag, is_sport: $is_sport, visibility: $visibility) { ${FIELDS} } }`;
const UPDATE = `mutation($id: Int!, $name: String, $tag: String, $visibility: String) {
  updateTeam(id: $id, name: $name, tag: $tag, visibility: $visibility) { ${FIELDS} } }`;
const REMOVE = `mutation($id: Int!) { removeTeam(id: $id) { id deleted_at } }`;
const RESTORE = `mutation($id: Int!) { restoreTeam(id: $id) { id deleted_at } }`;
const TEAM = `query($uuid: String!) { team(uuid: $uuid) { ${FIELDS} users { id } travel { id students_count students { id } } } }`;
const LIST = `query($q: String, $state: String, $sort: String, $dir: String, $per: Int) {
  teams(query: $q, state: $state, sort_by: $sort, sort_dir: $dir, per_page: $per) { total data { id name students_count apa } } }`;
const TRAVEL_FIELDS = "id team_id start_date end_date notes is_away students_count students { id }";
const CREATE_TRAVEL = `mutation($t: Int!, $s: String, $e: String, $n: String, $away: Boolean, $ids: [Int!]) {
  createTravel(team_id: $t, start_date: $s, end_date: $e, notes: $n, is_away: $away, student_ids: $ids) { ${TRAVEL_FIELDS} } }`;
const UPDATE_TRAVEL = `mutation($id: Int!, $s: String, $e: String, $away: Boolean, $ids: [Int!]) {
  updateTravel(id: $id, start_date: $s, end_date: $e, is_away: $away, student_ids: $ids) { ${TRAVEL_FIELDS} } }`;
const REMOVE_TRAVEL = `mutation($id: Int!) { removeTravel(id: $id) { id } }`;
const TRAVEL_LIST = `query($t: Int!) { travel(team_id: $t) { total data { id notes } } }`;
const PASTE = `mutation($t: Int!, $ids: [String!]!) {
  attachStudentsToTeam(team_id: $t, student_school_ids: $ids) { student_ids changed unknown } }`;

/** The teams and travel calls through real GraphQL, on every database (issue 11, decision 0700). */
describe.each(DATABASES)("teams calls on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  let other: { id: number; timezone: string };
  const tokens = new Map<string, { token: string; id: number }>();
  const messages: PushMessage[] = [];
  let seq = 0;

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school, other } = await schoolsOf(srv.services.db));
    (srv.services.bus as PushBus).subscribe((m) => isPush(m) && messages.push(m));
    // the demo's closures would call off the sessions these tests judge
    await srv.services.db.delete(schoolClosures);
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
  const makeTeam = async (schoolId: number, name = `Team ${++seq} ${Date.now()}`) =>
    (await db().insert(teams).values({ school_id: schoolId, name }).returning())[0]!;
  const join = (teamId: number, ...ids: number[]) =>
    db()
      .insert(studentTeam)
      .values(ids.map((student_id) => ({ student_id, team_id: teamId })));

  describe("create, update, remove, restore", () => {
    it("creates with defaults, checks every field by name, keeps names unique among live teams", async () => {
      const name = `Soccer ${Date.now()}`;
      const { createTeam: t } = await ok("staff", CREATE, { name: `  ${name} `, tag: " VAR ", is_sport: true });
      expect(t).toMatchObject({ name, tag: "VAR", is_sport: true, visibility: "private", deleted_at: null });
      expect(t.students_count).toBe(0);
      expect(t.apa).toBeNull();
      expect(await fails("school_admin", CREATE, { name: " " })).toMatchObject({
        code: "BAD_USER_INPUT",
        field: "name",
      });
      expect(await fails("school_admin", CREATE, { name: name.toUpperCase() })).toMatchObject({ field: "name" });
      expect(await fails("school_admin", CREATE, { name: "X", tag: "x".repeat(21) })).toMatchObject({ field: "tag" });
      expect(await fails("school_admin", CREATE, { name: "X", visibility: "hidden" })).toMatchObject({
        field: "visibility",
      });
      // the same name in another school is free
      await makeTeam(other.id, `${name} elsewhere`);
      const { updateTeam: u } = await ok("school_admin", UPDATE, { id: t.id, tag: null, visibility: "public" });
      expect(u).toMatchObject({ name, tag: null, visibility: "public" });
      const second = await ok("school_admin", CREATE, { name: `${name} B` });
      expect(await fails("school_admin", UPDATE, { id: second.createTeam.id, name })).toMatchObject({ field: "name" });
      const audited = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subject_type, "team"), eq(auditLog.subject_id, t.id)));
      expect(audited.map((a) => a.action)).toEqual(["team.create", "team.update"]);
    });

    it("removes softly, lists and finds removed ones, refuses updates until restored, restores with a free name", async () => {
      const name = `Chess ${Date.now()}`;
      const { createTeam: t } = await ok("school_admin", CREATE, { name });
      const { removeTeam } = await ok("school_admin", REMOVE, { id: t.id });
      expect(removeTeam.deleted_at).not.toBeNull();
      const names = async (state?: string) =>
        (await ok("school_admin", LIST, { q: name, state })).teams.data.map((x: { name: string }) => x.name);
      expect(await names()).toEqual([]);
      expect(await names("removed")).toEqual([name]);
      expect(await names("all")).toEqual([name]);
      expect((await fails("school_admin", LIST, { state: "gone" })).field).toBe("state");
      expect((await ok("school_admin", TEAM, { uuid: t.uuid })).team.deleted_at).not.toBeNull();
      expect(await fails("school_admin", UPDATE, { id: t.id, tag: "x" })).toMatchObject({ field: "id" });
      // the name was taken meanwhile: restore refuses, naming it
      const { createTeam: again } = await ok("school_admin", CREATE, { name });
      expect(await fails("school_admin", RESTORE, { id: t.id })).toMatchObject({ field: "name" });
      await ok("school_admin", UPDATE, { id: again.id, name: `${name} 2` });
      expect((await ok("school_admin", RESTORE, { id: t.id })).restoreTeam.deleted_at).toBeNull();
      expect(await names()).toEqual([name, `${name} 2`]);
    });

    it("permissions: roles 1-5 and 7 run teams; another school's team is not found", async () => {
      const foreign = await makeTeam(other.id);
      for (const role of ["judge", "councelor", "case_manager"])
        expect((await fails(role, CREATE, { name: `Nope ${role}` })).code).toBe("FORBIDDEN");
      // roles 5 and 7 see only assigned teams: the creator is assigned to the new one
      const { createTeam: mine } = await ok("academic_advisor", CREATE, { name: `Advisor's ${Date.now()}` });
      expect((await ok("academic_advisor", TEAM, { uuid: mine.uuid })).team.users).toEqual([
        { id: (await as("academic_advisor")).id },
      ]);
      const { createTeam: theirs } = await ok("school_admin", CREATE, { name: `Admin's ${Date.now()}` });
      expect((await ok("school_admin", TEAM, { uuid: theirs.uuid })).team.users).toEqual([]);
      for (const q of [REMOVE, RESTORE])
        expect(await fails("school_admin", q, { id: foreign.id })).toMatchObject({
          code: "NOT_FOUND",
          message: "Team not found",
        });
      expect((await fails("school_admin", UPDATE, { id: foreign.id, tag: "x" })).code).toBe("NOT_FOUND");
      expect((await fails("school_admin", TEAM, { uuid: foreign.uuid })).message).toBe("Team not found");
      expect((await fails("school_admin", TEAM, { uuid: "not-a-uuid" })).code).toBe("NOT_FOUND");
      expect((await db().select().from(teams).where(eq(teams.id, foreign.id)))[0]!.deleted_at).toBeNull();
    });
  });

  describe("reads", () => {
    it("students_count, apa (mean of semester_apa), users; sorts by name, students_count and apa", async () => {
      const tag = `Sort${Date.now()}`;
      const a = await makeTeam(school.id, `${tag} A`);
      const b = await makeTeam(school.id, `${tag} B`);
      const c = await makeTeam(school.id, `${tag} C`);
      const s = await Promise.all([1, 2, 3].map(() => makeStudent(db(), school.id)));
      await db().update(students).set({ semester_apa: 90 }).where(eq(students.id, s[0]!.id));
      await db().update(students).set({ semester_apa: 45 }).where(eq(students.id, s[1]!.id));
      await db().update(students).set({ semester_apa: 10, deleted_at: new Date() }).where(eq(students.id, s[2]!.id));
      await join(a.id, s[0]!.id, s[1]!.id, s[2]!.id); // the removed one counts nowhere
      await join(b.id, s[1]!.id);
      const coach = await as("staff");
      await db().insert(userTeam).values({ user_id: coach.id, team_id: a.id });
      const rows = async (sort: string, dir = "asc") =>
        (await ok("school_admin", LIST, { q: tag, sort, dir })).teams.data.map((t: { name: string }) =>
          t.name.slice(-1),
        );
      expect(await rows("name")).toEqual(["A", "B", "C"]);
      expect(await rows("name", "desc")).toEqual(["C", "B", "A"]);
      expect(await rows("students_count", "desc")).toEqual(["A", "B", "C"]);
      expect(await rows("apa")).toEqual(["B", "A", "C"]); // no APA last
      expect(await rows("apa", "desc")).toEqual(["A", "B", "C"]);
      expect((await fails("school_admin", LIST, { sort: "tag" })).field).toBe("sort_by");
      const { team } = await ok("school_admin", TEAM, { uuid: a.uuid });
      expect(team).toMatchObject({ students_count: 2, apa: 67.5, users: [{ id: coach.id }] });
      expect((await ok("school_admin", TEAM, { uuid: c.uuid })).team).toMatchObject({ students_count: 0, apa: null });
    });

    it("roles 5-9 see their assigned teams; Team.travel is null for roles outside 1-5, 7", async () => {
      const t = await makeTeam(school.id);
      await db()
        .insert(travel)
        .values({ team_id: t.id, start_date: new Date(), end_date: new Date(Date.now() + MIN) });
      expect((await fails("judge", TEAM, { uuid: t.uuid })).code).toBe("NOT_FOUND");
      for (const role of ["judge", "staff"]) {
        const me = await as(role);
        await db().insert(userTeam).values({ user_id: me.id, team_id: t.id });
      }
      expect((await ok("judge", TEAM, { uuid: t.uuid })).team.travel).toBeNull();
      expect((await ok("staff", TEAM, { uuid: t.uuid })).team.travel).toHaveLength(1);
      expect((await fails("judge", TRAVEL_LIST, { t: t.id })).code).toBe("FORBIDDEN");
      expect((await ok("staff", TRAVEL_LIST, { t: t.id })).travel.total).toBe(1);
    });

    it("a page of teams with every relation costs the same statements for 5 rows as for 20", async () => {
      const tag = `Batch${Date.now()}`;
      const coach = await as("staff");
      for (let i = 0; i < 20; i++) {
        const t = await makeTeam(school.id, `${tag} ${String(i).padStart(2, "0")}`);
        const st = await makeStudent(db(), school.id);
        await join(t.id, st.id);
        await db().insert(userTeam).values({ user_id: coach.id, team_id: t.id });
        const [tr] = await db()
          .insert(travel)
          .values({ team_id: t.id, start_date: new Date(), end_date: new Date(Date.now() + MIN) })
          .returning();
        await db().insert(studentTravel).values({ student_id: st.id, travel_id: tr!.id });
      }
      const Q = (n: number) => `{ teams(query: "${tag}", per_page: ${n}) { total data { ${FIELDS}
        users { id } travel { id students_count students { id } } } } }`;
      const statements = async (n: number) => {
        const before = srv.database.statements();
        const data = await ok("school_admin", Q(n));
        expect(data.teams.data).toHaveLength(n);
        expect(data.teams.data[0].travel[0].students).toHaveLength(1);
        return srv.database.statements() - before;
      };
      await statements(5);
      const small = await statements(5);
      const large = await statements(20);
      console.log(`${kind}: teams with every relation: ${small} statements for 5, ${large} for 20`);
      expect(large).toBe(small);
    });
  });

  describe("travel", () => {
    it("defaults to 6:00-20:00 of the school's today, checks end after start and the students' team", async () => {
      const t = await makeTeam(school.id);
      const [on, off] = await Promise.all([makeStudent(db(), school.id), makeStudent(db(), school.id)]);
      await join(t.id, on.id);
      const { createTravel: tr } = await ok("school_admin", CREATE_TRAVEL, {
        t: t.id,
        n: " Away game ",
        ids: [on.id],
      });
      const start = new Date(tr.start_date);
      const end = new Date(tr.end_date);
      expect(localDate(start, school.timezone)).toBe(localDate(new Date(), school.timezone));
      expect([localMinutes(start, school.timezone), localMinutes(end, school.timezone)]).toEqual([360, 1200]);
      expect(tr).toMatchObject({
        team_id: t.id,
        notes: "Away game",
        is_away: true,
        students_count: 1,
        students: [{ id: on.id }],
      });
      // a coach assigned to the team runs its travel; only a start given: the defaults are of that day
      await db()
        .insert(userTeam)
        .values({ user_id: (await as("staff")).id, team_id: t.id });
      const { createTravel: later } = await ok("staff", CREATE_TRAVEL, { t: t.id, s: "2030-01-10T15:00:00Z" });
      expect(localDate(new Date(later.end_date), school.timezone)).toBe("2030-01-10");
      expect(
        await fails("school_admin", CREATE_TRAVEL, { t: t.id, s: "2030-01-10T15:00:00Z", e: "2030-01-10T14:00:00Z" }),
      ).toMatchObject({ code: "BAD_USER_INPUT", field: "end_date" });
      expect(await fails("school_admin", CREATE_TRAVEL, { t: t.id, s: "2030-01-10 15:00" })).toMatchObject({
        field: "start_date",
      });
      const e = await fails("school_admin", CREATE_TRAVEL, { t: t.id, ids: [on.id, off.id] });
      expect(e).toMatchObject({
        field: "student_ids",
        message: `student_ids: ${off.first_name} ${off.last_name} is not on the team`,
      });
      const foreign = await makeStudent(db(), other.id);
      expect(await fails("school_admin", CREATE_TRAVEL, { t: t.id, ids: [foreign.id] })).toMatchObject({
        field: "student_ids",
        message: `student_ids: ${foreign.id} is not a participant you can see`,
      });
      expect(await db().$count(travel, eq(travel.team_id, t.id))).toBe(2);
      // a list given empty is refused, naming student_ids: "no student picked" would cover the whole team
      const none = await fails("school_admin", CREATE_TRAVEL, { t: t.id, ids: [] });
      expect(none).toMatchObject({ code: "BAD_USER_INPUT", field: "student_ids" });
      expect(none.message).toMatch(/^student_ids must list at least one student/);
      expect(await db().$count(travel, eq(travel.team_id, t.id))).toBe(2);
      expect(await fails("school_admin", UPDATE_TRAVEL, { id: tr.id, away: false, ids: [] })).toMatchObject({
        field: "student_ids",
      });
      // update changes what is given; student_ids replaces the list
      const { updateTravel: u } = await ok("school_admin", UPDATE_TRAVEL, { id: tr.id, away: false, ids: [on.id] });
      expect(u).toMatchObject({ is_away: false, students_count: 1, notes: "Away game", start_date: tr.start_date });
      expect(await fails("school_admin", UPDATE_TRAVEL, { id: tr.id, e: tr.start_date })).toMatchObject({
        field: "end_date",
      });
      const list = await ok("school_admin", TRAVEL_LIST, { t: t.id });
      expect(list.travel.data.map((x: { id: number }) => x.id)).toEqual([later.id, tr.id]);
      await ok("school_admin", REMOVE_TRAVEL, { id: tr.id });
      expect(await db().$count(travel, eq(travel.id, tr.id))).toBe(0);
    });

    it("permissions and other schools: roles 6, 8, 9 refused; another school's team or travel not found", async () => {
      const foreignTeam = await makeTeam(other.id);
      const [foreignTravel] = await db()
        .insert(travel)
        .values({ team_id: foreignTeam.id, start_date: new Date(), end_date: new Date(Date.now() + MIN) })
        .returning();
      const mine = await makeTeam(school.id);
      for (const role of ["judge", "councelor", "case_manager"]) {
        expect((await fails(role, CREATE_TRAVEL, { t: mine.id })).code).toBe("FORBIDDEN");
        expect((await fails(role, REMOVE_TRAVEL, { id: foreignTravel!.id })).code).toBe("FORBIDDEN");
      }
      expect(await fails("school_admin", CREATE_TRAVEL, { t: foreignTeam.id })).toMatchObject({
        code: "NOT_FOUND",
        message: "Team not found",
      });
      // a list filtered by a team one cannot see is empty, as cancellations(course_id)
      expect((await ok("school_admin", TRAVEL_LIST, { t: foreignTeam.id })).travel).toEqual({ total: 0, data: [] });
      for (const q of [UPDATE_TRAVEL, REMOVE_TRAVEL])
        expect(await fails("school_admin", q, { id: foreignTravel!.id })).toMatchObject({
          code: "NOT_FOUND",
          message: "Travel not found",
        });
      // a coach not assigned to the team does not see it
      expect((await fails("staff", CREATE_TRAVEL, { t: mine.id })).message).toBe("Team not found");
      expect(await db().$count(travel, eq(travel.team_id, foreignTeam.id))).toBe(1);
    });

    it("a finished absence inside the travel reads travel; removing the travel gives the absence back", async () => {
      const start = floorMinute(new Date(Date.now() - 180 * MIN));
      const { course, meets } = await makeCourse(db(), school, start, 60);
      const t = await makeTeam(school.id);
      const s = await makeStudent(db(), school.id, { courses: [course.id] });
      const there = await makeStudent(db(), school.id, { courses: [course.id] });
      await join(t.id, s.id, there.id);
      const row = async (studentId: number, status: number) =>
        (
          await db()
            .insert(attendance)
            .values({
              attendable_type: "course",
              attendable_id: course.id,
              school_id: school.id,
              student_id: studentId,
              status,
              finished: true,
              meets,
            })
            .returning()
        )[0]!;
      const absent = await row(s.id, STATUS.absent);
      const locked = await row(there.id, STATUS.absent);
      await db().update(attendance).set({ lock: true }).where(eq(attendance.id, locked.id));
      const status = async (id: number) =>
        (await db().select().from(attendance).where(eq(attendance.id, id)))[0]!.status;
      const before = messages.length;
      const window = {
        s: new Date(start.getTime() - 30 * MIN).toISOString(),
        e: new Date(start.getTime() + 90 * MIN).toISOString(),
      };
      const { createTravel: tr } = await ok("school_admin", CREATE_TRAVEL, {
        t: t.id,
        ...window,
        ids: [s.id],
      });
      expect(await status(absent.id)).toBe(STATUS.travel);
      expect(await status(locked.id)).toBe(STATUS.absent); // an override is left alone
      expect(messages.slice(before).some((m) => m.type === "attendance.update" && m.ids.includes(absent.id))).toBe(
        true,
      );
      // not away: no cover
      await ok("school_admin", UPDATE_TRAVEL, { id: tr.id, away: false });
      expect(await status(absent.id)).toBe(STATUS.absent);
      await ok("school_admin", UPDATE_TRAVEL, { id: tr.id, away: true });
      expect(await status(absent.id)).toBe(STATUS.travel);
      // moved off the session: the absence is back
      await ok("school_admin", UPDATE_TRAVEL, {
        id: tr.id,
        s: new Date(start.getTime() + 120 * MIN).toISOString(),
        e: new Date(start.getTime() + 150 * MIN).toISOString(),
      });
      expect(await status(absent.id)).toBe(STATUS.absent);
      await ok("school_admin", UPDATE_TRAVEL, { id: tr.id, ...window });
      expect(await status(absent.id)).toBe(STATUS.travel);
      await ok("school_admin", REMOVE_TRAVEL, { id: tr.id });
      expect(await status(absent.id)).toBe(STATUS.absent);
    });

    it("a travel that lists its students covers only them; one listing nobody covers the whole team", async () => {
      const start = floorMinute(new Date(Date.now() - 180 * MIN));
      const { course, meets } = await makeCourse(db(), school, start, 60);
      const t = await makeTeam(school.id);
      const away = await makeStudent(db(), school.id, { courses: [course.id] });
      const home = await makeStudent(db(), school.id, { courses: [course.id] });
      await join(t.id, away.id, home.id);
      const rows = await db()
        .insert(attendance)
        .values(
          [away, home].map((st) => ({
            attendable_type: "course" as const,
            attendable_id: course.id,
            school_id: school.id,
            student_id: st.id,
            status: STATUS.absent,
            finished: true,
            meets,
          })),
        )
        .returning();
      const statuses = async () => {
        const now = await db()
          .select()
          .from(attendance)
          .where(
            inArray(
              attendance.id,
              rows.map((r) => r.id),
            ),
          );
        return [away, home].map((st) => now.find((r) => r.student_id === st.id)?.status);
      };
      const { createTravel: tr } = await ok("school_admin", CREATE_TRAVEL, {
        t: t.id,
        s: new Date(start.getTime() - 30 * MIN).toISOString(),
        e: new Date(start.getTime() + 90 * MIN).toISOString(),
        ids: [away.id],
      });
      // the team-mate who stayed home is not covered: free credit otherwise
      expect(await statuses()).toEqual([STATUS.travel, STATUS.absent]);
      const LINK = (verb: string) =>
        `mutation($id: Int!, $s: [Int!]!) { ${verb}(attachable_type: "travel", attachable_id: $id, student_ids: $s) { student_ids } }`;
      // the last one off the list: the travel lists nobody, so it covers the team
      await ok("school_admin", LINK("detachStudents"), { id: tr.id, s: [away.id] });
      expect(await statuses()).toEqual([STATUS.travel, STATUS.travel]);
      // a first one on the list: only that one
      await ok("school_admin", LINK("attachStudents"), { id: tr.id, s: [home.id] });
      expect(await statuses()).toEqual([STATUS.absent, STATUS.travel]);
    });

    it("taking the last student of a travel off the team is refused, naming the travel; one of two leaves the other", async () => {
      const t = await makeTeam(school.id);
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => makeStudent(db(), school.id)));
      await join(t.id, a!.id, b!.id, c!.id);
      const { createTravel: solo } = await ok("school_admin", CREATE_TRAVEL, {
        t: t.id,
        s: "2030-01-10T15:00:00Z",
        e: "2030-01-10T17:00:00Z",
        n: "Away game",
        ids: [a!.id],
      });
      const { createTravel: pair } = await ok("school_admin", CREATE_TRAVEL, {
        t: t.id,
        s: "2030-02-10T15:00:00Z",
        e: "2030-02-12T17:00:00Z",
        ids: [a!.id, b!.id],
      });
      // the whole team's travel lists nobody: taking members off never empties it
      await ok("school_admin", CREATE_TRAVEL, { t: t.id, s: "2030-03-10T15:00:00Z" });
      const day = (iso: string) => formatDate(localDate(new Date(iso), school.timezone));
      const DETACH = `mutation($id: Int!, $s: [Int!]!) {
        detachStudents(attachable_type: "team", attachable_id: $id, student_ids: $s) { student_ids } }`;
      const members = async () =>
        (await db().select().from(studentTeam).where(eq(studentTeam.team_id, t.id))).map((r) => r.student_id).sort();
      const listed = async (travelId: number) =>
        (await db().select().from(studentTravel).where(eq(studentTravel.travel_id, travelId)))
          .map((r) => r.student_id)
          .sort();
      const removals = () =>
        db().$count(
          auditLog,
          and(eq(auditLog.action, "student.remove_team"), inArray(auditLog.subject_id, [a!.id, b!.id, c!.id])),
        );

      // a is the only one on the solo travel: refused, all or nothing (c, free to go, stays too)
      const refused = await fails("school_admin", DETACH, { id: t.id, s: [c!.id, a!.id] });
      expect(refused).toEqual({
        code: "BAD_USER_INPUT",
        field: "student_ids",
        message:
          `Taking these students off the team would leave the travel of ${day(solo.start_date)} ("Away game") ` +
          "with no student of the team: edit that travel's students or remove it first",
      });
      expect(await members()).toEqual([a!.id, b!.id, c!.id].sort());
      expect(await listed(solo.id)).toEqual([a!.id]);
      expect(await listed(pair.id)).toEqual([a!.id, b!.id].sort());
      expect(await removals()).toBe(0);

      // one of two: taken off the team, the travel keeps the other (the link itself stays, as before)
      const { detachStudents: gone } = await ok("school_admin", DETACH, { id: t.id, s: [b!.id] });
      expect(gone.student_ids).toEqual([b!.id]);
      expect(await members()).toEqual([a!.id, c!.id].sort());
      expect(await listed(pair.id)).toEqual([a!.id, b!.id].sort());
      const { team } = await ok("school_admin", TEAM, { uuid: t.uuid });
      const pairNow = team.travel.find((x: { id: number }) => x.id === pair.id);
      expect(pairNow.students.map((s: { id: number }) => s.id)).toContain(a!.id);

      // now a is the last of the team on both travels: both named, the one-day and the three-day
      const both = await fails("school_admin", DETACH, { id: t.id, s: [a!.id] });
      expect(both.message).toBe(
        `Taking this student off the team would leave the travel of ${day(solo.start_date)} ("Away game") and of ` +
          `${day(pair.start_date)} to ${day(pair.end_date)} with no student of the team: edit their students or remove them first`,
      );
      expect(await members()).toEqual([a!.id, c!.id].sort());

      // what the message says to do: remove one, give the other someone else of the team; then a may go
      await ok("school_admin", REMOVE_TRAVEL, { id: solo.id });
      await ok("school_admin", UPDATE_TRAVEL, { id: pair.id, ids: [c!.id] });
      await ok("school_admin", DETACH, { id: t.id, s: [a!.id] });
      expect(await members()).toEqual([c!.id]);
      expect(await removals()).toBe(2);
    });

    /**
     * A team of a, b and c, a travel listing a and b, then b taken off the team: the travel keeps
     * listing b (decision 0705). `listed`: the travel's students as stored.
     */
    async function travelWithLeaver(on: string) {
      const t = await makeTeam(school.id);
      const [a, b, c, outsider] = await Promise.all([1, 2, 3, 4].map(() => makeStudent(db(), school.id)));
      await join(t.id, a!.id, b!.id, c!.id);
      const { createTravel: tr } = await ok("school_admin", CREATE_TRAVEL, { t: t.id, s: on, ids: [a!.id, b!.id] });
      await ok(
        "school_admin",
        `mutation($id: Int!, $s: [Int!]!) {
          detachStudents(attachable_type: "team", attachable_id: $id, student_ids: $s) { student_ids } }`,
        { id: t.id, s: [b!.id] },
      );
      const listed = async () =>
        (await db().select().from(studentTravel).where(eq(studentTravel.travel_id, tr.id)))
          .map((r) => r.student_id)
          .sort();
      return { t, tr, a, b, c, outsider, listed };
    }

    it("an update keeps a listed student who left the team; one added must be on it, refused by name", async () => {
      const { tr, a, b, c, outsider, listed } = await travelWithLeaver("2030-04-10T15:00:00Z");
      // the edit dialog saved as it opened: b stays listed
      const { updateTravel: kept } = await ok("school_admin", UPDATE_TRAVEL, {
        id: tr.id,
        away: false,
        ids: [a!.id, b!.id],
      });
      expect(kept).toMatchObject({ is_away: false, students_count: 2 });
      expect(await listed()).toEqual([a!.id, b!.id].sort());
      // one not on the team added: refused by name (never by id), nothing changed
      const e = await fails("school_admin", UPDATE_TRAVEL, { id: tr.id, ids: [a!.id, b!.id, outsider!.id] });
      expect(e).toEqual({
        code: "BAD_USER_INPUT",
        field: "student_ids",
        message: `student_ids: ${outsider!.first_name} ${outsider!.last_name} is not on the team`,
      });
      expect(e.message).not.toContain(String(outsider!.id));
      expect(await listed()).toEqual([a!.id, b!.id].sort());
      // b unticked: off the list; once off, b is not on the team, so b cannot come back
      await ok("school_admin", UPDATE_TRAVEL, { id: tr.id, ids: [a!.id, c!.id] });
      expect(await listed()).toEqual([a!.id, c!.id].sort());
      expect((await fails("school_admin", UPDATE_TRAVEL, { id: tr.id, ids: [a!.id, b!.id] })).message).toBe(
        `student_ids: ${b!.first_name} ${b!.last_name} is not on the team`,
      );
    });

    it("a coach's save keeps a listed student the coach cannot see (one who left the coach's team)", async () => {
      const { t, tr, a, b, listed } = await travelWithLeaver("2030-05-10T15:00:00Z");
      const coach = await as("staff");
      await db().insert(userTeam).values({ user_id: coach.id, team_id: t.id });
      // the coach sees a alone now, and saves the travel with what the dialog showed
      await ok("staff", UPDATE_TRAVEL, { id: tr.id, away: false, ids: [a!.id] });
      expect(await listed()).toEqual([a!.id, b!.id].sort());
    });

    it("an open session's pending row reads travel at once; removed, it is pending for the engine again", async () => {
      const start = floorMinute(new Date(Date.now() - 20 * MIN));
      const { course, meets } = await makeCourse(db(), school, start, 60);
      const t = await makeTeam(school.id);
      const s = await makeStudent(db(), school.id, { courses: [course.id] });
      await join(t.id, s.id);
      const [att] = await db()
        .insert(attendance)
        .values({
          attendable_type: "course",
          attendable_id: course.id,
          school_id: school.id,
          student_id: s.id,
          status: STATUS.pending,
          meets,
        })
        .returning();
      const status = async () => (await db().select().from(attendance).where(eq(attendance.id, att!.id)))[0]!.status;
      const { createTravel: tr } = await ok("school_admin", CREATE_TRAVEL, {
        t: t.id,
        s: new Date(start.getTime() - 60 * MIN).toISOString(),
        e: new Date(start.getTime() + 120 * MIN).toISOString(),
      });
      expect(await status()).toBe(STATUS.travel);
      await ok("school_admin", REMOVE_TRAVEL, { id: tr.id });
      expect(await status()).toBe(STATUS.pending);
    });
  });

  describe("attachStudentsToTeam", () => {
    it("matches pasted school ids without case, answers the unknown ones in order, is all or nothing", async () => {
      const t = await makeTeam(school.id);
      const tag = `P${Date.now().toString(36).toUpperCase()}`;
      const mk = async (schoolId: number, sid: string, removed = false) => {
        const st = await makeStudent(db(), schoolId);
        await db()
          .update(students)
          .set({ school_identifier: sid, deleted_at: removed ? new Date() : null })
          .where(eq(students.id, st.id));
        return st;
      };
      const a = await mk(school.id, `${tag}-A`);
      const b = await mk(school.id, `${tag}-B`);
      await mk(school.id, `${tag}-R`, true);
      await mk(other.id, `${tag}-F`);
      const pasted = [` ${tag.toLowerCase()}-b `, "", `${tag}-Z`, `${tag}-A`, `${tag}-F`, `${tag}-b`, `${tag}-R`];
      const { attachStudentsToTeam: r } = await ok("school_admin", PASTE, { t: t.id, ids: pasted });
      expect(r.student_ids).toEqual([b.id, a.id]);
      expect(r.changed).toBe(2);
      expect(r.unknown).toEqual([`${tag}-Z`, `${tag}-F`, `${tag}-R`]);
      const again = await ok("school_admin", PASTE, { t: t.id, ids: [`${tag}-a`] });
      expect(again.attachStudentsToTeam).toEqual({ student_ids: [], changed: 0, unknown: [] });
      const many = Array.from({ length: 1001 }, (_, i) => `X${i}`);
      expect((await fails("school_admin", PASTE, { t: t.id, ids: many })).field).toBe("student_school_ids");
      expect((await fails("staff", PASTE, { t: t.id, ids: [`${tag}-A`] })).code).toBe("FORBIDDEN");
      const foreign = await makeTeam(other.id);
      expect((await fails("school_admin", PASTE, { t: foreign.id, ids: [`${tag}-A`] })).code).toBe("NOT_FOUND");
      expect(await db().$count(studentTeam, eq(studentTeam.team_id, foreign.id))).toBe(0);
      const { team } = await ok("school_admin", TEAM, { uuid: t.uuid });
      expect(team.students_count).toBe(2);
    });
  });
});
