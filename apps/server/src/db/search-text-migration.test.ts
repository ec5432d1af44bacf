import { studentSearchText } from "@rollbook/domain";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { DATABASES } from "../../test/harness.ts";
import { upgradeDatabase } from "../../test/upgrade-database.ts";
import { openDatabase } from "./client.ts";

/**
 * Migration 0020 (decision 0613) on a database that already has students, as an upgrade meets it:
 * the migrations up to 0019 applied, a school of students written, then the server opened (it
 * migrates the rest, then vacuums and analyzes the tables a migration rewrote: db/rewrites.ts).
 */
const BEFORE = "0019_students_name_desc_index";

const NAMES = [
  ["Ángel", "Ñúñez"],
  ["Émile", "Þórsdóttir"],
  ["Jürgen", "Weiß"],
  ["Øyvind", "Łukasz"],
  ["Ana", "Smith"],
  ["Bo", "Jones"],
];
/** 3,000 students, a few with accents (written before search_text exists), and statistics of then. */
const FILL = [
  "insert into schools (name) values ('Upgrade school')",
  `insert into students (school_id, first_name, last_name, email, token, offline_code)
     select (select max(id) from schools), n.first || case when g > 6 then g::text else '' end, n.last,
            case when g % 3 = 0 then null else lower(n.last) || g || '@Upgrade.test' end, 'upgrade-' || g, 'X'
     from generate_series(1, 3000) g
     cross join lateral (select (array[${NAMES.map(([f]) => `'${f}'`).join(",")}])[1 + g % ${NAMES.length}] as first,
                                (array[${NAMES.map(([, l]) => `'${l}'`).join(",")}])[1 + g % ${NAMES.length}] as last) n`,
  "analyze",
];

describe.each(DATABASES)("the search_text migrations on a school with students, on %s", (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** A database migrated to 0019 and filled; answers how to open it as the server does. */
  const upgraded = () => upgradeDatabase(kind, BEFORE, FILL, cleanups);

  it("folds the students already there; the rewritten table has statistics and its visibility map; a search for nobody reads the trigram index", async () => {
    const database = await openDatabase(await upgraded());
    try {
      const db = database.db;
      const rows = (
        (await db.execute(sql`select first_name, last_name, email, search_text from students`)) as unknown as {
          rows: { first_name: string; last_name: string; email: string | null; search_text: string }[];
        }
      ).rows;
      expect(rows).toHaveLength(3000);
      expect(rows.filter((r) => r.search_text !== studentSearchText(r))).toEqual([]);
      expect(rows.filter((r) => /^angel\d* nunez /.test(r.search_text))).toHaveLength(500);

      const explain = async (q: ReturnType<typeof sql>) =>
        ((await db.execute(sql`explain ${q}`)) as unknown as { rows: { "QUERY PLAN": string }[] }).rows
          .map((r) => r["QUERY PLAN"])
          .join("\n");
      // the planner knows the new column: without statistics it priced every LIKE at a default share
      const stats = (await db.execute(
        sql`select count(*)::int as n from pg_stats where tablename = 'students' and attname = 'search_text'`,
      )) as unknown as { rows: { n: number }[] };
      expect(stats.rows[0]?.n).toBe(1);
      // the table's pages are all visible again (an empty visibility map: the list's total, an
      // index-only count, read the whole table instead), as a VACUUM leaves them
      const pages = (await db.execute(
        sql`select relpages, relallvisible from pg_class where relname = 'students'`,
      )) as unknown as { rows: { relpages: number; relallvisible: number }[] };
      expect(pages.rows[0]!.relpages).toBeGreaterThan(10);
      expect(pages.rows[0]!.relallvisible).toBeGreaterThan(0.9 * pages.rows[0]!.relpages);
      // global search's word-start step for a term nobody has (its statement's shape, search.ts):
      // with statistics the no hits are gathered from the trigram index; without, the planner
      // walked the name order through the whole school waiting for 5 hits
      expect(
        await explain(sql`select * from students
          where school_id = (select max(id) from schools) and deleted_at is null
            and (search_text like 'zz%' or search_text like '% zz%')
          order by last_name collate "und-x-icu", first_name collate "und-x-icu", id limit 5`),
      ).toContain("Bitmap Index Scan on students_search_text_trgm");
    } finally {
      await database.close();
    }
  });
});
