/**
 * The tables a migration rewrote, vacuumed and analyzed once it is done (decision 0613).
 *
 * Some migrations write a table anew (ALTER TABLE ... ADD COLUMN ... GENERATED ... STORED, a type
 * change): the new file has no visibility map and the new columns no planner statistics, and the
 * rewrite counts as no change, so PostgreSQL's autovacuum does not come for a long time (PGlite's
 * statistics.ts and vacuum.ts neither: no dead rows, no growth). Meanwhile the planner prices every
 * condition on the new column at a default share (a global search for "zz" walked all 49,000
 * students in name order, 254 ms instead of 0.1 ms), and the students list's total, an index-only
 * count, read the whole table instead (its PostgreSQL CPU 9 -> 15 ms a page on 50,000 students).
 * VACUUM cannot run inside the migrations' transaction, hence after it, here. A table is known
 * rewritten by its file (pg_class.relfilenode) changing; new and untouched tables are left alone.
 */

/** One statement on the connection that migrates; its rows. */
type Query = (text: string) => Promise<{ rows: unknown[] }>;

const FILES = `select relname as name, relfilenode::text as file from pg_class
  where relnamespace = 'public'::regnamespace and relkind = 'r'`;

const files = async (query: Query) =>
  new Map(((await query(FILES)).rows as { name: string; file: string }[]).map((r) => [r.name, r.file]));

/** Runs `migrate`, then VACUUM (ANALYZE) of each table it rewrote; answers their names. */
export async function migrateThenVacuumRewritten(query: Query, migrate: () => Promise<unknown>): Promise<string[]> {
  const before = await files(query);
  await migrate();
  const rewritten = [...(await files(query))]
    .filter(([name, file]) => before.has(name) && before.get(name) !== file)
    .map(([name]) => name)
    .sort();
  for (const name of rewritten) await query(`vacuum (analyze) "${name.replaceAll('"', '""')}"`);
  return rewritten;
}
