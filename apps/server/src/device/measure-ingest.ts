/**
 * Ping ingest throughput and latency through the real HTTP device API, phones and server in
 * one process (so the figures include the phones' own CPU).
 *   node --import tsx apps/server/src/device/measure-ingest.ts                 PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx ...  PostgreSQL (a fresh
 *                                                  database is created beside it and dropped after)
 * Env: STUDENTS (1000) in one class in session; BATCH pings a call (50); DURATION_S (10);
 * RATE pings/s offered at a steady pace (open loop, 5000); without RATE, CLIENTS (16) phones send
 * back to back (closed loop, the maximum). Each student's pings are 20 s apart, as a phone's are.
 * Prints `ingest <db>: <n> pings/s, p50 <a> ms, p99 <b> ms (...)`.
 */
import type { AddressInfo } from "node:net";
import pg from "pg";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { seedDemo } from "../db/seed/demo.ts";
import { floorMinute, MIN, makeCourse, makeStudent, ping, schoolsOf } from "../engine/test-fixtures.ts";

const STUDENTS = Number(process.env.STUDENTS ?? 1000);
const BATCH = Number(process.env.BATCH ?? 50);
const DURATION_S = Number(process.env.DURATION_S ?? 10);
const RATE = process.env.CLIENTS && !process.env.RATE ? 0 : Number(process.env.RATE ?? 5000);
const CLIENTS = Number(process.env.CLIENTS ?? 16);
const SPACING_MS = 20_000;

async function main() {
  const base = process.env.DATABASE_URL;
  let url: string | undefined;
  let drop = async () => {};
  if (base) {
    const name = `rollbook_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`drop database if exists ${name}`);
      await a.end();
    };
  }
  const database = await openDatabase(url ? { url } : { dataDir: "memory://" });
  await seedDemo(database.db, { password: "bench-password-1", students: 200, courses: 10, weeksOfHistory: 1 });
  const config = loadConfig({ NODE_ENV: "production", PORT: "0", LOG_LEVEL: "silent" });
  const { app, services } = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const server = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const { demo } = await schoolsOf(database.db);
  const start = floorMinute(new Date(Date.now() - 50 * MIN));
  const { course, place } = await makeCourse(database.db, demo, start, 120);
  const phones: { token: string; cursor: number }[] = [];
  for (let i = 0; i < STUDENTS; i++) {
    const { token } = await makeStudent(database.db, demo.id, { courses: [course.id] });
    phones.push({ token, cursor: start.getTime() - 5 * MIN + (i % 60) * 1000 });
  }

  const send = async (p: (typeof phones)[number], size: number) => {
    const batch = Array.from({ length: size }, (_, i) => {
      p.cursor += SPACING_MS;
      if (p.cursor > Date.now()) p.cursor = start.getTime() - 5 * MIN + (p.cursor % 60_000);
      return ping(new Date(p.cursor), place, i % 9 === 8 ? "away" : "at");
    });
    const t0 = performance.now();
    const res = await fetch(`${server}/api/v2/device/pings`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${p.token}` },
      body: JSON.stringify({ pings: batch }),
    });
    await res.arrayBuffer();
    return { ms: performance.now() - t0, ok: res.status === 200 };
  };
  // warm up: every phone has signed in and sent once (token and schedule caches, first attendance)
  for (let i = 0; i < phones.length; i += 8) await Promise.all(phones.slice(i, i + 8).map((p) => send(p, 1)));

  const latencies: number[] = [];
  let sent = 0;
  let errors = 0;
  let next = 0;
  const record = ({ ms, ok }: { ms: number; ok: boolean }) => {
    latencies.push(ms);
    if (ok) sent += BATCH;
    else errors++;
  };
  const t0 = performance.now();
  const until = Date.now() + DURATION_S * 1000;
  if (RATE > 0) {
    const interval = (1000 * BATCH) / RATE;
    const pending: Promise<void>[] = [];
    for (let k = 0; Date.now() < until; k++) {
      pending.push(send(phones[next++ % phones.length]!, BATCH).then(record));
      const wait = t0 + (k + 1) * interval - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    await Promise.all(pending);
  } else {
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < until) record(await send(phones[next++ % phones.length]!, BATCH));
      }),
    );
  }
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
  const mode = RATE > 0 ? `offered ${RATE} pings/s` : `${CLIENTS} clients back to back`;
  console.log(
    `ingest ${services.dbKind}: ${Math.round(sent / elapsed)} pings/s, p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms (batch ${BATCH}, ${mode}, ${STUDENTS} students, ${latencies.length} calls, ${errors} errors)`,
  );
  await app.close();
  await database.close();
  await drop();
}

await main();
