import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { students, studentTeam, teams } from "../db/schema/index.ts";
import { makeCourse, makeStudent, schoolsOf, setToken } from "../engine/test-fixtures.ts";
import { assignCourse, caller, withoutFlag } from "./report-fixtures.ts";

const REPORT = `query($teams: [Int!]!, $courses: [Int!]!, $sort: String, $dir: String, $per: Int, $page: Int) {
  tokenReport(teams: $teams, courses: $courses, sort_by: $sort, sort_dir: $dir, per_page: $per, page: $page) {
    total data { id uuid first_name last_name school_identifier token } } }`;

/** The Token report (issue 12): the students of teams and courses with their tokens, to print. */
describe.each(ONE_DATABASE)("tokenReport on %s", (kind) => {
  let srv: TestServer;
  const call = caller(() => srv, REPORT, "tokenReport");
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    srv = await startServer(kind);
    const db = srv.services.db;
    const { demo, other } = await schoolsOf(db);
    const later = new Date(Date.now() + 600 * 60_000);
    const { course } = await makeCourse(db, demo, later, 60, { title: "Token class" });
    const { course: foreignCourse } = await makeCourse(db, other, later, 60);
    const [team] = await db.insert(teams).values({ school_id: demo.id, name: "Token team" }).returning();
    const [foreignTeam] = await db.insert(teams).values({ school_id: other.id, name: "Foreign team" }).returning();
    const mk = async (name: string, last: string, opts: { courses?: number[]; team?: number; school?: number }) => {
      const st = await makeStudent(db, opts.school ?? demo.id, { courses: opts.courses });
      await db
        .update(students)
        .set({ last_name: last, school_identifier: `SIS-${name}` })
        .where(eq(students.id, st.id));
      await setToken(db, st.id, `tok-${name}-${st.id}`);
      if (opts.team) await db.insert(studentTeam).values({ student_id: st.id, team_id: opts.team });
      ids[name] = st.id;
    };
    await mk("ann", "Adams", { courses: [course.id] });
    await mk("bob", "Brown", { courses: [course.id], team: team!.id }); // in both: listed once
    await mk("cy", "Clark", { team: team!.id });
    await mk("gone", "Gone", { courses: [course.id] });
    await db.update(students).set({ deleted_at: new Date() }).where(eq(students.id, ids.gone!));
    await mk("fx", "Foreign", { courses: [foreignCourse.id], team: foreignTeam!.id, school: other.id });
    Object.assign(ids, {
      course: course.id,
      team: team!.id,
      foreignCourse: foreignCourse.id,
      foreignTeam: foreignTeam!.id,
    });
    const judge = (await srv.login("staff")).user as { id: number };
    await assignCourse(db, judge.id, course.id);
  });
  afterAll(() => srv?.close());

  const list = (r: { data: { id: number }[] }) => r.data.map((x) => x.id);

  it("lists each student of the teams and courses once, with the token, by name", async () => {
    const r = await call.ok("school_admin", { teams: [ids.team], courses: [ids.course] });
    expect(r.total).toBe(3);
    expect(r.data).toEqual([
      expect.objectContaining({
        id: ids.ann,
        last_name: "Adams",
        school_identifier: "SIS-ann",
        token: `tok-ann-${ids.ann}`,
      }),
      expect.objectContaining({ id: ids.bob, token: `tok-bob-${ids.bob}` }),
      expect.objectContaining({ id: ids.cy, token: `tok-cy-${ids.cy}` }),
    ]);
    expect(list(await call.ok("school_admin", { teams: [ids.team], courses: [] }))).toEqual([ids.bob, ids.cy]);
    const desc = await call.ok("school_admin", {
      teams: [],
      courses: [ids.course],
      sort: "school_identifier",
      dir: "desc",
      per: 1,
      page: 2,
    });
    expect(desc).toMatchObject({ total: 2, data: [{ id: ids.ann }] });
  });

  it("never lists another school's students, even when named", async () => {
    const r = await call.ok("school_admin", { teams: [ids.foreignTeam, ids.team], courses: [ids.foreignCourse] });
    expect(list(r)).toEqual([ids.bob, ids.cy]);
  });

  it("shows an assigned-only role only its students", async () => {
    // the coach is assigned the course, not the team
    expect(list(await call.ok("staff", { teams: [ids.team], courses: [ids.course] }))).toEqual([ids.ann, ids.bob]);
  });

  it("needs reset_token as well as access_reports", async () => {
    // a professor has access_reports but not reset_token (decisions.md)
    expect((await call.fails("judge", { teams: [ids.team], courses: [] })).code).toBe("FORBIDDEN");
    await withoutFlag(srv.services.db, "staff", "access_reports", async () => {
      expect((await call.fails("staff", { teams: [ids.team], courses: [] })).code).toBe("FORBIDDEN");
    });
  });

  it("names the field at fault", async () => {
    expect(await call.fails("school_admin", { teams: [], courses: [] })).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "teams",
    });
    const many = Array.from({ length: 501 }, (_, i) => i + 1);
    expect((await call.fails("school_admin", { teams: [], courses: many })).field).toBe("courses");
    expect((await call.fails("school_admin", { teams: [ids.team], courses: [], sort: "token" })).field).toBe("sort_by");
  });
});
