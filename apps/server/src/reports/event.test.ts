import { addDays } from "@rollbook/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../test/csv.ts";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { EVENT_DAY, type ReportSchool, reportSchool } from "./test-school.ts";

const REPORT = `query($s: String, $e: String, $sort: String, $dir: String, $per: Int, $page: Int) {
  eventReport(start_date: $s, end_date: $e, sort_by: $sort, sort_dir: $dir, per_page: $per, page: $page) {
    total data { id title date attending waitlisted attended missed }
  } }`;

type Row = { id: number; date: string; attending: number; waitlisted: number; attended: number; missed: number };

/** The Event report (issue 12) against the hand-made school of test-school.ts, on every database. */
describe.each(ONE_DATABASE)("eventReport on %s", (kind) => {
  let srv: TestServer;
  let w: ReportSchool;
  const range = { s: EVENT_DAY, e: addDays(EVENT_DAY, 1) };

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
    return r.body.data.eventReport as { total: number; data: Row[] };
  };
  const fails = async (role: string, vars: Record<string, unknown>) => {
    const r = await gql(role, vars);
    expect(r.status).toBeLessThan(500);
    const e = r.body.errors?.[0] as { message: string; extensions?: { code?: string; field?: string } };
    expect(e, JSON.stringify(r.body)).toBeDefined();
    return { message: e.message, code: e.extensions?.code, field: e.extensions?.field };
  };

  it("counts attending, waitlisted, attended and missed of each event in the range", async () => {
    const r = await ok("school_admin", range);
    // the other school's event on the same day is not listed
    expect(r.total).toBe(2);
    expect(r.data).toEqual([
      { id: w.e1.id, title: `Report ${w.e1.id}`, date: EVENT_DAY, attending: 2, waitlisted: 1, attended: 1, missed: 1 },
      {
        id: w.e2.id,
        title: `Report ${w.e2.id}`,
        date: addDays(EVENT_DAY, 1),
        attending: 1,
        waitlisted: 0,
        attended: 1,
        missed: 0,
      },
    ]);
  });

  it("sorts by a count and pages", async () => {
    const r = await ok("school_admin", { ...range, sort: "missed", dir: "asc", per: 1 });
    expect(r.data.map((x) => x.id)).toEqual([w.e2.id]);
    const second = await ok("school_admin", { ...range, sort: "missed", dir: "asc", per: 1, page: 2 });
    expect(second.data.map((x) => x.id)).toEqual([w.e1.id]);
    expect(second.total).toBe(2);
    const open = await ok("school_admin", { e: range.e, sort: "date", dir: "asc", per: 250 });
    expect(open.data.map((x) => x.id)).toEqual(expect.arrayContaining([w.e1.id, w.e2.id]));
  });

  it("shows a judge only the events it is assigned", async () => {
    const r = await ok("judge", range);
    expect(r.total).toBe(1);
    expect(r.data[0]).toMatchObject({ id: w.e1.id, attending: 2, attended: 1, missed: 1 });
  });

  it("names the filter at fault", async () => {
    expect((await fails("school_admin", { s: "yesterday" })).field).toBe("start_date");
    expect((await fails("school_admin", { s: range.e, e: range.s })).field).toBe("end_date");
    expect((await fails("school_admin", { sort: "scan_secret" })).field).toBe("sort_by");
    expect((await fails("school_admin", { dir: "up" })).field).toBe("sort_dir");
  });

  const csv = async (role: string, path: string) => {
    const token = (await srv.login(role)).access_token as string;
    const res = await fetch(`${srv.url}/api/v2/reports/${path}`, {
      headers: { authorization: `Bearer ${token}`, "x-requested-with": "XMLHttpRequest" },
    });
    const text = await res.text();
    return { status: res.status, total: Number(res.headers.get("x-total-count")), rows: parseCsv(text), text };
  };

  it("exports every event of the filter as CSV with the report's numbers", async () => {
    const r = await ok("school_admin", range);
    const file = await csv("school_admin", `Event/export.csv?start_date=${range.s}&end_date=${range.e}`);
    expect(file.status, file.text).toBe(200);
    const [header, ...body] = file.rows;
    expect(header).toEqual(["date", "title", "attending", "waitlisted", "attended", "missed"]);
    expect(file.total).toBe(r.total);
    expect(body.map((x) => x.slice(2).map(Number))).toEqual(
      r.data.map((x) => [x.attending, x.waitlisted, x.attended, x.missed]),
    );
    expect((await csv("judge", `Event/export.csv?start_date=${range.s}&end_date=${range.e}`)).total).toBe(1);
    const bad = await csv("school_admin", "Event/export.csv?sort_by=scan_secret");
    expect(JSON.parse(bad.text).errors.sort_by).toBeDefined();
  });
});
