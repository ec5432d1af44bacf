import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv, quotedCellProblem, unguard } from "../../test/csv.ts";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import * as t from "../db/schema/index.ts";
import { safeCell } from "./csv-cells.ts";
import { STUDENT_COLUMNS } from "./students-csv.ts";

const PATH = "/api/v2/students/export.csv";

interface ListRow {
  first_name: string;
  last_name: string;
  email: string | null;
}

describe("formula guard", () => {
  it("prefixes a cell a spreadsheet would run, and nothing else", () => {
    for (const v of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) expect(safeCell(v)).toBe(`'${v}`);
    for (const v of ["Ann", "a=b", "1-2", "", "'=x"]) expect(safeCell(v)).toBe(v);
    expect(safeCell(null)).toBe("");
  });
});

describe.each(ONE_DATABASE)("students CSV export on %s", (kind) => {
  let srv: TestServer;
  let admin = "";
  let adminSearch = "";
  let judge = "";
  let courseUuid = "";
  let homeId = 0;
  const db = () => srv.database.db;

  const get = (path: string, token: string | null, headers: Record<string, string> = {}) =>
    fetch(srv.url + path, {
      headers: {
        "x-requested-with": "XMLHttpRequest",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    });
  const exportRows = async (token: string, params: Record<string, string> = {}) => {
    const res = await get(`${PATH}?${new URLSearchParams(params)}`, token);
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(200);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...STUDENT_COLUMNS]);
    return rows;
  };
  /** every page of the `students` list, 250 at a time */
  const listAll = async (token: string, params: Record<string, string> = {}) => {
    const all: ListRow[] = [];
    for (let page = 1; ; page++) {
      const r = await srv.gql<{ students: { data: ListRow[]; total: number } }>(
        token,
        `query L($page: Int, $query: String, $state: String, $relation: String, $relation_uuid: String,
           $sort_by: String, $sort_dir: String, $missing: Boolean) {
           students(page: $page, per_page: 250, query: $query, state: $state, relation: $relation,
             relation_uuid: $relation_uuid, sort_by: $sort_by, sort_dir: $sort_dir, missing: $missing) {
             total data { first_name last_name email } } }`,
        { page, ...params, missing: params.missing === undefined ? undefined : params.missing === "true" },
      );
      expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
      const data = r.body.data?.students.data ?? [];
      all.push(...data);
      if (data.length < 250) {
        expect(all).toHaveLength(r.body.data?.students.total as number);
        return all.map((s) => [s.first_name, s.last_name, s.email ?? ""]);
      }
    }
  };
  const sameAsList = async (token: string, params: Record<string, string>) => {
    const csv = (await exportRows(token, params)).map((r) => [unguard(r[0]!), unguard(r[1]!), unguard(r[3]!)]);
    const list = await listAll(token, params);
    expect(csv.length, JSON.stringify(params)).toBe(list.length);
    expect(csv, JSON.stringify(params)).toEqual(list);
    return csv;
  };

  beforeAll(async () => {
    srv = await startServer(kind);
    const a = await srv.login("school_admin");
    admin = a.access_token;
    adminSearch = a.search_token;
    judge = (await srv.login("judge")).access_token;
    const [home] = await db().select().from(t.schools).orderBy(t.schools.id).limit(1);
    homeId = home!.id;
    // 2,500 more students than the demo's, with ties in every sort column, nulls and
    // timestamps with microseconds: the keyset batches (1,000) must neither skip nor repeat
    await db().execute(sql`
      insert into students (school_id, first_name, last_name, email, token, offline_code, semester_apa,
        weekly_apa, last_seen, school_identifier, deleted_at)
      select ${homeId}, 'Gen' || g, 'Tie' || (g % 7), case when g % 4 = 0 then null else 'gen' || g || '@x.test' end,
        'export-test-' || g, 'X', case when g % 5 = 0 then null else (g % 37) * 2.5 end,
        case when g % 3 = 0 then null else (g % 11) * 9.25 end,
        case when g % 6 = 0 then null else timestamptz '2026-01-01 00:00:00.123456+00' + (g % 300) * interval '1.000001 second' end,
        case when g % 2 = 0 then null else 'SID' || (g % 1000) || '-' || g end,
        case when g % 97 = 0 then now() else null end
      from generate_series(1, 2500) g`);
    const [course] = await db().select().from(t.courses).where(eq(t.courses.school_id, homeId)).limit(1);
    courseUuid = course!.uuid;
    const [dev] = await db()
      .insert(t.students)
      .values({
        school_id: homeId,
        first_name: "=cmd|' /C calc'!A0",
        last_name: "+SUM(1)",
        preferred_name: 'says "hi", then\nleaves',
        email: "@evil.example",
        phone: "-2+3",
        token: "export-formula",
        offline_code: "X",
      })
      .returning();
    const [device] = await db()
      .insert(t.devices)
      .values({ student_id: dev!.id, model_name: "Pixel 8", location_permission: true, bluetooth_permission: false })
      .returning();
    await db().update(t.students).set({ device_id: device!.id }).where(eq(t.students.id, dev!.id));
    // ";" splits a bare cell in a spreadsheet set to a ";" list separator (sweep 5)
    await db().insert(t.students).values({
      school_id: homeId,
      first_name: "x;=1+2",
      last_name: 'say "hi"\nbye',
      email: "quoting@x.test",
      token: "export-quoting",
      offline_code: "X",
    });
  });
  afterAll(() => srv?.close());

  it("streams every row of the filter, beyond one page and one batch, in the list's order", async () => {
    const visible = await db().$count(
      t.students,
      sql`${t.students.school_id} = ${homeId} and ${t.students.deleted_at} is null`,
    );
    expect(visible).toBeGreaterThan(2400);
    const rows = await sameAsList(admin, {});
    expect(rows).toHaveLength(visible);
    for (const [sort_by, sort_dir] of [
      ["name", "asc"],
      ["name", "desc"],
      ["semester_apa", "asc"],
      ["weekly_apa", "desc"],
      ["last_seen", "desc"],
      ["email", "asc"],
      ["school_identifier", "desc"],
      ["created_at", "asc"],
    ]) {
      await sameAsList(admin, { sort_by: sort_by!, sort_dir: sort_dir!, state: "all" });
    }
  });

  it("applies the list's filters: state, relation, query", async () => {
    expect((await sameAsList(admin, { state: "removed" })).length).toBeGreaterThan(20);
    expect((await sameAsList(admin, { relation: "course", relation_uuid: courseUuid })).length).toBeGreaterThan(0);
    expect((await sameAsList(admin, { query: "gen12" })).length).toBeGreaterThan(100);
    expect(await sameAsList(admin, { query: "100%" })).toEqual([]);
    await sameAsList(admin, { missing: "true" });
    await sameAsList(admin, { missing: "false", state: "all" });
    expect((await sameAsList(admin, { query: "Tie3", sort_by: "last_seen", sort_dir: "desc" })).length).toBeGreaterThan(
      300,
    );
  });

  it("gives a professor only the students they may see", async () => {
    const mine = await sameAsList(judge, { state: "all" });
    const all = await exportRows(admin, { state: "all" });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.length);
    expect(mine.some((r) => r[0]?.startsWith("Gen"))).toBe(false);
  });

  it("guards formulas, quotes what needs it, and shows the device", async () => {
    const rows = await exportRows(admin, { query: "SUM(1)" });
    expect(rows).toEqual([
      [
        "'=cmd|' /C calc'!A0",
        "'+SUM(1)",
        'says "hi", then\nleaves',
        "'@evil.example",
        "'-2+3",
        "",
        "",
        "",
        "",
        "Pixel 8 (location on, bluetooth off)",
      ],
    ]);
    // the raw lines: every text cell quoted, numbers bare, a missing value an empty cell
    const raw = await (await get(`${PATH}?query=SUM(1)`, admin)).text();
    expect(raw.split("\n").slice(1).join("\n")).toBe(
      `"'=cmd|' /C calc'!A0","'+SUM(1)","says ""hi"", then\nleaves","'@evil.example","'-2+3",,,,,"Pixel 8 (location on, bluetooth off)"\n`,
    );
    const apa = (await exportRows(admin, { query: "gen1@x.test" }))[0]!;
    // last_seen on the school's clock, bare (decision 0823): 00:00:01.123 UTC is 7 PM the day before in New York
    expect(apa.slice(5, 9)).toEqual(["SID1-1", "9.25", "2.5", "2025-12-31 19:00:01"]);
    const line = await (await get(`${PATH}?query=gen1@x.test`, admin)).text();
    expect(line.split("\n")[1]).toMatch(/^"Gen1","Tie1",,"gen1@x\.test",,"SID1-1",9\.25,2\.5,2025-12-31 19:00:01,$/);
  });

  it("writes x;=1+2 and a text with a quote and a line break each as one quoted cell", async () => {
    const res = await get(`${PATH}?query=quoting@x.test`, admin);
    const file = await res.text();
    expect(res.status, file).toBe(200);
    expect(quotedCellProblem(file, "x;=1+2")).toBeNull();
    expect(quotedCellProblem(file, 'say "hi"\nbye')).toBeNull();
    expect(parseCsv(file).slice(1)).toEqual([
      ["x;=1+2", 'say "hi"\nbye', "", "quoting@x.test", "", "", "", "", "", ""],
    ]);
  });

  it("answers a download: CSV, attachment students.csv, not cached", async () => {
    const res = await get(PATH, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="students.csv"');
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await res.text()).split("\n")[0]).toBe(STUDENT_COLUMNS.join(","));
  });

  it("needs a staff access token and the XMLHttpRequest marker", async () => {
    const none = await get(PATH, null);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: "Not signed in" });
    expect((await get(PATH, "not-a-token")).status).toBe(401);
    const search = await get(PATH, adminSearch);
    expect(search.status).toBe(403);
    expect(await search.text()).not.toContain("first_name");
    const noMarker = await fetch(srv.url + PATH, { headers: { authorization: `Bearer ${admin}` } });
    expect(noMarker.status).toBe(403);
  });

  it("refuses a bad filter with 400 naming the field", async () => {
    for (const [qs, field] of [
      ["state=gone", "state"],
      ["sort_by=token", "sort_by"],
      ["sort_by=__proto__", "sort_by"],
      ["sort_dir=up", "sort_dir"],
      ["relation=school&relation_uuid=00000000-0000-4000-8000-000000000000", "relation"],
      ["relation=course&relation_uuid=nope", "relation_uuid"],
      ["relation_uuid=00000000-0000-4000-8000-000000000000", "relation"],
      [`query=${"x".repeat(201)}`, "query"],
      ["query=a%00b", "query"],
      ["state=all&state=active", "state"],
      ["missing=maybe", "missing"],
    ] as const) {
      const res = await get(`${PATH}?${qs}`, admin);
      expect(res.status, qs).toBe(400);
      const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
      expect(Object.keys(body.errors), qs).toEqual([field]);
      expect(body.message.startsWith(field), qs).toBe(true);
    }
    // a filter longer than any is read at all says the limit
    const long = await get(`${PATH}?relation_uuid=${"x".repeat(1001)}`, admin);
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({
      message: "relation_uuid must be at most 1000 characters",
      errors: { relation_uuid: ["must be at most 1000 characters"] },
    });
    // an unseen relation is not an error: it matches nobody, as in the list
    expect(
      await exportRows(admin, { relation: "team", relation_uuid: "00000000-0000-4000-8000-000000000000" }),
    ).toEqual([]);
  });
});
