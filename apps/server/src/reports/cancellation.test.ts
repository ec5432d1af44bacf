import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { cancellations, courses, schoolClosures } from "../db/schema/index.ts";
import { makeCourse, schoolsOf } from "../engine/test-fixtures.ts";

const REPORT = `query($s: String!, $e: String!, $classes: [Int!], $sort: String, $dir: String, $per: Int, $page: Int) {
  cancellationReport(start_date: $s, end_date: $e, classes: $classes, sort_by: $sort, sort_dir: $dir, per_page: $per, page: $page) {
    total data { kind start_date end_date course_id title notes }
  } }`;

/**
 * The Cancellation report (issue 12) on a hand-made March of 2020, away from the demo school's
 * own closures and cancellations: two classes, three cancelled dates, two closures, and another
 * school's of each on the same days.
 */
describe.each(ONE_DATABASE)("cancellationReport on %s", (kind) => {
  let srv: TestServer;
  const ids = { bio: 0, chem: 0, foreign: 0 };

  beforeAll(async () => {
    srv = await startServer(kind);
    const db = srv.services.db;
    const { demo: school, other } = await schoolsOf(db);
    const start = new Date(Date.now() + 600 * 60_000);
    const { course: bio } = await makeCourse(db, school, start, 60);
    const { course: chem } = await makeCourse(db, school, start, 60);
    const { course: foreign } = await makeCourse(db, other, start, 60);
    await db.update(courses).set({ title: "Report Biology" }).where(eq(courses.id, bio.id));
    await db.update(courses).set({ title: "Report Chemistry" }).where(eq(courses.id, chem.id));
    Object.assign(ids, { bio: bio.id, chem: chem.id, foreign: foreign.id });
    await db.insert(cancellations).values([
      { course_id: bio.id, date: "2020-03-02", notes: "Lab flooded" },
      { course_id: bio.id, date: "2020-03-16", notes: null },
      { course_id: chem.id, date: "2020-03-09", notes: "Exam week" },
      { course_id: foreign.id, date: "2020-03-09", notes: "elsewhere" },
    ]);
    await db.insert(schoolClosures).values([
      { school_id: school.id, title: "Report spring break", start_date: "2020-03-23", end_date: "2020-03-27" },
      // overlaps the range's first day only
      { school_id: school.id, title: "Report February storm", start_date: "2020-02-27", end_date: "2020-03-02" },
      { school_id: other.id, title: "Elsewhere closed", start_date: "2020-03-10", end_date: "2020-03-11" },
    ]);
  });
  afterAll(() => srv?.close());

  const call = async (role: string, vars: Record<string, unknown>) =>
    srv.gql((await srv.login(role)).access_token as string, REPORT, vars);
  const ok = async (role: string, vars: Record<string, unknown>) => {
    const r = await call(role, vars);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data.cancellationReport as {
      total: number;
      data: { kind: string; start_date: string; end_date: string; course_id: number | null; title: string }[];
    };
  };

  it("lists the class cancellations and the closures overlapping the range, by date", async () => {
    const r = await ok("school_admin", { s: "2020-03-01", e: "2020-03-31" });
    expect(r.total).toBe(5);
    expect(r.data.map((x) => [x.kind, x.start_date, x.title])).toEqual([
      ["closure", "2020-02-27", "Report February storm"],
      ["cancellation", "2020-03-02", "Report Biology"],
      ["cancellation", "2020-03-09", "Report Chemistry"],
      ["cancellation", "2020-03-16", "Report Biology"],
      ["closure", "2020-03-23", "Report spring break"],
    ]);
    expect(r.data[4]).toMatchObject({ end_date: "2020-03-27", course_id: null });
    const paged = await ok("school_admin", { s: "2020-03-01", e: "2020-03-31", per: 2, page: 3, dir: "asc" });
    expect(paged.data.map((x) => x.start_date)).toEqual(["2020-03-23"]);
  });

  it("keeps to the classes asked for, closures included; never another school's", async () => {
    const r = await ok("school_admin", { s: "2020-03-01", e: "2020-03-31", classes: [ids.chem, ids.foreign] });
    expect(r.data.map((x) => [x.kind, x.title])).toEqual([
      ["closure", "Report February storm"],
      ["cancellation", "Report Chemistry"],
      ["closure", "Report spring break"],
    ]);
    const narrow = await ok("school_admin", { s: "2020-03-05", e: "2020-03-12", sort: "title" });
    expect(narrow.data.map((x) => x.title)).toEqual(["Report Chemistry"]);
  });

  it("a professor sees only the cancellations of the classes assigned to them", async () => {
    const r = await ok("judge", { s: "2020-03-01", e: "2020-03-31" });
    expect(r.data.filter((x) => x.kind === "cancellation")).toEqual([]);
    expect(r.data.filter((x) => x.kind === "closure")).toHaveLength(2);
  });

  it("names the date at fault", async () => {
    const r = await call("school_admin", { s: "2020-03-31", e: "2020-03-01" });
    expect(r.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "end_date" });
    const bad = await call("school_admin", { s: "2020-3-1", e: "2020-03-31" });
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({ field: "start_date" });
  });
});
