import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../test/csv.ts";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { students, teams, users, userTeam } from "../db/schema/index.ts";
import { demoEmail } from "../db/seed/demo.ts";
import { refreshApa } from "../engine/finalise/apa.ts";
import { type ReportSchool, reportSchool } from "./test-school.ts";

const REPORT = `query($uuid: String!, $s: String, $e: String, $sort: String, $dir: String, $per: Int, $page: Int) {
  teamReport(uuid: $uuid, start_date: $s, end_date: $e, sort_by: $sort, sort_dir: $dir, per_page: $per, page: $page) {
    team { name } start_date end_date total apa travel missed
    data { student { id } apa travel missed counts { absent travel attended } }
  } }`;

type Report = {
  total: number;
  apa: number | null;
  travel: number;
  missed: number;
  start_date: string;
  end_date: string;
  data: { student: { id: number }; apa: number | null; travel: number; missed: number }[];
};

/** The Team report (issue 12) against the hand-made school of test-school.ts, on every database. */
describe.each(ONE_DATABASE)("teamReport on %s", (kind) => {
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
    return r.body.data.teamReport as Report;
  };
  const fails = async (role: string, vars: Record<string, unknown>) => {
    const r = await gql(role, vars);
    expect(r.status).toBeLessThan(500);
    const e = r.body.errors?.[0] as { message: string; extensions?: { code?: string; field?: string } };
    expect(e, JSON.stringify(r.body)).toBeDefined();
    return { message: e.message, code: e.extensions?.code, field: e.extensions?.field };
  };

  it("counts each student's APA, travel and missed sessions, and the team's", async () => {
    const r = await ok("school_admin", { uuid: w.team.uuid, s: w.d(4), e: w.today, sort: "missed", dir: "desc" });
    expect(r).toMatchObject({ total: 3, travel: 1, missed: 2, apa: 77.8 });
    expect(r.data.map((x) => [x.student.id, x.apa, x.travel, x.missed])).toEqual([
      [w.c.id, 33.3, 0, 2],
      [w.a.id, 100, 0, 0],
      [w.b.id, 100, 1, 0],
    ]);
    const travel = await ok("school_admin", {
      uuid: w.team.uuid,
      s: w.d(4),
      e: w.today,
      sort: "travel",
      dir: "desc",
      per: 1,
    });
    expect(travel.data.map((x) => x.student.id)).toEqual([w.b.id]);
    expect(travel.total).toBe(3);
    // one day: only c's absence of that day counts
    expect(await ok("school_admin", { uuid: w.team.uuid, s: w.d(2), e: w.d(2) })).toMatchObject({
      missed: 1,
      travel: 1,
      apa: 0,
    });
  });

  it("by default shows the APA the app keeps: this semester's, and the team's mean", async () => {
    const db = srv.services.db;
    await refreshApa(db, w.school, [w.a.id, w.b.id, w.c.id], new Date());
    const r = await ok("school_admin", { uuid: w.team.uuid });
    expect(r.data.filter((x) => x.apa !== null)).toHaveLength(3);
    const kept = await db.select().from(students);
    for (const row of r.data) expect(row.apa).toBe(kept.find((s) => s.id === row.student.id)?.semester_apa ?? null);
    const [team] = await db.select().from(teams).where(eq(teams.id, w.team.id));
    expect(r.apa).toBe(team!.apa);
    expect(r.end_date <= w.today).toBe(true);
  });

  it("answers NOT_FOUND for another school's team or one the viewer is not assigned", async () => {
    expect((await fails("school_admin", { uuid: w.foreignTeam.uuid })).code).toBe("NOT_FOUND");
    expect((await fails("judge", { uuid: w.team.uuid })).message).toBe("Team not found");
    expect((await fails("school_admin", { uuid: "00000000-0000-4000-8000-000000000000" })).code).toBe("NOT_FOUND");
    const db = srv.services.db;
    const [coach] = await db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail("staff")));
    await db.insert(userTeam).values({ user_id: coach!.id, team_id: w.team.id });
    const r = await ok("staff", { uuid: w.team.uuid, s: w.d(4), e: w.today });
    expect(r).toMatchObject({ total: 3, travel: 1, missed: 2 });
  });

  it("names the filter at fault", async () => {
    expect(await fails("school_admin", { uuid: "" })).toMatchObject({ code: "BAD_USER_INPUT", field: "uuid" });
    expect((await fails("school_admin", { uuid: w.team.uuid, s: "2026-13-01" })).field).toBe("start_date");
    expect((await fails("school_admin", { uuid: w.team.uuid, s: w.today, e: w.d(1) })).field).toBe("end_date");
    expect((await fails("school_admin", { uuid: w.team.uuid, sort: "token" })).field).toBe("sort_by");
  });

  const csv = async (role: string, path: string) => {
    const token = (await srv.login(role)).access_token as string;
    const res = await fetch(`${srv.url}/api/v2/reports/${path}`, {
      headers: { authorization: `Bearer ${token}`, "x-requested-with": "XMLHttpRequest" },
    });
    const text = await res.text();
    return { status: res.status, total: Number(res.headers.get("x-total-count")), rows: parseCsv(text), text };
  };

  it("exports every student as CSV with the report's numbers", async () => {
    const q = `uuid=${w.team.uuid}&start_date=${w.d(4)}&end_date=${w.today}&sort_by=missed&sort_dir=desc`;
    const r = await ok("school_admin", { uuid: w.team.uuid, s: w.d(4), e: w.today, sort: "missed", dir: "desc" });
    const file = await csv("school_admin", `Team/export.csv?${q}`);
    expect(file.status, file.text).toBe(200);
    const [header, ...body] = file.rows;
    expect(header?.slice(3, 6)).toEqual(["apa", "travel", "missed"]);
    expect(file.total).toBe(r.total);
    expect(body.map((x) => x.slice(3, 6).map(Number))).toEqual(r.data.map((x) => [x.apa, x.travel, x.missed]));
    expect(body.reduce((n, x) => n + Number(x[5]), 0)).toBe(r.missed);
    expect((await csv("judge", `Team/export.csv?uuid=${w.team.uuid}`)).status).toBe(404);
    const bad = await csv("school_admin", `Team/export.csv?uuid=${w.team.uuid}&end_date=tomorrow`);
    expect(JSON.parse(bad.text).errors.end_date).toBeDefined();
  });
});
