/**
 * npm run bench:students — the participants' reads on a school of 50,000 students (issue 10
 * "Speed"), PostgreSQL, through the real HTTP server with one real admin token.
 *
 * DATABASE_URL names the bench database (default postgres://postgres@127.0.0.1:5432/rollbook_large);
 * it is created when missing and seeded once (seed:large, kept for the next run: --reuse).
 * BENCH_DB=pglite: on PGlite instead, in DATA_DIR (default .tmp/large-school, as seed:large --pglite).
 * Env: REQUESTS (300 a measurement), WARMUP (30), SKIP_EXPORT=1, ONLY=<labels separated by ;>.
 */

import { cpus, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { LARGE_PASSWORD, largeEmail, seedLargeSchool } from "./large-school/seed.ts";
import { rssBytes, startServerOn, startServerOnDir } from "./large-school/server.ts";
import { cpuMs, JsonPoster, machineBusyMs, pct } from "./support/loader.ts";

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/rollbook_large";
const REQUESTS = Number(process.env.REQUESTS ?? 300);
const WARMUP = Number(process.env.WARMUP ?? 30);
const ONLY = process.env.ONLY ? new Set(process.env.ONLY.split(";")) : null;
/** BENCH_DB=pglite: the school in a PGlite directory, the database inside the server process */
const PGLITE = process.env.BENCH_DB === "pglite";

const LIST = `query Students($page: Int, $per_page: Int, $sort_by: String, $sort_dir: String, $query: String) {
  students(page: $page, per_page: $per_page, sort_by: $sort_by, sort_dir: $sort_dir, query: $query) {
    total
    data { id uuid first_name last_name preferred_name email school_identifier weekly_apa semester_apa
      last_seen device_id device { id location_permission bluetooth_permission } }
  }
}`;

const SEARCH = `query Search($query: String!) { search(query: $query) {
  students { uuid firstName lastName email }
  courses { uuid title startTime endTime days }
  teams { id uuid name }
  events { uuid title date } } }`;

const DETAIL = `query Student($uuid: String!) { student(uuid: $uuid) {
  id uuid first_name last_name preferred_name email phone school_identifier weekly_apa semester_apa last_seen
  token offline_code
  device { id model_name app_version os_version location_permission bluetooth_permission updated_at }
  now { title status start_time end_time last_ping_at location_name inside }
  course_stats { course { id uuid title start_time end_time } apa week_apa attended missed last_attended missed_streak }
} }`;

interface Figures {
  label: string;
  n: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  goal?: number;
  firstError?: string;
  /** the share of the machine's CPU in use during the line (all processes), and the load average */
  busy: number;
  load: number;
  /** CPU ms a request: the server process, and the database's backends */
  serverCpu: number;
  dbCpu: number;
}

async function ensureDatabase(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  u.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) {
      console.log(`creating database ${name}`);
      await admin.query(`create database ${name}`);
    }
  } finally {
    await admin.end();
  }
}

async function main() {
  const pglite = PGLITE;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const dataDir = process.env.DATA_DIR ?? path.join(root, ".tmp", "large-school");
  const url = process.env.DATABASE_URL ?? DEFAULT_URL;
  if (!pglite && !url.startsWith("postgres"))
    throw new Error("bench:students runs on PostgreSQL (DATABASE_URL=postgres://...) or BENCH_DB=pglite");
  if (!pglite) await ensureDatabase(url);
  const database = await openDatabase(pglite ? { dataDir } : { url });
  const school = await seedLargeSchool(database.db, { reuse: true });
  // random visible students for the detail, and the count the export should give
  const uuids = (
    (await database.db.execute(
      sql`select uuid from students where school_id = ${school.schoolId} and deleted_at is null order by md5(id::text) limit 400`,
    )) as unknown as { rows: { uuid: string }[] }
  ).rows.map((r) => r.uuid);
  const activeCount = Number(
    (
      (await database.db.execute(
        sql`select count(*) n from students where school_id = ${school.schoolId} and deleted_at is null`,
      )) as unknown as { rows: { n: string }[] }
    ).rows[0]?.n,
  );
  // PGlite is one process's: the server opens it next
  await database.close();

  // PostgreSQL's backends, for their CPU; PGlite runs inside the server process
  const client = pglite ? null : new pg.Client({ connectionString: url });
  await client?.connect();

  const server = await (pglite ? startServerOnDir(dataDir) : startServerOn(url));
  const http = new JsonPoster(server.url, 4);
  const results: Figures[] = [];
  try {
    const login = await http.post(
      "/api/v2/login",
      JSON.stringify({ email: largeEmail("school_admin"), password: LARGE_PASSWORD }),
      { "x-requested-with": "XMLHttpRequest" },
    );
    if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body}`);
    const { access_token, search_token } = (JSON.parse(login.body) as { data: Record<string, string> }).data as {
      access_token: string;
      search_token: string;
    };
    const gql = async (token: string, query: string, variables: Record<string, unknown>) => {
      const res = await http.post("/graphql/query", JSON.stringify({ query, variables }), {
        authorization: `Bearer ${token}`,
        "x-requested-with": "XMLHttpRequest",
      });
      if (res.status !== 200 || res.body.includes('"errors"')) return `${res.status} ${res.body.slice(0, 300)}`;
      return null;
    };

    /** CPU ms so far of each PostgreSQL backend of this database (the server's pool), by pid. */
    const backendCpu = async () => {
      const out = new Map<number, number>();
      if (!client) return out;
      const pids = (
        await client.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        )
      ).rows.map((r) => r.pid);
      for (const pid of pids) out.set(pid, await cpuMs([pid]));
      return out;
    };

    /** One caller, back to back: WARMUP calls, then REQUESTS timed ones. */
    const measure = async (label: string, goal: number | undefined, call: (i: number) => Promise<string | null>) => {
      if (ONLY && !ONLY.has(label)) return;
      for (let i = 0; i < WARMUP; i++) await call(i + 100_000);
      const lat: number[] = [];
      // CPU of the server process and of this database's PostgreSQL backends (not this client's)
      const cpu0 = { server: await cpuMs([server.pid]), db: await backendCpu() };
      const busy0 = await machineBusyMs();
      const t0all = performance.now();
      let errors = 0;
      let firstError: string | undefined;
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        const err = await call(i);
        lat.push(performance.now() - t0);
        if (err) {
          errors++;
          firstError ??= err;
        }
      }
      const busy = (await machineBusyMs()) - busy0;
      const serverCpu = ((await cpuMs([server.pid])) - cpu0.server) / REQUESTS;
      const db1 = await backendCpu();
      // per backend; one that started during the line counts whole, one that ended is lost (rare)
      let dbTotal = 0;
      for (const [pid, ms] of db1) dbTotal += ms - (cpu0.db.get(pid) ?? 0);
      const dbCpu = dbTotal / REQUESTS;
      const wall = performance.now() - t0all;
      lat.sort((a, b) => a - b);
      const f: Figures = {
        busy: busy / (wall * cpus().length),
        load: loadavg()[0] ?? 0,
        serverCpu,
        dbCpu,
        label,
        n: REQUESTS,
        errors,
        p50: pct(lat, 50),
        p95: pct(lat, 95),
        p99: pct(lat, 99),
        max: lat[lat.length - 1] ?? 0,
        goal,
        firstError,
      };
      results.push(f);
      console.log(line(f));
    };

    console.log(
      `\n${pglite ? `PGlite in ${dataDir}` : "PostgreSQL"}: ${activeCount} active students; ${REQUESTS} requests a line after ${WARMUP} warm-up, one caller\n`,
    );
    // the fixed cost of a signed-in GraphQL call (token, viewer, parse, validate, limits): no SQL of its own
    await measure("baseline: searchConfig", undefined, () =>
      gql(search_token, "query C { searchConfig { per_page } }", {}),
    );
    // pages 1-100 (the first 2,500 rows of the order), as people page through a list
    const page = (i: number) => 1 + ((i * 37) % 100);
    await measure("students page, by name", 50, (i) =>
      gql(access_token, LIST, { page: page(i), per_page: 25, sort_by: "name" }),
    );
    await measure("students page, by name desc", 50, (i) =>
      gql(access_token, LIST, { page: page(i), per_page: 25, sort_by: "name", sort_dir: "desc" }),
    );
    await measure("students page, by semester_apa asc", 50, (i) =>
      gql(access_token, LIST, { page: page(i), per_page: 25, sort_by: "semester_apa", sort_dir: "asc" }),
    );
    await measure("students page, by semester_apa desc", 50, (i) =>
      gql(access_token, LIST, { page: page(i), per_page: 25, sort_by: "semester_apa", sort_dir: "desc" }),
    );
    const listTerms = ["smith", "ann", "garcia", "mar", "li", "patel", "jo", "nguyen.", "emma", "L00012"];
    await measure("students page, search term, by name", 50, (i) =>
      gql(access_token, LIST, { page: 1, per_page: 25, sort_by: "name", query: listTerms[i % listTerms.length] }),
    );
    const searchTerms = [
      "smith",
      "ann",
      "bio",
      "chemistry 2",
      "9:40am",
      "Mon",
      "garcia",
      "jo",
      "emma w",
      "zz",
      "soccer",
      "fair",
      "l00012",
      "statistics",
      "ol",
    ];
    await measure("global search (search token)", 20, (i) =>
      gql(search_token, SEARCH, { query: searchTerms[i % searchTerms.length] }),
    );
    await measure("student detail with course_stats", 50, (i) =>
      gql(access_token, DETAIL, { uuid: uuids[i % uuids.length] }),
    );

    if (process.env.SKIP_EXPORT !== "1" && (!ONLY || ONLY.has("export"))) {
      // the whole school as CSV: time, rows, and the server's RSS sampled every 20 ms
      const before = (await rssBytes(server.pid)) ?? 0;
      let peak = before;
      const sampler = setInterval(() => {
        void rssBytes(server.pid).then((r) => {
          if (r && r > peak) peak = r;
        });
      }, 20);
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/v2/students/export.csv`, {
        headers: { authorization: `Bearer ${access_token}`, "x-requested-with": "XMLHttpRequest" },
      });
      let bytes = 0;
      let lines = 0;
      let firstByte = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        if (!firstByte) firstByte = performance.now() - t0;
        bytes += chunk.byteLength;
        for (const b of chunk) if (b === 10) lines++;
      }
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(sampler);
      const after = (await rssBytes(server.pid)) ?? 0;
      const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
      console.log(
        `export.csv: HTTP ${res.status}, ${lines - 1} rows (${activeCount} expected), ${mb(bytes)} MB in ${seconds.toFixed(2)} s ` +
          `(first byte ${firstByte.toFixed(0)} ms); server RSS ${mb(before)} MB before, peak ${mb(peak)} MB ` +
          `(+${mb(peak - before)} MB), ${mb(after)} MB after`,
      );
    }
  } finally {
    http.close();
    await server.stop();
    await client?.end();
  }

  console.log(
    `\nThe machine has ${cpus().length} cores; "busy" counts every process (bench, server, PostgreSQL and anything\n` +
      "else): one caller back to back keeps about one core busy, so well above 50% means other work shared it.\n" +
      "CPU a request (server + PostgreSQL, 10 ms ticks averaged) is what a request costs whatever the load: on an\n" +
      "idle machine the latency is about that plus a millisecond of loopback and scheduling.",
  );
  console.log("\nGoals (issue 10, PostgreSQL): students page p95 < 50 ms, search p95 < 20 ms, detail p95 < 50 ms");
  for (const f of results)
    if (f.goal !== undefined)
      console.log(`  ${f.label}: p95 ${f.p95.toFixed(1)} ms -> ${f.p95 < f.goal && f.errors === 0 ? "met" : "MISSED"}`);
  console.log(
    "\nNot covered: several callers at once (one caller, back to back: latency, not throughput), the web app's\n" +
      "other calls on these screens (courses for the filters, the detail's tabs other than Courses), push\n" +
      "refreshes, a professor's narrower scope, pages past 100 (offset paging reads the rows before the\n" +
      "page), the finaliser running beside the reads (disabled), and a cold database cache (every line warms up first).",
  );
}

function line(f: Figures) {
  const ms = (x: number) => x.toFixed(1).padStart(7);
  return (
    `${f.label.padEnd(40)} p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  p99 ${ms(f.p99)}  max ${ms(f.max)} ms` +
    `  (${f.n} requests${f.errors ? `, ${f.errors} ERRORS: ${f.firstError}` : ""}; CPU a request: ${PGLITE ? `server with PGlite ${f.serverCpu.toFixed(1)} ms` : `server ${f.serverCpu.toFixed(1)} ms + PostgreSQL ${f.dbCpu.toFixed(1)} ms`}; machine ${(f.busy * 100).toFixed(0)}% busy, load ${f.load.toFixed(1)})`
  );
}

main().catch((e: Error) => {
  console.error(e.stack ?? e.message);
  process.exit(1);
});
