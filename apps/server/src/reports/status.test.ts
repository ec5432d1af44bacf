import { addDays, localDate, STATUS } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { attendance, roles } from "../db/schema/index.ts";
import { makeCourse, makeStudent, schoolsOf } from "../engine/test-fixtures.ts";

const REPORT = `query($s: String!, $e: String!, $classes: [Int!], $sort: String, $dir: String, $per: Int, $page: Int) {
  statusReport(start_date: $s, end_date: $e, classes: $classes, sort_by: $sort, sort_dir: $dir, per_page: $per, page: $page) {
    total by_status { status count } data { id meets status student { id } attendable_title }
  } }`;

/**
 * The Status report (issue 12) against a small hand-made class: three students, three
 * sessions, every kind of status, on every database.
 */
describe.each(ONE_DATABASE)("statusReport on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  let other: { id: number; timezone: string };
  const d = (n: number) => addDays(localDate(new Date(), "UTC"), -n);
  const ids = { course: 0, foreignCourse: 0, a: 0, b: 0, c: 0 };

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school, other } = await schoolsOf(srv.services.db));
    const db = srv.services.db;
    const { course } = await makeCourse(db, school, new Date(Date.now() + 600 * 60_000), 60, { title: "Report Class" });
    const { course: foreign } = await makeCourse(db, other, new Date(Date.now() + 600 * 60_000), 60);
    const [a, b, c] = [
      await makeStudent(db, school.id, { courses: [course.id] }),
      await makeStudent(db, school.id, { courses: [course.id] }),
      await makeStudent(db, school.id, { courses: [course.id] }),
    ];
    const f = await makeStudent(db, other.id, { courses: [foreign.id] });
    Object.assign(ids, { course: course.id, foreignCourse: foreign.id, a: a!.id, b: b!.id, c: c!.id });
    const row = (
      student_id: number,
      meets: string,
      status: number,
      attendable_id = course.id,
      school_id = school.id,
    ) => ({
      attendable_type: "course" as const,
      attendable_id,
      school_id,
      student_id,
      status,
      finished: true,
      meets,
    });
    await db.insert(attendance).values([
      row(a!.id, d(3), STATUS.present),
      row(b!.id, d(3), STATUS.late),
      row(c!.id, d(3), STATUS.absent),
      row(a!.id, d(2), STATUS.excused),
      row(b!.id, d(2), STATUS.travel),
      row(c!.id, d(2), STATUS.absent),
      row(a!.id, d(1), STATUS.cancelled),
      row(b!.id, d(1), STATUS.cancelled),
      row(c!.id, d(1), STATUS.cancelled),
      // another school's row on the same dates: never counted
      row(f!.id, d(2), STATUS.present, foreign.id, other.id),
    ]);
  });
  afterAll(() => srv?.close());

  const gql = async (role: string, vars: Record<string, unknown>) =>
    srv.gql((await srv.login(role)).access_token as string, REPORT, vars);
  const ok = async (role: string, vars: Record<string, unknown>) => {
    const r = await gql(role, vars);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data.statusReport as {
      total: number;
      by_status: { status: number; count: number }[];
      data: { id: number; meets: string; status: number; student: { id: number }; attendable_title: string }[];
    };
  };
  const fails = async (role: string, vars: Record<string, unknown>) => {
    const r = await gql(role, vars);
    expect(r.status).toBeLessThan(500);
    const e = r.body.errors?.[0] as { message: string; extensions?: { code?: string; field?: string } };
    expect(e, JSON.stringify(r.body)).toBeDefined();
    return { message: e.message, code: e.extensions?.code, field: e.extensions?.field };
  };

  it("counts each status of the class over the range, and pages its rows", async () => {
    const r = await ok("school_admin", { s: d(3), e: d(1), classes: [ids.course], per: 4, sort: "date" });
    expect(r.total).toBe(9);
    expect(r.by_status).toEqual([
      { status: STATUS.present, count: 1 },
      { status: STATUS.late, count: 1 },
      { status: STATUS.absent, count: 2 },
      { status: STATUS.excused, count: 1 },
      { status: STATUS.cancelled, count: 3 },
      { status: STATUS.travel, count: 1 },
    ]);
    expect(r.data).toHaveLength(4);
    expect(r.data.map((x) => x.meets)).toEqual([d(3), d(3), d(3), d(2)]);
    expect(r.data[0]?.attendable_title).toBe("Report Class");
    const last = await ok("school_admin", { s: d(3), e: d(1), classes: [ids.course], per: 4, page: 3 });
    expect(last.data).toHaveLength(1);
  });

  it("sorts by date newest first, and within a day the latest row first (one index scan backwards)", async () => {
    const r = await ok("school_admin", { s: d(3), e: d(1), classes: [ids.course], per: 9, sort: "date", dir: "desc" });
    expect(r.total).toBe(9);
    const keys = r.data.map((x) => [x.meets, x.id] as const);
    const sorted = [...keys].sort((x, y) => (x[0] === y[0] ? y[1] - x[1] : x[0] < y[0] ? 1 : -1));
    expect(keys).toEqual(sorted);
    expect(keys.map((k) => k[0])).toEqual([d(1), d(1), d(1), d(2), d(2), d(2), d(3), d(3), d(3)]);
    // the rows of a day were stored a, b, c: newest first
    expect(r.data.slice(0, 3).map((x) => x.student.id)).toEqual([ids.c, ids.b, ids.a]);
    const asc = await ok("school_admin", { s: d(3), e: d(1), classes: [ids.course], per: 3, sort: "date" });
    expect(asc.data.map((x) => x.student.id)).toEqual([ids.a, ids.b, ids.c]);
  });

  it("orders one day's rows by their session's start time, not by id, both ways and across pages", async () => {
    const db = srv.services.db;
    const at = new Date(Date.now() + 600 * 60_000);
    const { course: pm } = await makeCourse(db, school, at, 60, {
      title: "Afternoon",
      start_time: "14:00",
      end_time: "15:00",
    });
    const { course: am } = await makeCourse(db, school, at, 60, {
      title: "Morning",
      start_time: "09:00",
      end_time: "10:00",
    });
    const x = (await makeStudent(db, school.id, { courses: [am.id, pm.id] }))!;
    const y = (await makeStudent(db, school.id, { courses: [am.id, pm.id] }))!;
    const row = (course: number, student_id: number, meets: string) => ({
      attendable_type: "course" as const,
      attendable_id: course,
      school_id: school.id,
      student_id,
      status: STATUS.present,
      finished: true,
      meets,
    });
    // the 2 PM class written first: its rows have the smaller ids
    const inserted = await db
      .insert(attendance)
      .values([
        row(pm.id, x.id, d(11)),
        row(am.id, x.id, d(11)),
        row(pm.id, x.id, d(10)),
        row(pm.id, y.id, d(10)),
        row(am.id, x.id, d(10)),
        row(am.id, y.id, d(10)),
      ])
      .returning({ id: attendance.id });
    const [pm11, am11, pm10x, pm10y, am10x, am10y] = inserted.map((r) => r.id);
    const want = [am11, pm11, am10x, am10y, pm10x, pm10y];
    const vars = { s: d(11), e: d(10), classes: [am.id, pm.id], sort: "date" };
    const ids = async (dir: string, per: number, page: number) =>
      (await ok("school_admin", { ...vars, dir, per, page })).data.map((r) => r.id);
    expect(await ids("asc", 6, 1)).toEqual(want);
    expect(await ids("desc", 6, 1)).toEqual([...want].reverse());
    // pages of 4 and of 2 cut inside a day: together they are the whole order, nothing twice or lost
    for (const dir of ["asc", "desc"]) {
      const whole = dir === "asc" ? want : [...want].reverse();
      expect([...(await ids(dir, 4, 1)), ...(await ids(dir, 4, 2))]).toEqual(whole);
      expect([...(await ids(dir, 2, 1)), ...(await ids(dir, 2, 2)), ...(await ids(dir, 2, 3))]).toEqual(whole);
    }
    // the CSV (COPY on PostgreSQL, keyset lines on PGlite) is written in the same date order
    const res = await fetch(
      `${srv.url}/api/v2/reports/Status/export.csv?start_date=${d(11)}&end_date=${d(10)}&classes=${am.id},${pm.id}`,
      {
        headers: {
          authorization: `Bearer ${(await srv.login("school_admin")).access_token}`,
          "x-requested-with": "XMLHttpRequest",
        },
      },
    );
    const file = await res.text();
    expect(res.status, file).toBe(200);
    const lines = file.trim().split("\n").slice(1);
    expect(lines.map((l) => l.split(",").slice(0, 3).join(" "))).toEqual([
      `${d(11)} course "Morning"`,
      `${d(11)} course "Afternoon"`,
      `${d(10)} course "Morning"`,
      `${d(10)} course "Morning"`,
      `${d(10)} course "Afternoon"`,
      `${d(10)} course "Afternoon"`,
    ]);
  });

  it("takes both ends of the range, and sorts by status", async () => {
    const one = await ok("school_admin", { s: d(2), e: d(2), classes: [ids.course], sort: "status", dir: "desc" });
    expect(one.total).toBe(3);
    expect(one.data.map((x) => x.status)).toEqual([STATUS.travel, STATUS.excused, STATUS.absent]);
    expect(one.by_status).toEqual([
      { status: STATUS.absent, count: 1 },
      { status: STATUS.excused, count: 1 },
      { status: STATUS.travel, count: 1 },
    ]);
  });

  it("never shows another school's rows, nor a class the viewer does not see", async () => {
    const foreign = await ok("school_admin", { s: d(3), e: d(1), classes: [ids.foreignCourse] });
    expect(foreign).toMatchObject({ total: 0, data: [], by_status: [] });
    // a professor sees only the students linked to them: none of these
    const judge = await ok("judge", { s: d(3), e: d(1), classes: [ids.course] });
    expect(judge.total).toBe(0);
  });

  it("names the filter at fault: missing, malformed, reversed or over two years", async () => {
    expect(await fails("school_admin", { s: "", e: d(1) })).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "start_date",
      message: "start_date is required",
    });
    expect((await fails("school_admin", { s: "2026-02-30", e: d(1) })).field).toBe("start_date");
    expect(await fails("school_admin", { s: d(1), e: d(3) })).toMatchObject({
      field: "end_date",
      message: "end_date must not be before start_date",
    });
    expect((await fails("school_admin", { s: "2023-01-01", e: "2026-01-01" })).field).toBe("end_date");
    expect((await fails("school_admin", { s: d(3), e: d(1), sort: "password" })).field).toBe("sort_by");
    // ids start at 1, as the CSV's idList says (QA: [0, -1] matched nothing instead)
    for (const bad of [[0], [-1], [ids.course, -5]])
      expect((await fails("school_admin", { s: d(3), e: d(1), classes: bad })).field).toBe("classes");
  });

  it("answers FORBIDDEN to a role without access_reports", async () => {
    const db = srv.services.db;
    await db.update(roles).set({ access_reports: false }).where(eq(roles.name, "councelor"));
    try {
      expect((await fails("councelor", { s: d(3), e: d(1) })).code).toBe("FORBIDDEN");
    } finally {
      await db.update(roles).set({ access_reports: true }).where(eq(roles.name, "councelor"));
    }
  });
});
