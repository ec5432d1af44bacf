import { STATUS } from "@rollbook/domain";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { attendance } from "../db/schema/index.ts";
import { clock, floorMinute, MIN, makeCourse, makeStudent, phone, ping, schoolsOf } from "./test-fixtures.ts";

/**
 * How the running state is stored (decision 0567): the attendance row is rewritten on most pings,
 * so it is kept small and its page keeps room for the new version (a HOT update: no index writes).
 */
describe.each(DATABASES)("the running state's storage on %s", (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(kind);
  });
  afterAll(() => srv?.close());

  const pageOf = async (ids: number[]) => {
    const result = await srv.services.db.execute(
      sql`select id, (ctid::text::point)[0]::text as page from attendance where ${inArray(attendance.id, ids)}`,
    );
    const rows = (result as unknown as { rows: { id: number; page: string }[] }).rows;
    return new Map(rows.map((r) => [Number(r.id), r.page]));
  };

  it("a ping rewrites its attendance on the same page, so the five indexes are not written", async () => {
    const db = srv.services.db;
    const { demo } = await schoolsOf(db);
    const start = floorMinute(new Date(Date.now() - 10 * MIN));
    const { course, place } = await makeCourse(db, demo, start, 120);
    // a class of 40 whose rows are written one after another, packing pages as a school day does
    const students = [];
    for (let i = 0; i < 40; i++) students.push(await makeStudent(db, demo.id, { courses: [course.id] }));
    const t0 = Date.now() - 60_000;
    for (const s of students)
      expect((await phone(srv.url, s.token).pings([ping(new Date(t0), place)])).status).toBe(200);
    const rows = await db
      .select({ id: attendance.id, student: attendance.student_id })
      .from(attendance)
      .where(eq(attendance.attendable_id, course.id));
    expect(rows).toHaveLength(40);
    const ids = rows.map((r) => r.id).sort((a, b) => a - b);
    const before = await pageOf(ids);
    // one row of each page the class filled (the last may be part empty) takes its student's next ping
    const pages = [...new Set(ids.map((id) => before.get(id)))].slice(0, -1);
    expect(pages.length).toBeGreaterThanOrEqual(5);
    const firstOf = pages.map((page) => ids.find((id) => before.get(id) === page)!);
    for (const id of firstOf) {
      const s = students.find((x) => x.id === rows.find((r) => r.id === id)?.student)!;
      expect((await phone(srv.url, s.token).pings([ping(new Date(t0 + 30_000), place)])).status).toBe(200);
    }
    const after = await pageOf(firstOf);
    // a packed page (fillfactor 100) has no room for the new version: every one of these rows would move
    expect(firstOf.filter((id) => before.get(id) !== after.get(id))).toEqual([]);
    const [row] = await db.select().from(attendance).where(eq(attendance.id, firstOf[0]!));
    expect(row?.engine_state).toMatchObject({ v: 4, tally: { phone: 2 } });
  });

  it("keeps the state's key a short digest that still follows the course's rules", async (ctx) => {
    const db = srv.services.db;
    const { demo } = await schoolsOf(db);
    const now = Date.now();
    const start = new Date(now - 12 * MIN);
    // updateCourse refuses a course that ends before it starts: in the 20 minutes around the school's
    // midnight this course would (it failed at 23:31 there with 120 minutes)
    if (clock(new Date(now + 8 * MIN), demo.timezone) < clock(start, demo.timezone))
      ctx.skip("the course would cross the school's midnight");
    const { course, place } = await makeCourse(db, demo, start, 20, { late_time: 5, absent_time: 60 });
    const student = await makeStudent(db, demo.id, { courses: [course.id] });
    const device = phone(srv.url, student.token);
    // arrives 12 minutes in (now): late under late_time 5
    expect((await device.pings([ping(new Date(now), place)])).status).toBe(200);
    const rowOf = async () => (await db.select().from(attendance).where(eq(attendance.student_id, student.id)))[0]!;
    const first = await rowOf();
    expect(first.status).toBe(STATUS.late);
    const key = (first.engine_state as { key: string }).key;
    expect(key).toMatch(/^[\w-]{22}$/);

    // staff allow 15 minutes: the next ping in order must not advance the old state
    const admin = await srv.login("school_admin");
    const changed = await srv.gql(
      admin.access_token,
      `mutation($id: Int!) { updateCourse(id: $id, late_time: 15) { id } }`,
      { id: course.id },
    );
    expect(changed.body.errors, JSON.stringify(changed.body.errors)).toBeUndefined();
    expect((await device.pings([ping(new Date(now + 1000), place)])).status).toBe(200);
    const second = await rowOf();
    expect((second.engine_state as { key: string }).key).not.toBe(key);
    expect(second.status).toBe(STATUS.present);
  });
});
