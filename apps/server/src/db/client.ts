import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { requireNameCollation } from "./collation.ts";
import { lockDataDir } from "./lock.ts";
import { keepStatements } from "./pglite-statements.ts";
import { migrateThenVacuumRewritten } from "./rewrites.ts";
import * as schema from "./schema/index.ts";
import { analyzeStale, STATISTICS_CHECK_MS } from "./statistics.ts";
import { vacuumMostBloated } from "./vacuum.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** SQL statements run through `db` since opening (tests count them to catch N+1 reads) */
  statements(): number;
  close(): Promise<void>;
}

/** Drizzle's logger hook, used only to count statements: a counter costs nothing per query. */
function statementCounter() {
  let n = 0;
  return { logger: { logQuery: () => void n++ }, statements: () => n };
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * PGlite in `dataDir` (`memory://` for a throw-away one), or PostgreSQL when a URL is given.
 * `statisticsCheckMs`: PGlite's interval between looks for stale planner statistics (tests).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  statisticsCheckMs?: number;
}): Promise<Database> {
  if (opts.url) return openPostgres(opts.url);
  return openPglite(opts.dataDir ?? "memory://", opts.statisticsCheckMs ?? STATISTICS_CHECK_MS);
}

/**
 * PGlite has no autovacuum: ANALYZE of the tables that changed, at opening and then every
 * `everyMs` (db/statistics.ts), and at each of those later checks a VACUUM of the one table with
 * the most dead rows over the threshold (db/vacuum.ts; decision 0126). Run through a drizzle
 * instance of its own, so that the statement count of `db` is only the app's.
 */
async function keepStatistics(client: PGlite, everyMs: number) {
  const own = drizzlePglite(client) as unknown as Db;
  let running: Promise<unknown> | null = null;
  // at opening: what changed before (PGlite keeps no change counters across a restart); then
  // what changed in this process, and dead rows (none are counted at opening)
  const check = (onDisk: boolean) => {
    running ??= analyzeStale(own, { onDisk })
      .catch((err) => console.warn(`ANALYZE of the stale tables failed: ${(err as Error).message}`))
      .then(() => (onDisk ? null : vacuumMostBloated(own)))
      .catch((err) => console.warn(`VACUUM of a table with dead rows failed: ${(err as Error).message}`))
      .finally(() => {
        running = null;
      });
    return running;
  };
  await check(true);
  const timer = setInterval(() => check(false), everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

async function openPglite(dataDir: string, statisticsCheckMs: number): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  let release = () => {};
  if (!inMemory) {
    release = lockDataDir(dataDir);
    fs.mkdirSync(path.join(dataDir, "pglite"), { recursive: true });
  }
  try {
    const client = await PGlite.create({
      dataDir: inMemory ? undefined : path.join(dataDir, "pglite"),
      extensions: { pg_trgm },
    });
    // before migrating: the name indexes are built in that collation (decision 0612)
    try {
      await requireNameCollation((text) => client.query(text));
    } catch (e) {
      await client.close();
      throw e;
    }
    const counter = statementCounter();
    const db = drizzlePglite(client, { schema, logger: counter.logger }) as unknown as Db;
    // a table a migration rewrote gets its visibility map and statistics back (db/rewrites.ts)
    await migrateThenVacuumRewritten(
      (text) => client.query(text),
      () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    );
    // from here on a plain statement is parsed once and run in one pass (decision 0573)
    keepStatements(client);
    const stopStatistics = await keepStatistics(client, statisticsCheckMs);
    return {
      db,
      kind: "pglite",
      statements: counter.statements,
      async close() {
        await stopStatistics();
        await client.close();
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}

async function openPostgres(url: string): Promise<Database> {
  // JIT off: the app's statements are short; compiling them cost more than it saved (Facility
  // report 61 -> 25 ms of PostgreSQL CPU, decision 0820). A PGOPTIONS of the operator still wins.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: process.env.PGOPTIONS ?? "-c jit=off" });
  // an idle connection the server ends (a restart, an administrator, a dropped database) is
  // emitted here; the pool replaces it on demand. Without a listener it would end the process.
  pool.on("error", (err) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`));
  const lockClient = await pool.connect();
  // before migrating: the name indexes are built in that collation (decision 0612)
  try {
    await requireNameCollation((text) => lockClient.query(text));
  } catch (e) {
    lockClient.release();
    await pool.end();
    throw e;
  }
  try {
    // several server processes may start together: one migrates, the others wait
    await lockClient.query("select pg_advisory_lock(727001)");
    await migrateThenVacuumRewritten(
      (text) => lockClient.query(text),
      () => migratePg(drizzlePg(lockClient), { migrationsFolder }),
    );
  } finally {
    await lockClient.query("select pg_advisory_unlock(727001)").catch(() => {});
    lockClient.release();
  }
  const counter = statementCounter();
  const db = drizzlePg(pool, { schema, logger: counter.logger }) as unknown as Db;
  return { db, kind: "postgres", statements: counter.statements, close: () => pool.end() };
}
