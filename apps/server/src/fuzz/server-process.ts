/**
 * The server under fuzz, in its own process (forked by target.ts) so that its
 * memory and its event loop are its own: the fuzzer's work does not count.
 * Builds the real app over a fresh copy of the seeded test database, with a tiny
 * web build for the SPA fallback, and answers over IPC: its address and tokens
 * once listening, then its memory on request.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import pg from "pg";
import { adminUrl, freshDir, ROOT, TEMPLATE_PG_DB, TEST_PASSWORD } from "../../test/template.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { demoEmail } from "../db/seed/demo.ts";
import { floorMinute, MIN, makeCourse, makeStudent, schoolsOf } from "../engine/test-fixtures.ts";

export interface Ready {
  type: "ready";
  url: string;
  studentToken: string;
  /** a school admin's sign-in, so the fuzzer can sign in again if a mutation ends its session */
  staff: { email: string; password: string };
}
/** The longest the server's event loop was held since the last "loop-reset", in ms. */
export interface LoopDelay {
  type: "loop";
  maxMs: number;
}
export interface Memory {
  type: "memory";
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

const kind = process.env.FUZZ_DB === "postgres" ? "postgres" : "pglite";
const env = JSON.parse(process.env.FUZZ_SERVER_ENV ?? "{}") as Record<string, string>;
const work = path.join(ROOT, ".tmp", `fuzz-${process.pid}-${Date.now()}`);
let cleanup = async () => {};

async function open(): Promise<Database> {
  if (kind === "pglite") {
    const dir = freshDir();
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    return openDatabase({ dataDir: dir });
  }
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `rollbook_fuzz_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_PG_DB}`);
  await admin.end();
  cleanup = async () => {
    const a = new pg.Client({ connectionString: base });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
  return openDatabase({ url: adminUrl(base, name) });
}

/** Just enough of a web build for the SPA fallback and static files to be exercised. */
function fakeWebBuild() {
  fs.mkdirSync(path.join(work, "assets"), { recursive: true });
  fs.writeFileSync(path.join(work, "index.html"), "<!doctype html><title>Rollbook</title>");
  fs.writeFileSync(path.join(work, "assets", "app.js"), "console.log('rollbook')");
  return work;
}

async function main() {
  const database = await open();
  const config = loadConfig({ NODE_ENV: "test", PORT: "0", LOG_LEVEL: "silent", AUTH_RATE_LIMIT: "100000", ...env });
  const { app } = await buildApp({ config, database, webDist: fakeWebBuild(), logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  // a student in a course that is in session now, so pings and scans reach the engine
  const school = (await schoolsOf(database.db)).demo;
  const { course } = await makeCourse(database.db, school, floorMinute(new Date(Date.now() - 30 * MIN)), 120);
  const student = await makeStudent(database.db, school.id, { courses: [course.id] });
  const ready: Ready = {
    type: "ready",
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    studentToken: student.token,
    staff: { email: demoEmail("school_admin"), password: TEST_PASSWORD },
  };
  // the server's own measure of being held: a slow health probe with a free loop was the machine
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  process.send?.(ready);
  // the fuzzer is gone (killed, timed out): do not outlive it
  process.once("disconnect", () => {
    void cleanup().finally(() => process.exit(1));
  });
  process.on("message", (m: { type: string }) => {
    if (m.type === "loop-reset") loop.reset();
    else if (m.type === "loop") {
      const out: LoopDelay = { type: "loop", maxMs: Math.round(loop.max / 1e6) };
      process.send?.(out);
    } else if (m.type === "memory") {
      // collected first, so the figures compare what is kept, not garbage not yet swept
      (globalThis as { gc?: () => void }).gc?.();
      const u = process.memoryUsage();
      const out: Memory = {
        type: "memory",
        rss: u.rss,
        heapUsed: u.heapUsed,
        heapTotal: u.heapTotal,
        external: u.external,
      };
      process.send?.(out);
    } else if (m.type === "stop") {
      void (async () => {
        await app.close();
        await database.close();
        await cleanup();
        fs.rmSync(work, { recursive: true, force: true });
        process.exit(0);
      })();
    }
  });
}

main().catch(async (err) => {
  console.error(err);
  await cleanup().catch(() => {});
  process.exit(1);
});
