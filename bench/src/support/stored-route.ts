/**
 * The ingest bench's ceiling server (a child process, like the bare route): the bare route plus
 * the one thing no ping path can skip, storing the ping before answering. It parses the body,
 * writes each ping as a row of the pings table's shape (its two indexes, `on conflict do
 * nothing`) and answers as the real route does. No token, no schedule, no evidence, no
 * attendance, no push: whatever the app does beyond this, it cannot answer faster than this.
 *
 *   PORT=3100 STORE=postgres DATABASE_URL=... GROUP=1 node --import tsx bench/src/support/stored-route.ts
 *   PORT=3100 STORE=pglite GROUP=1 node --import tsx bench/src/support/stored-route.ts
 *
 * GROUP=0: one INSERT a request. GROUP=1: group commit as the app's ping queue does it (decision
 * 0564): requests that arrive in one turn of the event loop go as one multi-row INSERT, at most 2
 * groups at once on PostgreSQL, 1 on PGlite. The loader repeats one body, so a ping's id is made
 * unique here (a counter), or every request after the first would be a duplicate that writes nothing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import Fastify from "fastify";
import pg from "pg";

type Row = [student: number, id: string, recorded: string, lat: number | null, lon: number | null, acc: number | null];
type Query = (text: string, params?: unknown[]) => Promise<unknown>;

const store = process.env.STORE ?? "postgres";
const grouped = process.env.GROUP !== "0";
const table = `bench_stored_pings_${process.pid}`;

let query: Query;
let close: () => Promise<void>;
let dir: string | null = null;
if (store === "pglite") {
  // a data directory on disk, as the app's DATA_DIR (relaxed durability: PGlite's own default)
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rollbook-stored-route-"));
  const db = await PGlite.create({ dataDir: dir });
  query = (text, params) => db.query(text, params as unknown[]);
  close = () => db.close();
} else {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.CLIENTS ?? 8) });
  query = (text, params) => pool.query(text, params as unknown[]);
  close = () => pool.end();
}

await query(`drop table if exists ${table}`);
await query(`create table ${table} (id serial primary key, student_id int not null, device_ping_id text not null,
  recorded_at timestamptz not null, latitude float8, longitude float8, accuracy float8, extra jsonb,
  created_at timestamptz not null default now())`);
await query(`create unique index ${table}_student_device on ${table} (student_id, device_ping_id)`);
await query(`create index ${table}_student_recorded on ${table} (student_id, recorded_at)`);

const INSERT = `insert into ${table} (student_id, device_ping_id, recorded_at, latitude, longitude, accuracy, extra)
  select * from unnest($1::int[], $2::text[], $3::timestamptz[], $4::float8[], $5::float8[], $6::float8[], $7::jsonb[])
  on conflict do nothing`;

/** One statement for any number of rows: the same text every time, so PostgreSQL plans it once. */
const insertRows = (rows: Row[]) => {
  const cols: unknown[][] = [[], [], [], [], [], [], []];
  for (const r of rows) {
    for (const [i, v] of r.entries()) cols[i]?.push(v);
    cols[6]?.push('{"source":"bench"}');
  }
  return query(INSERT, cols);
};

// group commit: a group starts after one turn of the event loop, with what arrived by then
const maxRunning = store === "pglite" ? 1 : 2;
let waiting: { rows: Row[]; done: (e?: unknown) => void }[] = [];
let running = 0;
let scheduled = false;
function schedule() {
  if (scheduled || running >= maxRunning || waiting.length === 0) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    const group = waiting;
    waiting = [];
    running += 1;
    insertRows(group.flatMap((g) => g.rows))
      .then(
        () => {
          for (const g of group) g.done();
        },
        (e) => {
          for (const g of group) g.done(e);
        },
      )
      .finally(() => {
        running -= 1;
        schedule();
      });
  });
}
const stored = (rows: Row[]) =>
  grouped
    ? new Promise<void>((resolve, reject) => {
        waiting.push({ rows, done: (e) => (e ? reject(e) : resolve()) });
        schedule();
      })
    : insertRows(rows);

let k = 0;
const num = (v: unknown) => (typeof v === "number" ? v : null);
const app = Fastify({ logger: false });
app.post("/api/v2/device/pings", async (request) => {
  const pings = ((request.body as { pings?: Record<string, unknown>[] } | null)?.pings ?? []).slice(0, 500);
  const rows = pings.map((p): Row => {
    k += 1;
    return [
      k % 2000,
      `${String(p.id)}-${k}`,
      String(p.recorded_at ?? new Date().toISOString()),
      num(p.latitude),
      num(p.longitude),
      num(p.accuracy),
    ];
  });
  await stored(rows);
  return { data: { accepted: rows.length, duplicates: 0 }, server_time: new Date().toISOString() };
});
// for its test: the rows stored so far
app.get("/stored", async () => {
  const r = (await query(`select count(*)::int as n from ${table}`)) as { rows: { n: number }[] };
  return { rows: r.rows[0]?.n ?? 0 };
});
await app.listen({ port: Number(process.env.PORT ?? 3100), host: "127.0.0.1" });
process.stdout.write("ready\n");
process.on("SIGTERM", () => {
  void app
    .close()
    .then(() => query(`drop table if exists ${table}`))
    .then(close)
    .finally(() => {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
});
