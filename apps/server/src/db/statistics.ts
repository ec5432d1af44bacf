import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";

/**
 * Planner statistics (decision 0126). PostgreSQL's autovacuum runs ANALYZE on a table once enough
 * of it changed; PGlite has no autovacuum, so without these calls its tables never get statistics
 * and the planner guesses (one row from any filtered scan, so nested loops over 10,000s of rows):
 * canvasReport on the fresh demo took 2.5-2.8 s instead of 0.04-0.06 s, the school admin's on a
 * 10,000-student school 17-20 s instead of 0.2 s. PGlite runs inside the server process, so a slow
 * statement there holds every other request.
 */

/** How often a PGlite database looks for tables changed enough to need a new ANALYZE (client.ts). */
export const STATISTICS_CHECK_MS = 10 * 60_000;

/** Changed since their last ANALYZE by more than autovacuum's default threshold, 50 rows + 10%, in this process. */
const CHANGED = sql`pg_stat_get_mod_since_analyze(c.oid) > 50 + 0.1 * greatest(c.reltuples, 0)`;
/**
 * Rows but no statistics, or 10% more pages (+8) than at the last ANALYZE: what changed before a
 * restart, since PGlite does not keep the change counters across one.
 */
const GREW = sql`(p.pages > 0 and c.reltuples < 0 or p.pages > 1.1 * c.relpages + 8)`;

/**
 * The app's tables (schema public) whose statistics are missing or stale: changed in this process
 * (pg_stat_get_mod_since_analyze, 2-10 ms) and, with `onDisk`, grown on disk since their last
 * ANALYZE (pg_relation_size of each table, 12-60 ms on a 1 GB PGlite database).
 */
export async function staleTables(db: Db, { onDisk = true } = {}): Promise<string[]> {
  const pages = sql`cross join lateral (select pg_relation_size(c.oid) / current_setting('block_size')::int as pages) p`;
  const result = (await db.execute(sql`
    select c.relname as name from pg_class c ${onDisk ? pages : sql``}
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and ${onDisk ? sql`(${CHANGED} or ${GREW})` : CHANGED}
    order by 1`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((r) => r.name);
}

/**
 * A session reports its change counts (rows changed, dead rows) at most once a second: unreported
 * ones would be missed by a look right after, and would count as changes after the ANALYZE or
 * VACUUM it leads to. This reports them now (PostgreSQL 15+, PGlite).
 */
export async function flushChangeCounts(db: Db) {
  await db.execute(
    sql.raw(`do $$ begin
      if current_setting('server_version_num')::int >= 150000 then perform pg_stat_force_next_flush(); end if;
    end $$`),
  );
}

/**
 * ANALYZE of the stale tables, in one statement; only the look when none is. Returns the tables.
 * ANALYZE reads a sample of at most 30,000 rows a table, so its cost stops growing with the table:
 * measured on PGlite 0.5-0.7 s for 2 million attendance rows, 1.8 s for every table of a
 * 10,000-student school, 0.3-0.5 s for the demo's (decision 0126).
 */
export async function analyzeStale(db: Db, opts: { onDisk?: boolean } = {}): Promise<string[]> {
  await flushChangeCounts(db);
  const tables = await staleTables(db, opts);
  if (tables.length)
    await db.execute(
      sql`analyze ${sql.join(
        tables.map((t) => sql.identifier(t)),
        sql`, `,
      )}`,
    );
  return tables;
}
