import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { readFile } from "node:fs/promises";

export interface RunningServer {
  url: string;
  logFile: string;
  stop(): Promise<void>;
}

export interface ServerOptions {
  repoRoot: string;
  port: number;
  dataDir: string;
  smtpUrl: string;
  logFile: string;
  readyTimeoutMs?: number;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

/**
 * Starts the real server as `npm start` does after its build (node --import tsx main.ts) on a
 * fresh DATA_DIR, so it migrates and seeds the demo school, and waits until it answers.
 */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const url = `http://127.0.0.1:${opts.port}`;
  const log = createWriteStream(opts.logFile);
  // always PGlite in a fresh directory, whatever the caller's shell points at
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: opts.repoRoot,
    env: {
      ...inherited,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(opts.port),
      PUBLIC_URL: url,
      DATA_DIR: opts.dataDir,
      SMTP_URL: opts.smtpUrl,
      // several tests sign in from the one client address within a minute
      AUTH_RATE_LIMIT: "10000",
      LOGIN_ADDRESS_FAILURES: "10000",
      // the specs poll and refetch fast, far above a person's pace
      GRAPHQL_RATE_LIMIT: "100000",
      // demo sessions end at wall-clock times: a finalisation in the middle of the run would add
      // tasks and mails the specs do not expect (the server tests cover the finaliser)
      FINALISE_INTERVAL_MS: "0",
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  // never leave the server behind, even when the runner ends without its teardown
  const orphanGuard = () => child.kill("SIGKILL");
  process.once("exit", orphanGuard);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited(child);
      clearTimeout(killer);
    }
    process.removeListener("exit", orphanGuard);
    log.end();
  };

  // A server that exits fails at once (below); the limit only bounds one that hangs. 90 s ran out
  // on a machine at load 20 (a helper's tests beside CI), where migrating and seeding the demo
  // school took longer: such a machine passes the specs, so it should get to run them.
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null) {
      const output = await readFile(opts.logFile, "utf8").catch(() => "");
      throw new Error(`The server exited with code ${child.exitCode} before answering:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/Login`);
      if (res.ok) return { url, logFile: opts.logFile, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      const output = await readFile(opts.logFile, "utf8").catch(() => "");
      throw new Error(`The server did not answer at ${url} in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
