import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import { flushChangeCounts } from "./statistics.ts";

/**
 * VACUUM on PGlite (decision 0126). PostgreSQL's autovacuum reclaims the dead rows that updates
 * and deletes leave (the ping path updates a student's attendance row on every ping); PGlite has
 * no autovacuum, so without this its tables and indexes only grow through a school year.
 * PostgreSQL is left to its autovacuum.
 */

/**
 * The app's tables (schema public) with more dead rows than autovacuum's default threshold,
 * 50 + 20% of the table's rows, most dead rows first. The rows are the larger of the live count
 * and the planner's count (pg_class.reltuples, which autovacuum itself reads): PGlite keeps no
 * counters across a restart, so n_live_tup starts at 0 and alone would make any large table due.
 * Dead rows made before a restart are not counted either: they wait for a VACUUM that later ones cause.
 */
export async function bloatedTables(db: Db): Promise<{ name: string; dead: number }[]> {
  const result = (await db.execute(sql`
    select s.relname as name, s.n_dead_tup::float8 as dead
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public' and s.n_dead_tup > 50 + 0.2 * greatest(s.n_live_tup, c.reltuples, 0)
    order by s.n_dead_tup desc, 1`)) as unknown as { rows: { name: string; dead: number }[] };
  return result.rows.map((r) => ({ name: r.name, dead: Number(r.dead) }));
}

/**
 * VACUUM of the one table with the most dead rows over the threshold, if any; returns its name.
 * One table a call, because PGlite runs in the server's process and holds every other request
 * while VACUUM runs: 46 ms for the demo's attendance (10,769 rows, every one updated once),
 * 0.9 s for 550,000 attendance rows a fifth of them dead, 2.4 s with all of them dead (decision 0126).
 * VACUUM cannot run in a transaction block; PGlite's `query` (drizzle's execute) runs one statement
 * in its own implicit transaction, where VACUUM is allowed.
 */
export async function vacuumMostBloated(db: Db): Promise<string | null> {
  await flushChangeCounts(db);
  const [worst] = await bloatedTables(db);
  if (!worst) return null;
  await db.execute(sql`vacuum ${sql.identifier(worst.name)}`);
  return worst.name;
}
