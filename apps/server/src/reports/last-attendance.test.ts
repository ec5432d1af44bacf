import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../test/csv.ts";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { studentCourse } from "../db/schema/index.ts";
import { makeCourse } from "../engine/test-fixtures.ts";
import { type ReportSchool, reportSchool } from "./test-school.ts";

const REPORT = `query($classes: [Int!], $sort: String, $dir: String, $per: Int, $page: Int) {
  lastAttendanceReport(classes: $classes, sort_by: $sort, sort_dir: $dir, per_page: $per, page: $page) {
    total data { student { id } course { id title } last_attended days_since }
  } }`;

type Row = { student: { id: number }; course: { id: number }; last_attended: string | null; days_since: number | null };

/** The LastAttendance report (issue 12) against the hand-made school of test-school.ts, on every database. */
describe.each(ONE_DATABASE)("lastAttendanceReport on %s", (kind) => {
  let srv: TestServer;
  let w: ReportSchool;
  let never = 0;

  beforeAll(async () => {
    srv = await startServer(kind);
    const db = srv.services.db;
    w = await reportSchool(db);
    // a second class a is enrolled in and never came to
    const { course } = await makeCourse(db, w.school, new Date(Date.now() + 600 * 60_000), 60, {
      title: "Never Class",
    });
    await db.insert(studentCourse).values({ student_id: w.a.id, course_id: course.id });
    never = course.id;
  });
  afterAll(() => srv?.close());

  const gql = async (role: string, vars: Record<string, unknown>) =>
    srv.gql((await srv.login(role)).access_token as string, REPORT, vars);
  const ok = async (role: string, vars: Record<string, unknown>) => {
    const r = await gql(role, vars);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data.lastAttendanceReport as { total: number; data: Row[] };
  };
  const fails = async (role: string, vars: Record<string, unknown>) => {
    const r = await gql(role, vars);
    expect(r.status).toBeLessThan(500);
    const e = r.body.errors?.[0] as { message: string; extensions?: { code?: string; field?: string } };
    expect(e, JSON.stringify(r.body)).toBeDefined();
    return { message: e.message, code: e.extensions?.code, field: e.extensions?.field };
  };
  const pairs = (r: { data: Row[] }) => r.data.map((x) => [x.student.id, x.course.id, x.last_attended, x.days_since]);

  it("gives each enrolment its last attended date and the days since, sorted by days", async () => {
    const classes = [w.course.id, never];
    const asc = await ok("school_admin", { classes, sort: "days_since", dir: "asc" });
    expect(asc.total).toBe(4);
    // a is present today (still open), b was late 3 days ago, c late 4 days ago; an excuse or absence is no attendance
    expect(pairs(asc)).toEqual([
      [w.a.id, w.course.id, w.d(0), 0],
      [w.b.id, w.course.id, w.d(3), 3],
      [w.c.id, w.course.id, w.d(4), 4],
      [w.a.id, never, null, null],
    ]);
    const desc = await ok("school_admin", { classes, sort: "days_since", dir: "desc", per: 2 });
    expect(pairs(desc)).toEqual([
      [w.a.id, never, null, null],
      [w.c.id, w.course.id, w.d(4), 4],
    ]);
  });

  it("sorted by name or course, the page's dates are the same", async () => {
    const classes = [w.course.id, never];
    const byName = await ok("school_admin", { classes, sort: "course", dir: "asc" });
    // "Never Class" before "Report Class"
    expect(byName.data[0]?.course.id).toBe(never);
    const rows = await ok("school_admin", { classes, per: 250 });
    expect(rows.data.find((x) => x.student.id === w.c.id)?.days_since).toBe(4);
    expect(rows.data.filter((x) => x.student.id === w.a.id).map((x) => x.last_attended)).toEqual(
      expect.arrayContaining([w.d(0), null]),
    );
  });

  it("shows only the viewer's courses and students: never another school's", async () => {
    expect((await ok("school_admin", { classes: [w.foreign.id] })).total).toBe(0);
    // the judge is assigned the report class only
    const judge = await ok("judge", { classes: [w.course.id, never] });
    expect(judge.total).toBe(3);
    const all = await ok("judge", { per: 250 });
    expect(all.data.every((x) => x.course.id !== never && x.course.id !== w.foreign.id)).toBe(true);
    // a student who left the course is no longer one of its rows
    await srv.services.db.delete(studentCourse).where(eq(studentCourse.student_id, w.c.id));
    expect((await ok("school_admin", { classes: [w.course.id] })).total).toBe(2);
  });

  it("names the filter at fault", async () => {
    const many = Array.from({ length: 501 }, (_, i) => i + 1);
    expect((await fails("school_admin", { classes: many })).field).toBe("classes");
    expect((await fails("school_admin", { sort: "password" })).field).toBe("sort_by");
    expect((await fails("school_admin", { page: 0 })).field).toBe("page");
  });

  const csv = async (role: string, path: string) => {
    const token = (await srv.login(role)).access_token as string;
    const res = await fetch(`${srv.url}/api/v2/reports/${path}`, {
      headers: { authorization: `Bearer ${token}`, "x-requested-with": "XMLHttpRequest" },
    });
    const text = await res.text();
    return { status: res.status, total: Number(res.headers.get("x-total-count")), rows: parseCsv(text), text };
  };

  it("exports every pair as CSV with the report's numbers", async () => {
    const classes = [w.course.id, never];
    const r = await ok("school_admin", { classes, sort: "days_since", dir: "desc" });
    const file = await csv(
      "school_admin",
      `LastAttendance/export.csv?classes=${classes.join(",")}&sort_by=days_since&sort_dir=desc`,
    );
    expect(file.status, file.text).toBe(200);
    const [header, ...body] = file.rows;
    expect(header?.slice(4)).toEqual(["last_attended", "days_since"]);
    expect(file.total).toBe(r.total);
    expect(body.map((x) => [x[4], x[5]])).toEqual(
      r.data.map((x) => [x.last_attended ?? "", x.days_since === null ? "" : String(x.days_since)]),
    );
    const bad = await csv("school_admin", "LastAttendance/export.csv?classes=1,x");
    expect(JSON.parse(bad.text).errors.classes).toBeDefined();
  });
});
