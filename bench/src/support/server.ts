/**
 * The real server as a child process (its own event loop, so the load generator does not
 * share it), on a database seeded beforehand: PGlite in a fresh temporary DATA_DIR, or a fresh
 * PostgreSQL database beside DATABASE_URL, dropped after.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Db, openDatabase } from "../../../apps/server/src/db/client.ts";
import { type DemoOptions, seedDemo } from "../../../apps/server/src/db/seed/demo.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface BenchServer<T = void> {
  url: string;
  label: string;
  /** the server process (for its CPU time) */
  pid: number;
  /** PostgreSQL: the bench database's URL */
  databaseUrl: string | null;
  /** what `prepare` answered */
  prepared: T;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function pgAdmin(base: string, sql: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * Seeds a database of the given kind and starts `node --import tsx apps/server/src/main.ts` on it.
 * `prepare` adds bench data after the demo school, on the same connection, before the server starts.
 */
/**
 * A school's database has planner statistics (autovacuum gathers them after bulk writes); a
 * freshly seeded one has none until autovacuum wakes, and the planner takes the seeded tables for
 * empty: a run would measure whatever plans it guessed in its first minute.
 */
async function gatherStatistics(db: Db) {
  await db.execute(sql`analyze`);
}

export async function startBenchServer<T = void>(
  kind: "pglite" | "postgres",
  seed: DemoOptions,
  env: Record<string, string> = {},
  prepare?: (db: Db) => Promise<T>,
): Promise<BenchServer<T>> {
  const cleanups: (() => Promise<void>)[] = [];
  const dbEnv: Record<string, string> = {};
  const cleanup = async () => {
    for (const c of cleanups.reverse()) await c().catch((e: Error) => console.error(`cleanup: ${e.message}`));
  };
  let prepared = undefined as T;
  let databaseUrl: string | null = null;
  try {
    if (kind === "pglite") {
      const dir = await mkdtemp(path.join(tmpdir(), "rollbook-bench-"));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      const dataDir = path.join(dir, "data");
      dbEnv.DATA_DIR = dataDir;
      const database = await openDatabase({ dataDir });
      await seedDemo(database.db, seed);
      if (prepare) prepared = await prepare(database.db);
      await gatherStatistics(database.db);
      await database.close();
    } else {
      const base = process.env.DATABASE_URL;
      if (!base) throw new Error("DATABASE_URL is not set");
      const name = `rollbook_bench_ingest_${process.pid}`;
      await pgAdmin(base, `drop database if exists ${name} with (force)`);
      await pgAdmin(base, `create database ${name}`);
      cleanups.push(() => pgAdmin(base, `drop database if exists ${name} with (force)`));
      const u = new URL(base);
      u.pathname = `/${name}`;
      const url = u.toString();
      dbEnv.DATABASE_URL = url;
      databaseUrl = url;
      const database = await openDatabase({ url });
      await seedDemo(database.db, seed);
      if (prepare) prepared = await prepare(database.db);
      await gatherStatistics(database.db);
      await database.close();
    }
    const server = await spawnServer(dbEnv, env);
    cleanups.push(server.stop);
    return {
      url: server.url,
      label: kind === "pglite" ? "PGlite" : "PostgreSQL",
      pid: server.pid,
      databaseUrl,
      prepared,
      stop: cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * `node --import tsx apps/server/src/main.ts` on a database given by `dbEnv` (DATA_DIR or
 * DATABASE_URL), with the limits a bench client needs lifted; answers once /api/health does.
 */
export async function spawnServer(
  dbEnv: Record<string, string>,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const { DATABASE_URL: _d, REDIS_URL: _r, DATA_DIR: _dd, ...inherited } = process.env;
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops
  const prof = process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_CPU_PROF] : [];
  const child: ChildProcess = spawn(process.execPath, [...prof, "--import", "tsx", "apps/server/src/main.ts"], {
    cwd: repoRoot,
    env: {
      ...inherited,
      ...dbEnv,
      // production refuses a database with the demo school (decision 0413); the benches seed one
      NODE_ENV: "development",
      SEED_DEMO: "false",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT: "10000",
      // the loaders play many phones and staff from one address, each far faster than a person
      DEVICE_RATE_LIMIT: "100000000",
      GRAPHQL_RATE_LIMIT: "100000000",
      LOGIN_ADDRESS_ATTEMPTS: "100000000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const kill = () => child.kill("SIGKILL");
  process.once("exit", kill);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const t = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(t);
    }
    process.removeListener("exit", kill);
    if (process.env.BENCH_SERVER_LOG === "1") console.log(output);
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const res = await fetch(`${url}/api/health`).catch(() => null);
    if (res?.ok) {
      await res.arrayBuffer();
      break;
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not answer in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, pid: child.pid ?? 0, stop };
}
