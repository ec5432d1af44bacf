/**
 * npm run bench:ingest (the default mode, "day"): a school day as the phones send it, one ping
 * per request (sim/school-day.ts for the day, support/day-seed.ts for what is written before the
 * server starts, support/loader.ts for the loader; decision 0362 and bench/README.md).
 */
import { spawn } from "node:child_process";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { PushTestClient } from "../../apps/server/src/realtime/push-test-client.ts";
import { isPresentAt } from "./sim/behaviour.ts";
import { pingAt } from "./sim/position.ts";
import { CADENCE_MS, EARLY_AT_MIN, homeOf, LATE_AT_MIN, offlineAt, replayEvents, schoolDay } from "./sim/school-day.ts";
import { staffLogin } from "./sim/staff.ts";
import { type SeededDay, type SeededPhone, seedDay } from "./support/day-seed.ts";
import { closedLoop, cpuMs, JsonPoster, machineBusyMs, openLoop, pct, type Run, type Send } from "./support/loader.ts";
import { type BenchServer, freePort, startBenchServer } from "./support/server.ts";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const STUDENTS = num("STUDENTS", 1000);
const CLIENTS = num("CLIENTS", 8);
const DURATION_S = num("DURATION_S", 20);
const WARMUP_S = num("WARMUP_S", 5);
const REPLAY_S = num("REPLAY_S", 30);
const PROBES = num("PROBES", 30);
const ROUNDS = Math.max(1, num("ROUNDS", 2));
const RAMP_STEP_S = num("RAMP_STEP_S", 8);
/** Staff browsers per school with the push channel open while phones send (a dashboard all day). */
const STAFF_SOCKETS = num("STAFF_SOCKETS", 1);
const PASSWORD = "bench-password-1";
const PING_PATH = "/api/v2/device/pings";
const TARGET_P99_MS = 100;
const MIN = 60_000;

const f1 = (n: number) => n.toFixed(1);
/** µs per call of a CPU time in ms */
const perCall = (ms: number, calls: number) => (ms / Math.max(1, calls)) * 1000;
const f0 = (n: number) => String(Math.round(n));
const x2 = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}x` : "n/a");
const clock = (d: Date, tz: string) =>
  d.toLocaleTimeString("en-GB", { timeZone: tz, hour: "2-digit", minute: "2-digit" });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * early and late: the day's two moments. control: the late moment again (another school, the same
 * timetable and time of day, its attendance rows and running states as the engine left them) with
 * none of its morning's pings in the table: late / control is what the history itself costs a
 * ping, control / early what the afternoon's own work costs (more open sessions a student).
 */
type PhaseName = "early" | "late" | "control";

interface Phase {
  name: PhaseName;
  seeded: SeededDay;
  home: { latitude: number; longitude: number };
  probes: SeededPhone[];
  staffToken: string;
  seq: number;
}

/** One ping of this phone, recorded now, as its request body. */
function pingBody(phase: Phase, p: SeededPhone, at = new Date()) {
  const ping = pingAt(p.student.index, at, p.visits, phase.home);
  phase.seq += 1;
  ping.id = `live-${phase.seeded.day.tag}-${p.student.index}-${at.getTime()}-${phase.seq}`;
  ping.extra = { source: "bench" };
  return JSON.stringify({ pings: [ping] });
}

const hasDropIn = (phase: Phase, p: SeededPhone) =>
  p.student.courses.some((c) => phase.seeded.day.courses[c]?.dropIn === true);

/** Phones sending now: online, not probes. */
function livePhones(phase: Phase) {
  const now = new Date();
  const probes = new Set(phase.probes.map((p) => p.id));
  return phase.seeded.phones.filter((p) => !probes.has(p.id) && !offlineAt(p.visits, now));
}

interface Timings {
  dropIn: number[];
  other: number[];
}

function pingSender(poster: JsonPoster, phase: Phase, pick: (k: number) => SeededPhone, timings?: Timings): Send {
  let k = 0;
  return async () => {
    const p = pick(k++);
    const t0 = performance.now();
    const a = await poster.post(PING_PATH, pingBody(phase, p), { authorization: `Bearer ${p.token}` });
    if (timings) (hasDropIn(phase, p) ? timings.dropIn : timings.other).push(performance.now() - t0);
    return a.status === 200 ? null : `${a.status} ${a.body.slice(0, 200)}`;
  };
}

/** Single pings of probe phones (present at a course now, not in the load), each timed until the staff socket hears it. */
async function probe(url: string, poster: JsonPoster, phase: Phase, count: number) {
  const { client } = await PushTestClient.connect(url, phase.staffToken);
  const waiting = new Map<number, (at: number) => void>();
  client.onMessage = (m, at) => {
    if (m.type !== "attendance.update") return;
    for (const id of m.student_ids ?? []) waiting.get(id)?.(at);
  };
  const latencies: number[] = [];
  let lost = 0;
  for (const p of phase.probes.slice(0, count)) {
    const heard = new Promise<number | null>((resolve) => {
      waiting.set(p.id, resolve);
      setTimeout(() => resolve(null), 5000);
    });
    const t0 = performance.now();
    const answer = await poster.post(PING_PATH, pingBody(phase, p), { authorization: `Bearer ${p.token}` });
    const at = await heard;
    waiting.delete(p.id);
    if (answer.status !== 200 || at === null) lost += 1;
    else latencies.push(at - t0);
    await sleep(150);
  }
  client.close();
  latencies.sort((a, b) => a - b);
  return { p50: pct(latencies, 50), p95: pct(latencies, 95), p99: pct(latencies, 99), n: latencies.length, lost };
}

type Probe = Awaited<ReturnType<typeof probe>>;

/** The server's CPU (and its PostgreSQL backends') used by `work`, in ms. */
/** The database's server processes serving the app now. */
async function backendsOf(db: pg.Client | null): Promise<number[]> {
  if (!db) return [];
  const r = await db.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  return r.rows.map((x) => x.pid);
}

/**
 * Attendance rows written so far (inserts and updates, pg_stat_user_tables), PostgreSQL only: what
 * a ping costs the database is mostly how many rows it rewrites (decisions 0567, 0568). Backends
 * report their counts at most once a second, so it waits for the last round's to arrive.
 */
/**
 * Attendance rows inserted or updated so far, and the database's transactions (each statement the
 * server sends outside a transaction is one): what a ping costs PostgreSQL in round trips, each of
 * which wakes a backend (decision 0570).
 */
async function dbCounts(db: pg.Client | null): Promise<{ rows: number; xacts: number }> {
  if (!db) return { rows: 0, xacts: 0 };
  // the statistics reach the views about a second after the statements
  await sleep(1_200);
  const r = await db.query<{ rows: string; xacts: string }>(
    `select (select n_tup_ins + n_tup_upd from pg_stat_user_tables where relname = 'attendance') as rows,
       (select xact_commit + xact_rollback from pg_stat_database where datname = current_database()) as xacts`,
  );
  return { rows: Number(r.rows[0]?.rows ?? 0), xacts: Number(r.rows[0]?.xacts ?? 0) };
}

async function withCpu<T>(server: BenchServer<unknown>, db: pg.Client | null, work: () => Promise<T>) {
  const w0 = await dbCounts(db);
  const d0 = new Map<number, number>();
  for (const pid of await backendsOf(db)) d0.set(pid, await cpuMs([pid]));
  const [s0, l0, b0] = [await cpuMs([server.pid]), await cpuMs([process.pid]), await machineBusyMs()];
  const result = await work();
  // the pool opens connections as it needs them: a backend born during the run counts from zero
  let dbMs = 0;
  for (const pid of await backendsOf(db)) dbMs += (await cpuMs([pid])) - (d0.get(pid) ?? 0);
  const serverMs = (await cpuMs([server.pid])) - s0;
  const loaderMs = (await cpuMs([process.pid])) - l0;
  const busy = (await machineBusyMs()) - b0;
  const w1 = await dbCounts(db);
  const [rowsWritten, transactions] = [w1.rows - w0.rows, w1.xacts - w0.xacts];
  // what the rest of the machine used meanwhile (other jobs make every figure worse)
  return {
    result,
    serverMs,
    dbMs,
    rowsWritten,
    transactions,
    loaderMs,
    otherMs: Math.max(0, busy - serverMs - loaderMs - dbMs),
  };
}

interface Closed {
  calls: number;
  ok: number;
  errors: number;
  seconds: number;
  latencies: number[];
  serverMs: number;
  dbMs: number;
  /** attendance rows inserted or updated (PostgreSQL only) */
  rowsWritten: number;
  /** the database's transactions meanwhile (PostgreSQL only) */
  transactions: number;
  /** the loader's own CPU (this process): what the machine spends sending, whatever answers */
  loaderMs: number;
  otherMs: number;
  timings: Timings;
  firstError: string | null;
  /** each round's CPU per ping (server + PostgreSQL), µs: the spread shows the machine's noise */
  perRound: number[];
}

const emptyClosed = (): Closed => ({
  calls: 0,
  ok: 0,
  errors: 0,
  seconds: 0,
  latencies: [],
  serverMs: 0,
  dbMs: 0,
  rowsWritten: 0,
  transactions: 0,
  loaderMs: 0,
  otherMs: 0,
  timings: { dropIn: [], other: [] },
  firstError: null,
  perRound: [],
});

/** The highest open-loop rate (one phone after another) whose p99 stays under the target. */
async function ramp(poster: JsonPoster, phase: Phase, ceiling: number) {
  const tried: { rate: number; run: Run }[] = [];
  const step = async (rate: number) => {
    const phones = livePhones(phase);
    const run = await openLoop(
      (k) => (k * 1000) / rate,
      RAMP_STEP_S,
      pingSender(poster, phase, (k) => phones[k % phones.length] as SeededPhone),
    );
    tried.push({ rate, run });
    await sleep(1000);
    return run.errors === 0 && run.p99 < TARGET_P99_MS;
  };
  let pass = 0;
  let fail = Number.POSITIVE_INFINITY;
  for (const share of [0.25, 0.5, 0.75, 1.0, 1.25]) {
    const rate = Math.max(1, Math.round(ceiling * share));
    if (await step(rate)) pass = rate;
    else {
      fail = rate;
      break;
    }
  }
  for (let i = 0; i < 2 && Number.isFinite(fail); i++) {
    const mid = Math.round((pass + fail) / 2);
    if (mid <= pass || mid >= fail) break;
    if (await step(mid)) pass = mid;
    else fail = mid;
  }
  return { rate: pass, tried };
}

function describeDay(s: SeededDay, label: string) {
  const d = s.day;
  const courses = d.courses.filter((c) => !c.dropIn).length;
  const inHall = d.students.filter((st) => st.courses.includes(d.courses.length - 1)).length;
  const now = new Date();
  const running = d.courses.filter(
    (c) => !c.dropIn && c.start.getTime() - 15 * MIN <= now.getTime() && now.getTime() <= c.end.getTime(),
  ).length;
  const since = clock(new Date(d.firstBell.getTime() - 30 * MIN), d.timezone);
  const rows = `${s.attendanceRows} attendance rows, ${s.finalisedSessions} sessions finalised`;
  const history = !s.historyPings
    ? "no pings yet today"
    : s.pingsKept
      ? `${s.historyPings} pings since ${since} in the table, ${rows}`
      : `the ${rows} of its ${s.historyPings} pings since ${since}, which were deleted after (no history in the table)`;
  return (
    `  ${label}: school "${d.tag}", ${d.students.length} students (${inHall} also in the all-day study hall), ` +
    `${courses} courses, zone ${d.timezone}, first bell ${clock(d.firstBell, d.timezone)}, ` +
    `now ${clock(now, d.timezone)} (bell + ${d.position} min), ${running} course sessions open now; ${history}`
  );
}

/** The bare route's run, with its server's and the loader's CPU (ms) meanwhile. */
type Bare = Run & { serverMs: number; loaderMs: number };

/** A baseline server's run: the bare route, or the stored route with `env` (STORE, GROUP). */
async function routeRun(script: string, body: string, token: string, env: Record<string, string> = {}): Promise<Bare> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", `bench/src/support/${script}`], {
    cwd: new URL("../..", import.meta.url).pathname,
    env: { ...process.env, ...env, PORT: String(port), CLIENTS: String(CLIENTS) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (d: Buffer) => d.toString().includes("ready") && resolve());
    child.once("exit", (code) => reject(new Error(`bare route exited with ${code}`)));
  });
  const poster = new JsonPoster(`http://127.0.0.1:${port}`, CLIENTS);
  try {
    await closedLoop(CLIENTS, Math.min(3, WARMUP_S), async () => {
      const a = await poster.post(PING_PATH, body, { authorization: `Bearer ${token}` });
      return a.status === 200 ? null : String(a.status);
    });
    const pid = child.pid ?? 0;
    const [s0, l0] = [await cpuMs([pid]), await cpuMs([process.pid])];
    const run = await closedLoop(CLIENTS, DURATION_S, async () => {
      const a = await poster.post(PING_PATH, body, { authorization: `Bearer ${token}` });
      return a.status === 200 ? null : String(a.status);
    });
    return { ...run, serverMs: (await cpuMs([pid])) - s0, loaderMs: (await cpuMs([process.pid])) - l0 };
  } finally {
    poster.close();
    child.kill("SIGTERM");
  }
}

/** Single-row INSERTs of a ping-shaped row into a scratch table (the pings table's shape and indexes). */
async function rawInserts(base: string) {
  const table = `bench_raw_pings_${process.pid}`;
  const pool = new pg.Pool({ connectionString: base, max: CLIENTS });
  await pool.query(`drop table if exists ${table}`);
  await pool.query(`create table ${table} (id serial primary key, student_id int not null, device_ping_id text not null,
    recorded_at timestamptz not null, latitude float8, longitude float8, accuracy float8,
    low_power boolean not null default false, bluetooth boolean not null default false, beacons jsonb, extra jsonb,
    location_id int, created_at timestamptz not null default now())`);
  await pool.query(`create unique index ${table}_student_device on ${table} (student_id, device_ping_id)`);
  await pool.query(`create index ${table}_student_recorded on ${table} (student_id, recorded_at)`);
  let k = 0;
  const send: Send = async () => {
    k += 1;
    await pool.query(
      `insert into ${table} (student_id, device_ping_id, recorded_at, latitude, longitude, accuracy, low_power, bluetooth,
        beacons, extra, location_id) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        k % 2000,
        `raw-${k}`,
        new Date().toISOString(),
        42.6526 + (k % 7) * 1e-5,
        -73.7562,
        12,
        false,
        k % 3 === 0,
        k % 3 === 0 ? JSON.stringify([{ factory_id: "B0E-1234ABCD", rssi: -60 }]) : null,
        JSON.stringify({ source: "bench" }),
        k % 5,
      ],
    );
    return null;
  };
  try {
    await closedLoop(CLIENTS, Math.min(3, WARMUP_S), send);
    return await closedLoop(CLIENTS, DURATION_S, send);
  } finally {
    await pool.query(`drop table if exists ${table}`).catch(() => {});
    await pool.end();
  }
}

interface DbResult {
  label: string;
  replay: Record<string, { run: Run; phones: number; push: Probe }>;
  closed: Record<string, Closed>;
  served: Record<string, number>;
  bare: Bare;
  raw: Run | null;
  /** the bare route that also stores each ping in this database: one INSERT a request, and grouped */
  stored: { single: Bare; grouped: Bare } | null;
  errors: number;
}

async function measureDb(kind: "pglite" | "postgres"): Promise<DbResult> {
  const now = new Date();
  const early = schoolDay({ tag: "E", now, position: EARLY_AT_MIN, students: STUDENTS });
  const late = schoolDay({ tag: "L", now, position: LATE_AT_MIN, students: STUDENTS });
  const control = schoolDay({ tag: "C", now, position: LATE_AT_MIN, students: STUDENTS });
  const t0 = performance.now();
  const server = await startBenchServer(
    kind,
    // the demo school stays small: the bench schools carry the load
    { password: PASSWORD, students: 60, courses: 8, weeksOfHistory: 1 },
    {},
    async (db) => ({
      early: await seedDay(db, early, { password: PASSWORD, history: false }),
      late: await seedDay(db, late, { password: PASSWORD, history: true }),
      control: await seedDay(db, control, { password: PASSWORD, history: true, keepPings: false }),
    }),
  );
  const poster = new JsonPoster(server.url, 256);
  const db = server.databaseUrl ? new pg.Client({ connectionString: server.databaseUrl }) : null;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    poster.close();
    await db?.end().catch(() => {});
    await server.stop();
  };
  let errors = 0;
  const noteErrors = (what: string, r: { errors: number; firstError: string | null }) => {
    errors += r.errors;
    if (r.errors) console.log(`  ${what}: ${r.errors} errors, first: ${r.firstError}`);
  };
  try {
    await db?.connect();
    console.log(
      `\n== ${server.label} == (seeded and started in ${f0((performance.now() - t0) / 1000)} s;` +
        ` ${cpus().length} cores, load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")})`,
    );
    const phases: Phase[] = [];
    const all: Phase[] = [];
    for (const [name, seeded] of [
      ["early", server.prepared.early],
      ["late", server.prepared.late],
      ["control", server.prepared.control],
    ] as const) {
      const staff = await staffLogin(server.url, seeded.adminEmail, PASSWORD);
      const at = new Date();
      const soon = new Date(at.getTime() + 5 * MIN);
      // probe phones: at a course (not the study hall) now and for the next minutes
      const probes = seeded.phones
        .filter((p) =>
          p.visits.some(
            (v) =>
              !seeded.day.courses[v.course]?.dropIn &&
              isPresentAt(v.visit, at) &&
              isPresentAt(v.visit, soon) &&
              !offlineAt(p.visits, at),
          ),
        )
        .slice(0, PROBES * 2);
      const phase = { name, seeded, home: homeOf(seeded.day), probes, staffToken: staff.access_token, seq: 0 };
      // the control only runs back to back, beside the two moments
      if (name !== "control") phases.push(phase);
      all.push(phase);
      console.log(describeDay(seeded, name));
    }

    // warm-up: every phone sends once (as it did 30 s ago in a real day: token, schedule and database caches)
    for (const phase of all) {
      const phones = [...livePhones(phase), ...phase.probes];
      noteErrors(
        `${phase.name} warm-up`,
        await closedLoop(
          CLIENTS,
          WARMUP_S,
          pingSender(poster, phase, (k) => phones[k % phones.length] as SeededPhone),
          phones.length,
        ),
      );
    }

    const result: DbResult = {
      label: server.label,
      replay: {},
      closed: {},
      served: {},
      bare: null as unknown as Bare,
      raw: null,
      stored: null,
      errors: 0,
    };
    console.log(
      `replay at the phones' own pace (one ping a request, every ${CADENCE_MS / 1000} s per phone and on each arrival` +
        ` and departure, recorded_at = now), ${REPLAY_S} s; push probes meanwhile:`,
    );
    for (const phase of phases) {
      const phones = livePhones(phase);
      const from = new Date();
      const events = replayEvents(
        phones.map((p) => ({ student: p.student, visits: p.visits })),
        from,
        new Date(from.getTime() + REPLAY_S * 1000),
      );
      const pushing = probe(server.url, poster, phase, PROBES);
      const run = await openLoop(
        (k) => {
          const e = events[k];
          return e ? e.at - from.getTime() : null;
        },
        REPLAY_S,
        pingSender(poster, phase, (k) => phones[(events[k] as { phone: number }).phone] as SeededPhone),
      );
      const push = await pushing;
      noteErrors(`${phase.name} replay`, run);
      result.replay[phase.name] = { run, phones: phones.length, push };
      console.log(
        `  ${phase.name.padEnd(5)}: ${f1(run.calls / REPLAY_S)} req/s from ${phones.length} phones, ack p50 ${f1(run.p50)} ms,` +
          ` p99 ${f1(run.p99)} ms; ping -> staff push p50 ${f1(push.p50)} ms, p95 ${f1(push.p95)} ms, p99 ${f1(push.p99)} ms` +
          ` (${push.n} heard, ${push.lost} lost)`,
      );
    }

    console.log(
      `single pings back to back, ${CLIENTS} callers, ${ROUNDS} x ${f1(DURATION_S / ROUNDS)} s per moment, in the order early, late, control, control, late, early...:`,
    );
    for (const phase of all) result.closed[phase.name] = emptyClosed();
    // a school's staff have the dashboard open all day: every changed attendance is checked and pushed to them
    const watchers = await Promise.all(
      Array.from({ length: STAFF_SOCKETS }).flatMap(() =>
        all.map((ph) => PushTestClient.connect(server.url, ph.staffToken, undefined, { keep: false })),
      ),
    );
    let heard = 0;
    for (const w of watchers) w.client.onMessage = () => void heard++;
    for (let r = 0; r < ROUNDS; r++) {
      // early, late, control, control, late, early, ...: a cost that drifts through the run (the
      // tables the run itself bloats, a slower machine) weighs on every moment alike
      for (const phase of r % 2 === 0 ? all : [...all].reverse()) {
        const phones = livePhones(phase);
        const acc = result.closed[phase.name] as Closed;
        const {
          result: run,
          serverMs,
          dbMs,
          rowsWritten,
          transactions,
          loaderMs,
          otherMs,
        } = await withCpu(server, db, () =>
          closedLoop(
            CLIENTS,
            DURATION_S / ROUNDS,
            pingSender(poster, phase, (k) => phones[k % phones.length] as SeededPhone, acc.timings),
          ),
        );
        noteErrors(`${phase.name} back to back`, run);
        acc.calls += run.calls;
        acc.ok += run.calls - run.errors;
        acc.errors += run.errors;
        acc.seconds += run.seconds;
        acc.serverMs += serverMs;
        acc.dbMs += dbMs;
        acc.rowsWritten += rowsWritten;
        acc.transactions += transactions;
        acc.loaderMs += loaderMs;
        acc.otherMs += otherMs;
        acc.firstError ??= run.firstError;
        acc.perRound.push(((serverMs + dbMs) / Math.max(1, run.calls - run.errors)) * 1000);
      }
    }
    for (const phase of all) {
      const c = result.closed[phase.name] as Closed;
      c.latencies = [...c.timings.dropIn, ...c.timings.other].sort((a, b) => a - b);
      for (const l of [c.timings.dropIn, c.timings.other]) l.sort((a, b) => a - b);
      console.log(
        `  ${phase.name.padEnd(7)}: ${f0(c.ok / c.seconds)} req/s, ack p50 ${f1(pct(c.latencies, 50))} ms,` +
          ` p99 ${f1(pct(c.latencies, 99))} ms; server CPU ${f1((c.serverMs / Math.max(1, c.ok)) * 1000)} µs/ping` +
          (db
            ? ` + PostgreSQL ${f1((c.dbMs / Math.max(1, c.ok)) * 1000)} µs/ping,` +
              ` ${(c.rowsWritten / Math.max(1, c.ok)).toFixed(2)} attendance rows written/ping,` +
              ` ${(c.transactions / Math.max(1, c.ok)).toFixed(2)} database transactions/ping`
            : "") +
          `; ack p50 with the study hall ${f1(pct(c.timings.dropIn, 50))} ms, without ${f1(pct(c.timings.other, 50))} ms;` +
          ` other processes used ${f0((c.otherMs / (c.seconds * 1000 * cpus().length)) * 100)}% of the machine`,
      );
    }
    if (ROUNDS > 1) {
      const each = (name: PhaseName, r: number) => `${name} ${f0(result.closed[name]?.perRound[r] ?? 0)}`;
      const rounds = Array.from({ length: ROUNDS }, (_, r) =>
        (r % 2 === 0 ? all : [...all].reverse()).map((phase) => each(phase.name, r)).join(", "),
      );
      console.log(`  server + database CPU per ping (µs), round by round in the order run: ${rounds.join("; ")}`);
    }

    console.log(
      `open loop, one phone after another, ${RAMP_STEP_S} s a step: the highest rate with ack p99 < ${TARGET_P99_MS} ms`,
    );
    for (const phase of phases) {
      const c = result.closed[phase.name] as Closed;
      const { rate, tried } = await ramp(poster, phase, c.ok / c.seconds);
      result.served[phase.name] = rate * (CADENCE_MS / 1000);
      console.log(
        `  ${phase.name.padEnd(5)}: ${rate} req/s = ${f0(rate * (CADENCE_MS / 1000))} phones at one ping per ${CADENCE_MS / 1000} s` +
          ` (tried ${tried.map((t) => `${t.rate}/s p99 ${f0(t.run.p99)}${t.run.errors ? ` ${t.run.errors} errors` : ""}`).join(", ")})`,
      );
    }

    for (const w of watchers) w.client.close();
    console.log(
      `  (${STAFF_SOCKETS} staff socket(s) per school open meanwhile, signed in as the school admin: ${heard} pushes heard)`,
    );

    // the baselines, with the server stopped: same loader, same callers, a body of the same size
    const sample = phases[0]?.seeded.phones[0] as SeededPhone;
    const body = pingBody(phases[0] as Phase, sample);
    await stop();
    result.bare = await routeRun("bare-route.ts", body, sample.token);
    noteErrors("bare route", result.bare);
    console.log(
      `baselines (server stopped; same loader, ${CLIENTS} callers, ${DURATION_S} s): bare Fastify route ` +
        `${f0(result.bare.rate)} req/s, p50 ${f1(result.bare.p50)} ms, p99 ${f1(result.bare.p99)} ms (body ${body.length} bytes);` +
        ` CPU per request: route ${f1(perCall(result.bare.serverMs, result.bare.calls))} µs, loader ${f1(perCall(result.bare.loaderMs, result.bare.calls))} µs`,
    );
    if (process.env.DATABASE_URL) {
      result.raw = await rawInserts(process.env.DATABASE_URL);
      noteErrors("raw inserts", result.raw);
      console.log(
        `  raw single-row INSERTs into PostgreSQL: ${f0(result.raw.rate)} statements/s, p50 ${f1(result.raw.p50)} ms,` +
          ` p99 ${f1(result.raw.p99)} ms`,
      );
    }
    // the ceiling of any ping path that stores the ping before it answers (stored-route.ts)
    const store = { STORE: kind, ...(kind === "postgres" ? { DATABASE_URL: process.env.DATABASE_URL ?? "" } : {}) };
    result.stored = {
      single: await routeRun("stored-route.ts", body, sample.token, { ...store, GROUP: "0" }),
      grouped: await routeRun("stored-route.ts", body, sample.token, { ...store, GROUP: "1" }),
    };
    for (const [name, run] of Object.entries(result.stored)) {
      noteErrors(`stored route (${name})`, run);
      console.log(
        `  the bare route storing each ping in ${server.label} before it answers, ${name === "single" ? "one INSERT a request" : "grouped as the app groups (one INSERT a turn)"}:` +
          ` ${f0(run.rate)} req/s (${x2(run.rate / result.bare.rate)} the bare route), p50 ${f1(run.p50)} ms, p99 ${f1(run.p99)} ms;` +
          ` CPU per request: route ${f1(perCall(run.serverMs, run.calls))} µs${kind === "postgres" ? " (PostgreSQL's not counted)" : ""}, loader ${f1(perCall(run.loaderMs, run.calls))} µs`,
      );
    }
    result.errors = errors;
    return result;
  } finally {
    await stop();
  }
}

function report(r: DbResult) {
  const rate = (name: string) => {
    const c = r.closed[name] as Closed;
    return c.ok / c.seconds;
  };
  const cost = (name: string) => {
    const c = r.closed[name] as Closed;
    return (c.serverMs + c.dbMs) / Math.max(1, c.ok);
  };
  const p50 = (name: string, group: keyof Timings) => pct((r.closed[name] as Closed).timings[group], 50);
  const lateRate = rate("late");
  const earlyRate = rate("early");
  const push = Math.max(r.replay.early?.push.p95 ?? 0, r.replay.late?.push.p95 ?? 0);
  const costRatio = cost("late") / cost("early");
  console.log(`${r.label} summary:`);
  console.log(
    `  single pings/s: early ${f0(earlyRate)} (p50 ${f1(pct(r.closed.early?.latencies ?? [], 50))}, p99 ${f1(pct(r.closed.early?.latencies ?? [], 99))} ms),` +
      ` late ${f0(lateRate)} (p50 ${f1(pct(r.closed.late?.latencies ?? [], 50))}, p99 ${f1(pct(r.closed.late?.latencies ?? [], 99))} ms)`,
  );
  console.log(
    `  phones served at one ping per 30 s with p99 < ${TARGET_P99_MS} ms: early ${f0(r.served.early ?? 0)}, late ${f0(r.served.late ?? 0)}`,
  );
  console.log(
    `  late-day / early-day ping cost: ${x2(costRatio)} CPU per ping, ${x2(earlyRate / lateRate)} by rate;` +
      ` ack p50 ${x2(p50("late", "dropIn") / p50("early", "dropIn"))} for study-hall students, ${x2(p50("late", "other") / p50("early", "other"))} for the others`,
  );
  const rows = (name: string) => {
    const c = r.closed[name] as Closed;
    return c.rowsWritten / Math.max(1, c.ok);
  };
  console.log(
    `  of which the morning's pings (late / control, the same afternoon without them): ${x2(cost("late") / cost("control"))} CPU per ping;` +
      ` the afternoon's own work (control / early): ${x2(cost("control") / cost("early"))}` +
      (r.label === "PGlite"
        ? ""
        : `, ${rows("control").toFixed(2)} against ${rows("early").toFixed(2)} attendance rows written a ping`),
  );
  console.log(
    `  ping -> staff push p95 (replay): early ${f1(r.replay.early?.push.p95 ?? 0)} ms, late ${f1(r.replay.late?.push.p95 ?? 0)} ms`,
  );
  console.log(
    `  app / bare route: early ${x2(earlyRate / r.bare.rate)}, late ${x2(lateRate / r.bare.rate)}` +
      (r.raw ? `; app / raw INSERT: early ${x2(earlyRate / r.raw.rate)}, late ${x2(lateRate / r.raw.rate)}` : ""),
  );
  if (r.stored) {
    const best = Math.max(r.stored.single.rate, r.stored.grouped.rate);
    console.log(
      `  ceiling: a route that only stores the ping before answering reaches ${x2(best / r.bare.rate)} the bare route` +
        ` (${f0(r.stored.single.rate)} req/s one INSERT a request, ${f0(r.stored.grouped.rate)} grouped);` +
        ` app / that ceiling: early ${x2(earlyRate / best)}, late ${x2(lateRate / best)}`,
    );
  }
  const goal = (ok: boolean) => (ok ? "met" : "MISSED");
  const floor = r.label === "PGlite" ? 0.25 : 0.5;
  // what the rate goal asks of a ping's CPU: at floor x the bare route's rate, the machine's cores
  // give each ping this much, and the loader takes its share first (decision 0571)
  const budget = (cpus().length * 1e6) / (floor * r.bare.rate);
  const loader = (name: string) => perCall((r.closed[name] as Closed).loaderMs, (r.closed[name] as Closed).ok);
  const app = (name: string) => cost(name) * 1000;
  console.log(
    `  CPU a ping may cost at ${floor * 100}% of the bare route's rate: ${f0(budget)} µs (${cpus().length} cores);` +
      ` spent: early ${f0(app("early"))} (${r.label === "PGlite" ? "server" : "server + database"}) + ${f0(loader("early"))} (loader),` +
      ` late ${f0(app("late"))} + ${f0(loader("late"))}; the bare route itself ${f0(perCall(r.bare.serverMs, r.bare.calls))} + ${f0(perCall(r.bare.loaderMs, r.bare.calls))}`,
  );
  console.log(
    `  goals: single-ping rate >= ${floor * 100}% of the bare route: early ${goal(earlyRate / r.bare.rate >= floor)},` +
      ` late ${goal(lateRate / r.bare.rate >= floor)}; late-day cost <= 1.2x early: ${goal(costRatio <= 1.2)};` +
      ` push p95 < 100 ms: ${goal(push < 100)}`,
  );
}

export async function runDay(): Promise<number> {
  const kinds = (process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"]).filter(
    (k) => !process.env.BENCH_DBS || process.env.BENCH_DBS.split(",").includes(k),
  ) as ("pglite" | "postgres")[];
  console.log(
    [
      "bench:ingest (day): a school day as the phones send it, one ping per request, through the real server process.",
      "Seeded before the server starts: three bench schools with the same timetable (4 bell schedules, 3 rooms a period,",
      "late/absent limits and minimum percentages varying by course, leave limit the school's 10 min, an all-day",
      "drop-in study hall for 3 in 5 students, 1 in 6 periods free) placed around the wall clock by time zone: in",
      "school E the first bell rang 20 min ago and nothing was sent yet today; in school L it rang 7 h 10 min ago and",
      "the pings table holds what every phone sent since 30 min before it (every 30 s and on each arrival and",
      "departure, received seconds later, an offline phone's when it came back) with the attendance rows the engine",
      "and the finaliser would have written. Live: recorded_at = now; students arrive, come late, leave early, never",
      "come or are offline per student and session (bench/src/sim/behaviour.ts). Both moments run on one server and",
      "database, so the pings table holds school L's morning throughout: late/early compares a student's own history",
      "of the day, not the table's growth (a real table also holds earlier days). A control school C, back to back only,",
      "is school L's afternoon (its rows and running states) with its morning's pings deleted: late/control is what the",
      "history costs, control/early what the afternoon's own work does. Back to back and in the ramp, a",
      "staff socket per school (STAFF_SOCKETS) hears every push. Not covered: batched uploads (BENCH_MODE=batched),",
      "staff GraphQL traffic, several server processes or Redis, days before today, real phone networks; at the",
      "back-to-back and ramp rates each phone sends faster than every 30 s.",
    ].join("\n"),
  );
  if (!process.env.DATABASE_URL) console.log("(set DATABASE_URL to also measure PostgreSQL and raw INSERTs)");
  const results: DbResult[] = [];
  for (const kind of kinds) results.push(await measureDb(kind));
  console.log("");
  for (const r of results) report(r);
  for (const r of results) {
    const c = r.closed.late as Closed;
    console.log(
      `ingest ${r.label}: ${f0(c.ok / c.seconds)} single pings/s late in the day, p99 ${f0(pct(c.latencies, 99))} ms`,
    );
  }
  return results.some((r) => r.errors > 0) ? 1 : 0;
}
