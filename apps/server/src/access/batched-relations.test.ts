import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { courses, studentCourse, students, tasks, userTiles } from "../db/schema/index.ts";
import { makeStudent, schoolsOf } from "../engine/test-fixtures.ts";

/**
 * Relations load in batches: the statements a request runs do not grow with the rows it
 * answers. Each query is sent for a small and a large page; the counts must be equal (and
 * small), so a relation field that reads once per row fails here.
 */
const QUERIES: Record<string, { role: string; query: (n: number) => string }> = {
  "students with their courses and the courses' locations": {
    role: "school_admin",
    query: (n) => `{ students(per_page: ${n}) { total data { id uuid courses { id title location { id name } } } } }`,
  },
  "courses with their location": {
    role: "school_admin",
    query: (n) => `{ courses(per_page: ${n}) { total data { id location { id name } } } }`,
  },
  "attendance with activity, coordinates, overrides and student": {
    role: "school_admin",
    query: (n) =>
      `{ attendance(per_page: ${n}) { total data { id activity { event } coordinates { latitude }
        overrides { old_status user { first_name last_name } } student { id courses { id } } } } }`,
  },
  "tasks with their attendance and student": {
    role: "school_admin",
    query: (n) => `{ tasks(per_page: ${n}) { total data { id taskable { id student { uuid } } } } }`,
  },
  "users with their pending e-mail and assigned courses": {
    role: "school_admin",
    query: (n) => `{ users(per_page: ${n}) { total data { id pending_email assignedCourses { id } } } }`,
  },
  "schools with their closures (role 1)": {
    role: "master_admin",
    query: (n) => `{ schools(per_page: ${n}) { total data { id closures { id title } } } }`,
  },
};

describe.each(ONE_DATABASE)("batched relations on %s", (kind) => {
  let srv: TestServer;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    srv = await startServer(kind);
    const db = srv.services.db;
    const { demo } = await schoolsOf(db);
    // a school large enough for pages of 100: more students in every course, more tasks
    const courseIds = (await db.select({ id: courses.id }).from(courses).where(eq(courses.school_id, demo.id))).map(
      (c) => c.id,
    );
    for (let i = 0; i < 110; i++) await makeStudent(db, demo.id, { courses: courseIds.slice(i % 3, (i % 3) + 3) });
    const admin = await srv.login("school_admin");
    tokens.set("school_admin", admin.access_token);
    tokens.set("master_admin", (await srv.login("master_admin")).access_token);
    const someAttendance = await db.execute<{ id: number }>(
      `select id from attendance where school_id = ${demo.id} order by id limit 120` as never,
    );
    const rows = (someAttendance as unknown as { rows: { id: number }[] }).rows;
    await db
      .insert(tasks)
      .values(
        rows.map((r, i) => ({
          school_id: demo.id,
          user_id: admin.user.id as number,
          description: `follow up ${i}`,
          taskable_type: "attendance",
          taskable_id: Number(r.id),
        })),
      )
      .onConflictDoNothing();
    const enrolled = await db.$count(studentCourse);
    expect(enrolled).toBeGreaterThan(100);
    expect(await db.$count(students, eq(students.school_id, demo.id))).toBeGreaterThan(100);
  });
  afterAll(() => srv?.close());

  async function statementsOf(role: string, query: string) {
    const before = srv.database.statements();
    const res = await srv.gql(tokens.get(role) ?? null, query);
    const used = srv.database.statements() - before;
    expect(res.body.errors ?? []).toEqual([]);
    return { used, body: res.body };
  }

  for (const [name, { role, query }] of Object.entries(QUERIES)) {
    it(`${name}: the same statements for 5 rows as for 100`, async () => {
      const small = await statementsOf(role, query(5));
      const large = await statementsOf(role, query(100));
      const rowsOf = (b: { data?: Record<string, { data: unknown[] }> }) => Object.values(b.data ?? {})[0]?.data.length;
      // the large page really is larger where the data allows it
      expect(rowsOf(large.body as never)).toBeGreaterThanOrEqual(rowsOf(small.body as never) ?? 0);
      console.log(`${kind}: ${name}: ${small.used} statements for 5 rows, ${large.used} for 100`);
      expect(large.used).toBe(small.used);
      expect(large.used).toBeLessThanOrEqual(12);
    });
  }

  it("me with tiles and every assignment: a constant number of statements", async () => {
    const db = srv.services.db;
    const token = tokens.get("school_admin") as string;
    const q = `{ me { id tiles { id tileable { id apa attendance_last_class { label value } attendance_now { present } } }
      assignedCourses { id } assignedEvents { id } assignedTeams { id } assignedStudents { id } } }`;
    const me = await srv.gql(token, "{ me { id } }");
    const userId = (me.body.data as { me: { id: number } }).me.id;
    const { demo } = await schoolsOf(db);
    const ids = (await db.select({ id: courses.id }).from(courses).where(eq(courses.school_id, demo.id))).map(
      (c) => c.id,
    );
    await db.delete(userTiles).where(eq(userTiles.user_id, userId));
    await db.insert(userTiles).values({ user_id: userId, tileable_id: ids[0]!, tileable_type: "course" });
    const one = await statementsOf("school_admin", q);
    await db
      .insert(userTiles)
      .values(ids.slice(1).map((id) => ({ user_id: userId, tileable_id: id, tileable_type: "course" as const })));
    const many = await statementsOf("school_admin", q);
    type Tile = { tileable: { attendance_now: unknown } | null };
    const list = (many.body.data as { me: { tiles: Tile[] } }).me.tiles;
    expect(list.length).toBe(ids.length);
    const live = (ts: Tile[]) => ts.filter((t) => t.tileable?.attendance_now).length;
    const first = (one.body.data as { me: { tiles: Tile[] } }).me.tiles;
    console.log(`${kind}: me with 1 tile ${one.used} statements, with ${list.length} tiles ${many.used}`);
    // only a course in session right now adds reads (its live figure: at most 4); the rest is constant
    expect(many.used).toBeLessThanOrEqual(one.used + 4 * (live(list) - live(first)));
  });
});
