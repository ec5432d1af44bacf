import { roleById, STATUS } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../test/csv.ts";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { Scoped } from "../access/scoped.ts";
import type { Viewer } from "../access/viewer.ts";
import { users } from "../db/schema/index.ts";
import { demoEmail } from "../db/seed/demo.ts";
import { classExport } from "./csv/class.ts";
import { type ReportSchool, reportSchool } from "./test-school.ts";

const REPORT = `query($uuid: String!, $s: String, $e: String, $sort: String, $dir: String, $per: Int, $page: Int) {
  courseReport(uuid: $uuid, start_date: $s, end_date: $e, sort_by: $sort, sort_dir: $dir, per_page: $per, page: $page) {
    course { uuid title } start_date end_date total
    sessions { date cancelled }
    by_status { status count }
    data { student { id last_name } statuses apa counts { present late absent excused left_early cancelled travel attended missed } }
  } }`;

type Row = {
  student: { id: number };
  statuses: (number | null)[];
  apa: number | null;
  counts: Record<string, number>;
};

/** The Class report (issue 12) against the hand-made school of test-school.ts, on every database. */
describe.each(ONE_DATABASE)("courseReport on %s", (kind) => {
  let srv: TestServer;
  let w: ReportSchool;

  beforeAll(async () => {
    srv = await startServer(kind);
    w = await reportSchool(srv.services.db);
  });
  afterAll(() => srv?.close());

  const gql = async (role: string, vars: Record<string, unknown>) =>
    srv.gql((await srv.login(role)).access_token as string, REPORT, vars);
  const ok = async (role: string, vars: Record<string, unknown>) => {
    const r = await gql(role, vars);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data.courseReport as {
      total: number;
      start_date: string;
      end_date: string;
      sessions: { date: string; cancelled: string | null }[];
      by_status: { status: number; count: number }[];
      data: Row[];
    };
  };
  const fails = async (role: string, vars: Record<string, unknown>) => {
    const r = await gql(role, vars);
    expect(r.status).toBeLessThan(500);
    const e = r.body.errors?.[0] as { message: string; extensions?: { code?: string; field?: string } };
    expect(e, JSON.stringify(r.body)).toBeDefined();
    return { message: e.message, code: e.extensions?.code, field: e.extensions?.field };
  };
  const byId = (r: { data: Row[] }, id: number) => r.data.find((x) => x.student.id === id) as Row;

  it("defaults to the semester up to today, one column per session, cancelled dates marked", async () => {
    const r = await ok("school_admin", { uuid: w.course.uuid });
    expect([r.start_date, r.end_date]).toEqual([w.d(4), w.today]);
    expect(r.sessions).toEqual([
      { date: w.d(4), cancelled: null },
      { date: w.d(3), cancelled: null },
      { date: w.d(2), cancelled: null },
      { date: w.d(1), cancelled: "cancelled" },
      { date: w.d(0), cancelled: null },
    ]);
    expect(r.total).toBe(4);
    const P = STATUS;
    expect(byId(r, w.a.id).statuses).toEqual([P.left_early, P.present, P.excused, P.cancelled, P.present]);
    expect(byId(r, w.c.id).statuses).toEqual([P.late, P.absent, P.absent, P.cancelled, null]);
    expect(byId(r, w.dd.id).statuses).toEqual([null, P.present, null, null, null]);
    // a: present twice (one still open), left early once: APA counts the finished ones only
    expect(byId(r, w.a.id).counts).toMatchObject({ present: 2, left_early: 1, excused: 1, cancelled: 1, attended: 2 });
    expect(byId(r, w.a.id).apa).toBe(100);
    expect(byId(r, w.b.id).counts).toMatchObject({ present: 1, late: 1, travel: 1, cancelled: 1, missed: 0 });
    expect(byId(r, w.c.id).counts).toMatchObject({ late: 1, absent: 2, cancelled: 1, attended: 1, missed: 2 });
    expect(byId(r, w.c.id).apa).toBe(33.3);
    expect(r.by_status).toEqual([
      { status: P.present, count: 4 },
      { status: P.late, count: 2 },
      { status: P.absent, count: 2 },
      { status: P.excused, count: 1 },
      { status: P.left_early, count: 1 },
      { status: P.cancelled, count: 3 },
      { status: P.travel, count: 1 },
    ]);
  });

  it("takes a range, pages and sorts by absences and APA", async () => {
    const r = await ok("school_admin", {
      uuid: w.course.uuid,
      s: w.d(3),
      e: w.d(2),
      sort: "absences",
      dir: "desc",
      per: 2,
    });
    expect(r.sessions.map((s) => s.date)).toEqual([w.d(3), w.d(2)]);
    expect(r.total).toBe(4);
    expect(r.data.map((x) => x.student.id)[0]).toBe(w.c.id);
    expect(r.data[0]?.counts.absent).toBe(2);
    expect(r.data).toHaveLength(2);
    const apa = await ok("school_admin", { uuid: w.course.uuid, sort: "apa", dir: "asc" });
    expect(apa.data.map((x) => x.apa)).toEqual([33.3, 100, 100, 100]);
    const last = await ok("school_admin", { uuid: w.course.uuid, per: 3, page: 2 });
    expect(last.data).toHaveLength(1);
  });

  it("shows a judge only the students it sees, and another school's course to no one", async () => {
    const judge = await ok("judge", { uuid: w.course.uuid });
    expect(judge.total).toBe(3);
    expect(judge.data.map((x) => x.student.id)).not.toContain(w.dd.id);
    expect(judge.by_status.find((s) => s.status === STATUS.present)?.count).toBe(3);
    expect((await fails("school_admin", { uuid: w.foreign.uuid })).code).toBe("NOT_FOUND");
    expect((await fails("councelor", { uuid: w.course.uuid })).code).toBe("NOT_FOUND");
    expect(await fails("school_admin", { uuid: "00000000-0000-4000-8000-000000000000" })).toMatchObject({
      code: "NOT_FOUND",
      message: "Course not found",
    });
  });

  it("names the filter at fault", async () => {
    expect(await fails("school_admin", { uuid: " " })).toMatchObject({ code: "BAD_USER_INPUT", field: "uuid" });
    expect((await fails("school_admin", { uuid: w.course.uuid, s: "2026-02-30" })).field).toBe("start_date");
    expect((await fails("school_admin", { uuid: w.course.uuid, s: w.d(1), e: w.d(3) })).field).toBe("end_date");
    expect((await fails("school_admin", { uuid: w.course.uuid, s: "2020-01-01", e: w.today })).field).toBe("end_date");
    expect((await fails("school_admin", { uuid: w.course.uuid, sort: "token" })).field).toBe("sort_by");
    expect((await fails("school_admin", { uuid: w.course.uuid, per: 0 })).field).toBe("per_page");
  });

  const csv = async (role: string, path: string) => {
    const token = (await srv.login(role)).access_token as string;
    const res = await fetch(`${srv.url}/api/v2/reports/${path}`, {
      headers: { authorization: `Bearer ${token}`, "x-requested-with": "XMLHttpRequest" },
    });
    const text = await res.text();
    return { status: res.status, total: Number(res.headers.get("x-total-count")), rows: parseCsv(text), text };
  };

  it("exports the whole grid as CSV with the report's numbers", async () => {
    const r = await ok("school_admin", { uuid: w.course.uuid, per: 250 });
    const file = await csv("school_admin", `Class/export.csv?uuid=${w.course.uuid}&sort_by=absences&sort_dir=desc`);
    expect(file.status, file.text).toBe(200);
    const [header, ...body] = file.rows;
    expect(header?.slice(0, 11)).toEqual([
      "last_name",
      "first_name",
      "school_identifier",
      "present",
      "late",
      "absent",
      "excused",
      "left_early",
      "cancelled",
      "travel",
      "apa",
    ]);
    expect(body).toHaveLength(r.total);
    expect(file.total).toBe(r.total);
    // c has the most absences: first
    expect(body[0]?.slice(3, 11)).toEqual(["0", "1", "2", "0", "0", "1", "0", "33.3"]);
    const sum = (col: number) => body.reduce((n, row) => n + Number(row[col]), 0);
    const count = (s: number) => r.by_status.find((x) => x.status === s)?.count ?? 0;
    expect([sum(3), sum(4), sum(5), sum(6), sum(7), sum(8), sum(9)]).toEqual(
      [
        STATUS.present,
        STATUS.late,
        STATUS.absent,
        STATUS.excused,
        STATUS.left_early,
        STATUS.cancelled,
        STATUS.travel,
      ].map(count),
    );
    // the judge's file has its three students; another school's course is not found
    expect((await csv("judge", `Class/export.csv?uuid=${w.course.uuid}`)).rows).toHaveLength(4);
    expect((await csv("school_admin", `Class/export.csv?uuid=${w.foreign.uuid}`)).status).toBe(404);
    const bad = await csv("school_admin", `Class/export.csv?uuid=${w.course.uuid}&sort_by=token`);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).errors.sort_by).toBeDefined();
    expect((await csv("school_admin", "Class/export.csv")).status).toBe(400);
  });

  // the route writes `header` (fixed columns); the per-date columns come from headerOf, read here
  // directly with the school admin's real viewer until the route asks each export for its header
  it("gives the CSV one column per session date, each status by name", async () => {
    const db = srv.services.db;
    const [admin] = await db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail("school_admin")));
    const role = roleById(admin!.role_id);
    const viewer: Viewer = {
      user: admin!,
      roleId: role.id,
      permissions: role.permissions,
      schoolId: admin!.school_id,
      tokenKind: "access",
      tokenId: 0,
      impersonatorId: null,
    };
    const scope = () => new Scoped(srv.services, viewer);
    const args = classExport.parse({ uuid: w.course.uuid, sort_by: "absences", sort_dir: "desc" });
    const header = await classExport.headerOf(scope(), args);
    expect(header.slice(11)).toEqual([w.d(4), w.d(3), w.d(2), w.d(1), w.d(0)]);
    const rows = [];
    for await (const batch of classExport.rows(scope, args)) rows.push(...batch);
    expect(rows).toHaveLength(4);
    expect(rows[0]?.slice(10)).toEqual([33.3, "late", "absent", "absent", "cancelled", null]);
    expect(rows.every((r) => r.length === header.length)).toBe(true);
  });
});
