import fs from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { DATABASES, startServer } from "../../test/harness.ts";
import { adminUrl, freshEmptyDir } from "../../test/template.ts";
import { type Db, openDatabase } from "./client.ts";
import { seedDemo } from "./seed/demo.ts";
import { staleTables } from "./statistics.ts";
import { bloatedTables, vacuumMostBloated } from "./vacuum.ts";

/** The planner's row count of a table: -1 until an ANALYZE (or VACUUM) has run on it. */
async function reltuples(db: Db, table: string): Promise<number> {
  const r = (await db.execute(sql`select reltuples from pg_class where oid = ${table}::regclass`)) as unknown as {
    rows: { reltuples: number }[];
  };
  return Number(r.rows[0]?.reltuples);
}

/** Columns of a table with statistics (pg_stats). */
async function columnStats(db: Db, table: string): Promise<number> {
  const r = (await db.execute(
    sql`select count(*)::int as n from pg_stats where schemaname = 'public' and tablename = ${table}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]?.n);
}

/** Dead rows of a table as the statistics collector counts them (a VACUUM brings it back to 0). */
async function deadRows(db: Db, table: string): Promise<number> {
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const r = (await db.execute(
    sql`select n_dead_tup::int as n from pg_stat_user_tables where relid = ${table}::regclass`,
  )) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]?.n);
}

async function until(what: string, ok: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Planner statistics (decision 0126): PGlite has no autovacuum, so the server runs ANALYZE. */
describe.each(DATABASES)("planner statistics on %s", (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** A copy of the migrated, empty PGlite template: the directory is removed after the file. */
  function emptyPgliteDir() {
    const dir = freshEmptyDir();
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  /** An empty, migrated database of this kind. */
  async function emptyDatabase() {
    if (kind === "pglite") {
      const database = await openDatabase({ dataDir: emptyPgliteDir() });
      cleanups.push(() => database.close());
      return database;
    }
    const base = process.env.TEST_DATABASE_URL as string;
    const name = `rollbook_stats_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const database = await openDatabase({ url: adminUrl(base, name) });
    cleanups.push(async () => {
      await database.close();
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    });
    return database;
  }

  it("the demo seed leaves statistics on its tables", async () => {
    const { db } = await emptyDatabase();
    await seedDemo(db, { password: "stats-pass-1", students: 40, courses: 6, weeksOfHistory: 2 });
    for (const table of ["attendance", "students", "student_course", "courses", "users"]) {
      expect(await reltuples(db, table), table).toBeGreaterThan(0);
      expect(await columnStats(db, table), table).toBeGreaterThan(0);
    }
    expect(await staleTables(db)).toEqual([]);
  }, 60_000);

  it.runIf(kind === "pglite")(
    "PGlite analyzes changed tables every few minutes and at opening, since it keeps no change counts across a restart",
    async () => {
      const dir = emptyPgliteDir();
      const addStudents = (db: Db, n: number) =>
        db.execute(sql`insert into students (school_id, first_name, last_name, token, offline_code)
          select (select min(id) from schools), 'S' || g, 'Row' || g, 'stats-' || g || '-' || ${n}, 'X'
          from generate_series(1, ${n}) g`);

      // a periodic check every 100 ms
      let database = await openDatabase({ dataDir: dir, statisticsCheckMs: 100 });
      await database.db.execute(sql`insert into schools (name, timezone) values ('Stats', 'UTC')`);
      await addStudents(database.db, 2000);
      await until("statistics of students", async () => (await reltuples(database.db, "students")) >= 1900);
      expect(await columnStats(database.db, "students")).toBeGreaterThan(0);
      // analyzed: no longer stale (the one school is under the threshold of 50 changed rows)
      expect(await staleTables(database.db, { onDisk: false })).toEqual([]);
      expect(await staleTables(database.db)).not.toContain("students");

      // rows added just before a stop: the next start analyzes them
      await database.close();
      database = await openDatabase({ dataDir: dir, statisticsCheckMs: 3_600_000 });
      await addStudents(database.db, 3000);
      expect(await staleTables(database.db)).toContain("students");
      await database.close();
      database = await openDatabase({ dataDir: dir, statisticsCheckMs: 3_600_000 });
      expect(await reltuples(database.db, "students")).toBeGreaterThanOrEqual(4500);
      expect(await staleTables(database.db)).toEqual([]);
      await database.close();
    },
    60_000,
  );

  it.runIf(kind === "pglite")(
    "PGlite vacuums a table with many deleted and updated rows at its periodic check",
    async () => {
      // in memory: a copy of the empty template on disk took twice as long for these writes
      const database = await openDatabase({ dataDir: "memory://", statisticsCheckMs: 100 });
      cleanups.push(() => database.close());
      const { db } = database;
      await db.execute(sql`insert into schools (name, timezone) values ('Vacuum', 'UTC')`);
      await db.execute(sql`insert into students (school_id, first_name, last_name, token, offline_code)
        select (select min(id) from schools), 'S' || g, 'Row' || g, 'vacuum-' || g, 'X'
        from generate_series(1, 3000) g`);
      // 2,000 deleted and 500 of the rest updated: 2,500 dead rows beside 1,000 live ones
      await db.execute(sql`delete from students where id % 3 <> 0`);
      await db.execute(sql`update students set last_name = 'Moved' where id % 6 = 0`);
      expect(await deadRows(db, "students")).toBeGreaterThanOrEqual(2000);
      await until("the VACUUM of students", async () => (await deadRows(db, "students")) < 50);
      expect(await bloatedTables(db)).toEqual([]);
    },
    60_000,
  );

  it.runIf(kind === "pglite")(
    "PGlite's VACUUM takes one table a check, the most dead rows first, and only over 50 + 20% of the rows",
    async () => {
      // no periodic check here: the calls are the test's
      const { db } = await emptyDatabase();
      for (const [table, rows, deleted] of [
        ["vacuum_many", 3000, 2000],
        ["vacuum_some", 1000, 600],
        // 100 dead beside 900 live: under 50 + 20% of 900 = 230
        ["vacuum_few", 1000, 100],
      ] as const) {
        await db.execute(sql.raw(`create table ${table} as select g as id from generate_series(1, ${rows}) g`));
        await db.execute(sql.raw(`delete from ${table} where id <= ${deleted}`));
      }
      expect(await vacuumMostBloated(db)).toBe("vacuum_many");
      expect(await deadRows(db, "vacuum_many")).toBe(0);
      expect(await deadRows(db, "vacuum_some")).toBe(600);
      expect(await vacuumMostBloated(db)).toBe("vacuum_some");
      expect(await vacuumMostBloated(db)).toBeNull();
      expect(await deadRows(db, "vacuum_few")).toBe(100);
    },
    60_000,
  );

  it.runIf(kind === "pglite")(
    "PGlite analyzes the tables an import filled once the import is done",
    async () => {
      const srv = await startServer(kind);
      cleanups.push(() => srv.close());
      const db = srv.services.db;
      const before = await reltuples(db, "students");
      expect(before).toBeGreaterThan(0); // the template's, from the seed
      const rows = ["school_identifier,first_name,last_name"];
      // under the school's cap of 1,000 participants
      for (let i = 0; i < 800; i++) rows.push(`ST-${i},First${i},Last${i}`);
      const token = (await srv.login("school_admin")).access_token;
      const res = await fetch(`${srv.url}/api/v2/imports?kind=students`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "x-requested-with": "XMLHttpRequest", "content-type": "text/csv" },
        body: rows.join("\n"),
      });
      expect(res.status).toBe(202);
      const { id } = ((await res.json()) as { data: { id: number } }).data;
      const status = async () =>
        (
          (await db.execute(sql`select status, row_errors from imports where id = ${id}`)) as unknown as {
            rows: { status: string; row_errors: unknown }[];
          }
        ).rows[0];
      await until("the import", async () => ["done", "failed"].includes((await status())?.status ?? ""), 30_000);
      expect(await status()).toMatchObject({ status: "done", row_errors: [] });
      await until("the import's statistics", async () => (await reltuples(db, "students")) >= before + 750);
    },
    60_000,
  );
});
