import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggingDb, plansAfter } from "../../test/explain.ts";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { label, order, PEOPLE } from "../../test/names-fixture.ts";
import { Scoped } from "../access/scoped.ts";
import { type Viewer, viewerFrom } from "../access/viewer.ts";
import { resolveToken } from "../auth/tokens.ts";
import * as t from "../db/schema/index.ts";
import { studentRows } from "../export/students-csv.ts";
import { afterRow, orderOf, studentFilter } from "./filter.ts";

/**
 * Names sort linguistically (decision 0612): accented and lower-case initials among the others,
 * not after "Z" as their bytes put them. The students, inserted in this order (their ids
 * increase): two share a last name (first name breaks the tie), two share both names (the id).
 */

/** The list's orders: the keys in the direction asked, then the id ascending. */
const EXPECTED: Record<string, Record<"asc" | "desc", string[]>> = {
  name: {
    asc: order(1, 2, 10, 3, 4, 6, 5, 7, 8, 9),
    desc: order(9, 7, 8, 5, 6, 4, 3, 10, 2, 1),
  },
  last_name: {
    asc: order(1, 2, 10, 3, 4, 5, 6, 7, 8, 9),
    desc: order(9, 7, 8, 5, 6, 4, 3, 10, 2, 1),
  },
  first_name: {
    asc: order(3, 6, 5, 7, 8, 4, 9, 2, 10, 1),
    desc: order(1, 10, 2, 9, 4, 7, 8, 5, 3, 6),
  },
};

const LIST = `query L($page: Int, $per_page: Int, $sort_by: String, $sort_dir: String, $query: String,
  $relation: String, $relation_uuid: String) {
  students(page: $page, per_page: $per_page, sort_by: $sort_by, sort_dir: $sort_dir, query: $query,
    relation: $relation, relation_uuid: $relation_uuid) { total data { id first_name last_name } } }`;

describe.each(DATABASES)("participants in name order on %s", (kind) => {
  let srv: TestServer;
  let admin = "";
  let viewer: Viewer;
  let teamUuid = "";
  const labelOf = new Map<number, string>();
  const db = () => srv.services.db;

  beforeAll(async () => {
    srv = await startServer(kind);
    admin = (await srv.login("school_admin")).access_token;
    viewer = await viewerFrom(db(), (await resolveToken(db(), admin))!);
    const [school] = await db().select().from(t.schools).orderBy(t.schools.id).limit(1);
    const [team] = await db().insert(t.teams).values({ school_id: school!.id, name: "Names order" }).returning();
    teamUuid = team!.uuid;
    // one at a time, so that the ids follow PEOPLE
    for (const [i, [last_name, first_name]] of PEOPLE.entries()) {
      const [s] = await db()
        .insert(t.students)
        .values({
          school_id: school!.id,
          first_name,
          last_name,
          email: `collation.check.${i + 1}@x.test`,
          token: `names-order-${i}`,
          offline_code: "X",
        })
        .returning();
      labelOf.set(s!.id, label(i));
      await db().insert(t.studentTeam).values({ student_id: s!.id, team_id: team!.id });
    }
  });
  afterAll(() => srv?.close());

  const named = (rows: { id: number }[]) => rows.map((r) => labelOf.get(r.id) ?? `someone else #${r.id}`);

  // the team: the list's plain order (an index can serve it); the term: matches gathered, then sorted
  const FILTERS = {
    team: () => ({ relation: "team", relation_uuid: teamUuid }),
    term: () => ({ query: "collation.check" }),
  };

  /** every page of the list, `perPage` at a time */
  const listed = async (filter: Record<string, string>, sort_by: string, sort_dir: string, perPage: number) => {
    const seen: { id: number }[] = [];
    for (let page = 1; page <= 20; page++) {
      const r = await srv.gql<{ students: { total: number; data: { id: number }[] } }>(admin, LIST, {
        ...filter,
        sort_by,
        sort_dir,
        page,
        per_page: perPage,
      });
      expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
      const data = r.body.data!.students.data;
      expect(r.body.data!.students.total).toBe(PEOPLE.length);
      seen.push(...data);
      if (data.length < perPage) break;
    }
    return named(seen);
  };

  for (const [filterName, filter] of Object.entries(FILTERS))
    for (const sortBy of Object.keys(EXPECTED))
      for (const dir of ["asc", "desc"] as const) {
        it(`by ${sortBy} ${dir}, ${filterName}: linguistic, and the same through pages of 3 and the export's keyset batches of 3`, async () => {
          const expected = EXPECTED[sortBy]![dir];
          // one page
          expect(await listed(filter(), sortBy, dir, 25)).toEqual(expected);
          // pages of 3: every student exactly once, in the same order
          expect(await listed(filter(), sortBy, dir, 3)).toEqual(expected);
          // the CSV export's keyset (students/filter.ts afterRow) in batches of 3
          const f = await studentFilter(new Scoped(srv.services, viewer), {
            ...filter(),
            sort_by: sortBy,
            sort_dir: dir,
          });
          const cells: string[] = [];
          for await (const row of studentRows(srv.services, viewer, f, 3)) cells.push(`${row[1]}, ${row[0]}`);
          expect(cells).toEqual(expected.map((l) => l.replace(/ #\d+$/, "")));
        });
      }

  it("a page by name reads students_live_name in order, and the keyset's range is an index condition (EXPLAIN)", async () => {
    // the statements it runs, captured from a scope over a logging connection
    const { logged, captured } = loggingDb(kind, db());
    const data = new Scoped(srv.services, viewer, logged);
    const f = await studentFilter(data, { sort_by: "name", sort_dir: "asc" });
    const [some] = await db().select().from(t.students).where(eq(t.students.email, "collation.check.5@x.test"));
    await data.rows("students", { where: f.where, orderBy: orderOf(f.keys), limit: 25, offset: 50 });
    await data.rows("students", {
      where: and(f.where, afterRow(f.keys, some!.id)),
      orderBy: orderOf(f.keys),
      limit: 1000,
    });
    const down = await studentFilter(data, { sort_by: "name", sort_dir: "desc" });
    await data.rows("students", { where: down.where, orderBy: orderOf(down.keys), limit: 25, offset: 50 });
    expect(captured).toHaveLength(3);

    // A school of a few thousand students (inside a transaction, rolled back): on the seeded few
    // dozen rows the planner rightly reads the table and sorts, which proves nothing.
    const [home] = await db().select().from(t.schools).orderBy(t.schools.id).limit(1);
    const fill = [
      `insert into students (school_id, first_name, last_name, email, token, offline_code)
         select ${home!.id}, 'Bulk' || g, 'Row' || (g % 500), 'bulk' || g || '@x.test', 'bulk-token-' || g, 'X'
         from generate_series(1, 5000) g`,
      "analyze students",
    ];
    const plans = await plansAfter(kind, db(), fill, captured);
    expect(await db().$count(t.students, inArray(t.students.token, ["bulk-token-1"]))).toBe(0);
    for (const q of captured) expect(q.sql, q.sql).toContain('collate "und-x-icu"');
    const [page, batch, pageDown] = plans as [string, string, string];
    // the page: the index in the list's order, no sort (an index on the plain columns gives bytes' order)
    expect(page, `${captured[0]!.sql}\n${page}`).toContain("Index Scan using students_live_name");
    expect(page, `${captured[0]!.sql}\n${page}`).not.toMatch(/Sort/);
    // name descending: its own index (a backward walk of the first would order ties by id descending)
    expect(pageDown, `${captured[2]!.sql}\n${pageDown}`).toContain("Index Scan using students_live_name_desc");
    expect(pageDown, `${captured[2]!.sql}\n${pageDown}`).not.toMatch(/Sort/);
    // the export's batch: its `last_name >= last row's` is a range of a name index, which only a
    // comparison in the index's collation can be (walk or gather then is the planner's choice)
    expect(batch, `${captured[1]!.sql}\n${batch}`).toMatch(
      /(Bitmap Index Scan on|Index Scan using) students_(live|school)_name[^\n]*\n(.*\n)*?\s*Index Cond: \(\(school_id = \d+\) AND \(\(?last_name\)?(::text)? >= /,
    );
  });
});
