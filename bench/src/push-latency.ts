/**
 * Push latency: the time from `bus.publish()` on a server to the message's
 * arrival at connected WebSocket clients, with the per-message access check
 * against the database in between.
 *   node --import tsx bench/src/push-latency.ts      in-process bus over PGlite
 *   DATABASE_URL=postgres://... REDIS_URL=redis://... node --import tsx bench/src/push-latency.ts
 *                                 also: publish on process A, clients on process B, through Redis
 * Prints p50/p99 per setup and ends with `push: p50 <a> ms, p99 <b> ms` for the last setup.
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { demoEmail, seedDemo } from "../../apps/server/src/db/seed/demo.ts";
import { ensureRoles } from "../../apps/server/src/db/seed/roles.ts";
import { PushTestClient } from "../../apps/server/src/realtime/push-test-client.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const PASSWORD = "bench-password-1";
const SOCKETS = Number(process.env.PUSH_SOCKETS ?? 40);
const MESSAGES = Number(process.env.PUSH_MESSAGES ?? 300);
const RATE = Number(process.env.PUSH_RATE ?? 100); // messages per second
// half admins (see the whole school), half assigned-only users (the check differs per user)
const ROLES_USED = ["school_admin", "academic_advisor", "councelor", "judge"];

async function login(url: string, role: string) {
  const res = await fetch(`${url}/api/v2/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ email: demoEmail(role), password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${role}: ${res.status}`);
  return ((await res.json()) as { data: { access_token: string; user: { school_id: number } } }).data;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function measure(
  label: string,
  publish: (i: number, schoolId: number, studentId: number) => Promise<void>,
  clientUrl: string,
  studentIds: number[],
) {
  const tokens = await Promise.all(ROLES_USED.map((r) => login(clientUrl, r)));
  const schoolId = tokens[0]!.user.school_id;
  const sent = new Map<number, number>();
  const latencies: number[] = [];
  const clients: PushTestClient[] = [];
  for (let i = 0; i < SOCKETS; i += 1) {
    const { client } = await PushTestClient.connect(clientUrl, tokens[i % tokens.length]!.access_token);
    client.onMessage = (m, at) => {
      const t0 = m.ids?.[0] !== undefined ? sent.get(m.ids[0]) : undefined;
      if (t0 !== undefined && m.type === "attendance.update") latencies.push(at - t0);
    };
    clients.push(client);
  }
  const gap = 1000 / RATE;
  const start = performance.now();
  for (let i = 1; i <= MESSAGES; i += 1) {
    const due = start + i * gap;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sent.set(i, performance.now());
    await publish(i, schoolId, studentIds[i % studentIds.length]!);
  }
  await new Promise((r) => setTimeout(r, 1000)); // let the last ones arrive
  for (const c of clients) c.close();
  latencies.sort((a, b) => a - b);
  const p50 = pct(latencies, 50);
  const p99 = pct(latencies, 99);
  console.log(
    `${label}: ${MESSAGES} messages at ${RATE}/s to ${SOCKETS} sockets, ${latencies.length} deliveries: ` +
      `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms`,
  );
  return { p50, p99 };
}

async function studentsOf(db: Awaited<ReturnType<typeof openDatabase>>["db"]) {
  const { students } = await import("../../apps/server/src/db/schema/index.ts");
  const rows = await db.select({ id: students.id }).from(students);
  return rows.map((r) => r.id);
}

async function inProcess() {
  const database = await openDatabase({ dataDir: "memory://" });
  await ensureRoles(database.db);
  await seedDemo(database.db, { password: PASSWORD, students: 200, courses: 20, weeksOfHistory: 1 });
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "warn", PORT: "0", DEVICE_RATE_LIMIT: "100000000" });
  const { app, services } = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    return await measure(
      "in-process bus, PGlite",
      (i, school_id, sid) =>
        services.bus.publish({ type: "attendance.update", school_id, ids: [i], student_ids: [sid] }),
      url,
      await studentsOf(database.db),
    );
  } finally {
    await app.close();
    await database.close();
  }
}

async function throughRedis(baseUrl: string, redisUrl: string) {
  const dbName = `rollbook_bench_push_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  const dbUrl = u.toString();
  const env = { DATABASE_URL: dbUrl, REDIS_URL: redisUrl, REDIS_CHANNEL: `rollbook:push:bench:${process.pid}` };
  const database = await openDatabase({ url: dbUrl });
  let child: ChildProcess | null = null;
  try {
    await ensureRoles(database.db);
    await seedDemo(database.db, { password: PASSWORD, students: 200, courses: 20, weeksOfHistory: 1 });
    const { app, services } = await buildApp({
      config: loadConfig({
        ...env,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        PORT: "0",
        DEVICE_RATE_LIMIT: "100000000",
      }),
      database,
      logger: false,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(here, "../../apps/server/src/realtime/peer-server.ts")],
      {
        env: { ...process.env, ...env, NODE_ENV: "development", DEVICE_RATE_LIMIT: "100000000" },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    const urlB = await new Promise<string>((resolve, reject) => {
      let out = "";
      child?.stdout?.on("data", (d) => {
        out += d.toString();
        const line = out.split("\n").find((l) => l.startsWith("{"));
        if (line) resolve((JSON.parse(line) as { url: string }).url);
      });
      child?.once("exit", (code) => reject(new Error(`process B exited with ${code}`)));
    });
    try {
      return await measure(
        "Redis, publish on process A, sockets on process B, PostgreSQL",
        (i, school_id, sid) =>
          services.bus.publish({ type: "attendance.update", school_id, ids: [i], student_ids: [sid] }),
        urlB,
        await studentsOf(database.db),
      );
    } finally {
      await app.close();
    }
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    await database.close();
    const a = new pg.Client({ connectionString: baseUrl });
    await a.connect();
    await a.query(`drop database if exists ${dbName} with (force)`);
    await a.end();
  }
}

let last = await inProcess();
if (process.env.DATABASE_URL && process.env.REDIS_URL) {
  last = await throughRedis(process.env.DATABASE_URL, process.env.REDIS_URL);
} else {
  console.log("(set DATABASE_URL and REDIS_URL to also measure two processes through Redis)");
}
console.log(`push: p50 ${last.p50.toFixed(1)} ms, p99 ${last.p99.toFixed(1)} ms`);
process.exit(0);
