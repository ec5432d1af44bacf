/**
 * npm run bench:imports — issue 13 "Imports": a 50,000-row students file (own layout) uploaded to
 * the real server (a child process, finaliser off) on PostgreSQL, run by the background job, timed
 * until done; then the same file again (every row an update). Prints rows/s, the seconds of the
 * upload (the answer with the uuid: the file stored and checked) and of the whole import, and the
 * server's RSS before and at its peak (sampled from /proc every 20 ms): memory flat means the peak
 * stays near the start whatever the size of the file.
 *
 * DATABASE_URL names the database (default postgres://postgres@127.0.0.1:5432/rollbook_imports): it
 * is dropped and made again with a small demo school each run, so only a name starting with
 * rollbook_imports or holding "bench" is taken. ROWS (50000) sizes the file.
 *
 * Not covered: PGlite; the other kinds (courses, enrollments, teams, users) and OneRoster, whose
 * per-row updates are slower than the students' one-statement upsert; several imports at once or
 * several server processes; the push to browsers (the bench reads the status with GraphQL, every
 * 200 ms, as a check only); a school that already has 50,000 other students; a busy machine.
 * Figures: docs/decisions/0970-imports.md.
 */
import { loadavg } from "node:os";
import pg from "pg";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { schools } from "../../apps/server/src/db/schema/index.ts";
import { demoEmail, seedDemo } from "../../apps/server/src/db/seed/demo.ts";
import { rssBytes } from "./large-school/server.ts";
import { cpuMs } from "./support/loader.ts";
import { spawnServer } from "./support/server.ts";

const ROWS = Number(process.env.ROWS ?? 50_000);
const PASSWORD = "bench-imports";
const GOAL_S = 60;
const base = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/rollbook_imports";

async function admin(sql: string) {
  const u = new URL(base);
  u.pathname = "/postgres";
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** The file: the own students layout, every optional kind of cell, ~120 bytes a row. */
function studentsFile(rows: number, tag: string): Buffer {
  const lines = ["school_identifier,first_name,last_name,preferred_name,email,phone,date_of_birth,gender"];
  for (let i = 0; i < rows; i++)
    lines.push(
      `B${String(i).padStart(6, "0")},First${i},${tag}${i % 977},,student${i}@bench.example.edu,(555) ${String(100 + (i % 900)).padStart(3, "0")}-${String(i % 10000).padStart(4, "0")},2007-0${1 + (i % 9)}-1${i % 10},${i % 2 ? "F" : "M"}`,
    );
  return Buffer.from(`${lines.join("\n")}\n`);
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const name = new URL(base).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  // it drops the database it is given: only one whose name says it is this bench's
  if (!name.includes("bench") && !name.startsWith("rollbook_imports"))
    throw new Error(
      `refusing to drop ${name}: name a database of the bench's own (rollbook_imports, or one with "bench" in its name)`,
    );
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const database = await openDatabase({ url: base });
  await seedDemo(database.db, { password: PASSWORD, students: 200, courses: 20, weeksOfHistory: 1 });
  // the demo school's cap (1,000) would turn most rows into row errors: the bench measures writes
  await database.db.update(schools).set({ student_cap: null });
  await database.close();
  const server = await spawnServer({ DATABASE_URL: base }, { FINALISE_INTERVAL_MS: "0" });
  try {
    const login = await fetch(`${server.url}/api/v2/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
      body: JSON.stringify({ email: demoEmail("school_admin"), password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const gql = async (query: string, variables: Record<string, unknown>) => {
      const r = await fetch(`${server.url}/graphql/query`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-requested-with": "XMLHttpRequest",
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ query, variables }),
      });
      return (await r.json()) as any;
    };
    const file = studentsFile(ROWS, "Bench");
    console.log(`bench:imports — ${ROWS.toLocaleString("en-US")} students (${mb(file.length)}), PostgreSQL, ${name}`);
    for (const label of ["first run (new students)", "second run (the same rows: updates)"]) {
      let peak = 0;
      const before = (await rssBytes(server.pid)) ?? 0;
      const sampler = setInterval(() => {
        void rssBytes(server.pid).then((b) => {
          if (b !== null && b > peak) peak = b;
        });
      }, 20);
      const load = loadavg()[0] ?? 0;
      const cpu0 = await cpuMs([server.pid]);
      const t0 = performance.now();
      const up = await fetch(`${server.url}/api/v2/imports?kind=students`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "x-requested-with": "XMLHttpRequest", "content-type": "text/csv" },
        body: new Uint8Array(file),
      });
      const answer = (await up.json()) as { data?: { uuid: string }; message?: string };
      const tUpload = performance.now() - t0;
      if (up.status !== 202 || !answer.data) throw new Error(`upload answered ${up.status}: ${answer.message}`);
      let imp: { status: string; progress: number; total_rows: number; row_errors: unknown[] };
      for (;;) {
        const r = await gql(
          `query($u: String!) { import(uuid: $u) { status progress total_rows row_errors { line reason } } }`,
          { u: answer.data.uuid },
        );
        imp = r.data.import;
        if (imp.status === "done" || imp.status === "failed") break;
        await new Promise((ok) => setTimeout(ok, 200));
      }
      const total = (performance.now() - t0) / 1000;
      const cpu = (await cpuMs([server.pid])) - cpu0;
      clearInterval(sampler);
      const after = (await rssBytes(server.pid)) ?? 0;
      peak = Math.max(peak, after);
      console.log(
        `\n${label}: ${imp.status}, ${imp.progress.toLocaleString("en-US")} of ${imp.total_rows.toLocaleString("en-US")} rows, ${imp.row_errors.length} row errors`,
      );
      if (imp.row_errors.length) console.log(`  first row errors: ${JSON.stringify(imp.row_errors.slice(0, 2))}`);
      console.log(`  upload answered (file stored, checked, rows counted): ${(tUpload / 1000).toFixed(2)} s`);
      console.log(
        `  total until done: ${total.toFixed(2)} s  (${Math.round(imp.progress / total).toLocaleString("en-US")} rows/s)  goal < ${GOAL_S} s: ${total < GOAL_S ? "met" : "MISSED"}`,
      );
      console.log(`  server RSS: ${mb(before)} before, peak ${mb(peak)} (+${mb(peak - before)}), ${mb(after)} after`);
      console.log(
        `  server CPU: ${(cpu / 1000).toFixed(2)} s (the machine is shared: this is the figure that does not depend on the neighbours)`,
      );
      console.log(`  load average at the start: ${load.toFixed(2)}`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
