/**
 * The real server as a child process on an existing database (the large school is seeded once
 * and kept: bench/src/support/server.ts makes a fresh database every run, which at 50,000
 * students and 7 million attendance rows would cost minutes).
 */
import { readFile } from "node:fs/promises";
import { type RunningServer, spawnServer } from "../support/server.ts";

export type { RunningServer };

/** The resident set size of a process in bytes (Linux /proc), or null elsewhere. */
export async function rssBytes(pid: number): Promise<number | null> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => null);
  const kb = status ? /VmRSS:\s+(\d+) kB/.exec(status)?.[1] : undefined;
  return kb ? Number(kb) * 1024 : null;
}

export function startServerOn(databaseUrl: string, env: Record<string, string> = {}): Promise<RunningServer> {
  // the finaliser would write today's ended sessions of 1,500 courses during the run
  return spawnServer({ DATABASE_URL: databaseUrl }, { FINALISE_INTERVAL_MS: "0", ...env });
}

/** The same on a PGlite data directory (seed:large --pglite). */
export function startServerOnDir(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  return spawnServer({ DATA_DIR: dataDir }, { FINALISE_INTERVAL_MS: "0", ...env });
}
