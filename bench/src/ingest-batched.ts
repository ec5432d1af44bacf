/**
 * BENCH_MODE=batched npm run bench:ingest   (DATABASE_URL=postgres://... to also measure PostgreSQL)
 * Batched ping ingest through the real device API of a real server (child process, see
 * support/server.ts), per database: many virtual phones post batches of 10-50 pings of
 * students in "Open Study Hall" (always in session) back to back for DURATION_S after a
 * warm-up; meanwhile and after, probe phones time a single ping until the staff WebSocket
 * (/api/v2/push, signed in as the school admin) hears its attendance.update.
 * Env (also BENCH_CPU_PROF=<dir> for a server CPU profile): STUDENTS (2000 in the demo school; 3 in 5 take the study hall), CLIENTS (8 phones
 * sending at once), DURATION_S (20), WARMUP_S (5), PROBES (40), BENCH_DBS (pglite,postgres: which to run).
 * Prints per database pings/s and acknowledgement p50/p99, push p50/p99, and last
 * `ingest: <N> pings/s, p99 <M> ms` for the fastest database.
 */
import { PushTestClient } from "../../apps/server/src/realtime/push-test-client.ts";
import { DeviceClient, ok } from "./sim/device-client.ts";
import type { PingBody } from "./sim/position.ts";
import { allStudents, graphql, staffLogin, studentTokens } from "./sim/staff.ts";
import { type BenchServer, startBenchServer } from "./support/server.ts";

const STUDENTS = Number(process.env.STUDENTS ?? 2000);
const CLIENTS = Number(process.env.CLIENTS ?? 8);
const DURATION_S = Number(process.env.DURATION_S ?? 20);
const WARMUP_S = Number(process.env.WARMUP_S ?? 5);
const PROBES = Number(process.env.PROBES ?? 40);
const PASSWORD = "bench-password-1";
const ADMIN = "school_admin@demo.rollbook.test";
const SPACING_MS = 20_000; // a phone pings every 20 s at most
const MIN = 60_000;

interface Fence {
  latitude: number;
  longitude: number;
  radius: number;
  beacons: { factory_id: string }[];
}

interface Phone {
  id: number;
  client: DeviceClient;
  cursor: number;
  seq: number;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** A batch of pings spread over the session so far, inside the fence (a few away or with a beacon). */
function batchFor(p: Phone, size: number, fence: Fence, from: number) {
  const out: PingBody[] = [];
  const now = Date.now();
  for (let i = 0; i < size; i++) {
    p.cursor += SPACING_MS;
    if (p.cursor > now) p.cursor = from + (p.cursor % MIN);
    p.seq += 1;
    const away = p.seq % 9 === 0;
    const beacon = !away && p.seq % 4 === 0 ? fence.beacons[p.seq % fence.beacons.length] : undefined;
    out.push({
      id: `bench-${p.id}-${p.seq}`,
      recorded_at: new Date(p.cursor).toISOString(),
      latitude: fence.latitude + (away ? 0.02 : ((p.seq % 7) - 3) * 0.00005),
      longitude: fence.longitude + (away ? 0 : ((p.seq % 5) - 2) * 0.00005),
      accuracy: 8 + (p.seq % 20),
      low_power: false,
      bluetooth: beacon !== undefined,
      beacons: beacon ? [{ factory_id: beacon.factory_id, rssi: -60 }] : [],
      extra: { source: "bench" },
    });
  }
  return out;
}

async function setUp(server: BenchServer) {
  const admin = await staffLogin(server.url, ADMIN, PASSWORD);
  const tokens = new Map((await studentTokens(server.url, admin.access_token)).map((s) => [s.id, s.token]));
  const { courses } = await graphql<{ courses: { data: { uuid: string; title: string }[] } }>(
    server.url,
    admin.access_token,
    `{ courses(query: "Open Study Hall", per_page: 5) { data { uuid title } } }`,
  );
  const hall = courses.data.find((c) => c.title === "Open Study Hall");
  if (!hall) throw new Error("the demo school has no Open Study Hall");
  const students = await allStudents<{ id: number }>(
    server.url,
    admin.access_token,
    "id",
    `relation: "course", relation_uuid: ${JSON.stringify(hall.uuid)}`,
  );
  const phones: Phone[] = students.map((s) => ({
    id: s.id,
    client: new DeviceClient(server.url, tokens.get(s.id) as string),
    cursor: 0,
    seq: 0,
  }));
  const first = phones[0];
  if (!first) throw new Error("nobody takes the study hall");
  const { timezone } = ok("register", await first.client.register()).data.student;
  const today = new Date().toLocaleDateString("en-CA", { timeZone: timezone });
  const day = ok("schedule", await first.client.schedule(today)).data;
  const session = day.sessions.find((s) => s.title === "Open Study Hall");
  if (!session?.location) throw new Error("the study hall has no location today");
  // pings from the last three hours of the session (or all of it, early in the day)
  const from = Math.max(Date.parse(session.start), Date.now() - 3 * 60 * MIN);
  for (const p of phones) p.cursor = from + (p.id % 60) * 1000;
  return { admin, phones, fence: session.location as Fence, from };
}

/** Single pings of phones not used by the load, each timed until the staff socket hears it. */
async function probe(url: string, staffToken: string, phones: Phone[], fence: Fence, from: number) {
  const { client } = await PushTestClient.connect(url, staffToken);
  const waiting = new Map<number, (at: number) => void>();
  client.onMessage = (m, at) => {
    if (m.type !== "attendance.update") return;
    for (const id of m.student_ids ?? []) waiting.get(id)?.(at);
  };
  const latencies: number[] = [];
  let lost = 0;
  for (const p of phones) {
    const heard = new Promise<number | null>((resolve) => {
      waiting.set(p.id, resolve);
      setTimeout(() => resolve(null), 5000);
    });
    p.cursor = Date.now() - 1000;
    const t0 = performance.now();
    const [ping] = batchFor(p, 1, fence, from);
    const answer = await p.client.pings([{ ...(ping as PingBody), recorded_at: new Date().toISOString() }]);
    const at = await heard;
    waiting.delete(p.id);
    if (answer.status !== 200 || at === null) lost += 1;
    else latencies.push(at - t0);
    await new Promise((r) => setTimeout(r, 100));
  }
  client.close();
  latencies.sort((a, b) => a - b);
  return { p50: pct(latencies, 50), p99: pct(latencies, 99), n: latencies.length, lost };
}

async function measure(server: BenchServer) {
  const { admin, phones: all, fence, from } = await setUp(server);
  const probes = all.slice(0, PROBES * 2);
  const phones = all.slice(PROBES * 2);
  // warm-up: every phone signs in and sends (token and schedule caches, first attendance rows)
  let next = 0;
  const warmEnd = Date.now() + WARMUP_S * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < phones.length || Date.now() < warmEnd) {
        const p = phones[next++ % phones.length] as Phone;
        await p.client.pings(batchFor(p, 10, fence, from));
      }
    }),
  );

  let pings = 0;
  let errors = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const end = Date.now() + DURATION_S * 1000;
  const underLoad = probe(server.url, admin.access_token, probes.slice(0, PROBES), fence, from);
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      let k = c;
      while (Date.now() < end) {
        const p = phones[next++ % phones.length] as Phone;
        const size = 10 + ((k++ * 17) % 41); // 10..50
        const a = await p.client.pings(batchFor(p, size, fence, from));
        latencies.push(a.ms);
        if (a.status === 200) pings += size;
        else if (++errors <= 3) console.log(`  pings answered ${a.status}: ${JSON.stringify(a.body).slice(0, 300)}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const loaded = await underLoad;
  const idle = await probe(server.url, admin.access_token, probes.slice(PROBES), fence, from);
  latencies.sort((a, b) => a - b);
  const rate = pings / seconds;
  const p50 = pct(latencies, 50);
  const p99 = pct(latencies, 99);
  console.log(
    `${server.label}: ${Math.round(rate)} pings/s, ack p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms ` +
      `(${latencies.length} calls of 10-50 pings from ${CLIENTS} phones at once, ${phones.length} students, ` +
      `${seconds.toFixed(1)} s, ${errors} errors)`,
  );
  console.log(
    `${server.label}: push ping -> staff socket: under load p50 ${loaded.p50.toFixed(1)} ms, p99 ${loaded.p99.toFixed(1)} ms` +
      ` (${loaded.n} heard, ${loaded.lost} lost); idle p50 ${idle.p50.toFixed(1)} ms, p99 ${idle.p99.toFixed(1)} ms` +
      ` (${idle.n} heard, ${idle.lost} lost)`,
  );
  return { label: server.label, rate, p99, errors };
}

export async function runBatched(): Promise<number> {
  const kinds = (process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"]).filter(
    (k) => !process.env.BENCH_DBS || process.env.BENCH_DBS.split(",").includes(k),
  ) as ("pglite" | "postgres")[];
  if (!process.env.DATABASE_URL) console.log("(set DATABASE_URL to also measure PostgreSQL)");
  const results: Awaited<ReturnType<typeof measure>>[] = [];
  for (const kind of kinds) {
    const server = await startBenchServer(kind, {
      password: PASSWORD,
      students: STUDENTS,
      courses: 20,
      weeksOfHistory: 1,
    });
    try {
      results.push(await measure(server));
    } finally {
      await server.stop();
    }
  }
  const best = results.reduce((a, b) => (b.rate > a.rate ? b : a));
  console.log(`ingest: ${Math.round(best.rate)} pings/s, p99 ${Math.round(best.p99)} ms`);
  return results.some((r) => r.errors > 0) ? 1 : 0;
}
