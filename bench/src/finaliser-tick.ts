/**
 * bench:finaliser: what the finaliser's look for due sessions costs each tick (every 30 s in every
 * server process) on a large school whose past sessions are all finalised, the usual state, and
 * how long it holds Node's event loop, during which no ping is answered.
 *
 * Env: COURSES (1500), EVENTS (200), DAYS (the school's history, 40), RUNS (15), DATABASE_URL (adds
 * PostgreSQL; a scratch database is created and dropped). Prints, per database: the tick's wall time
 * p50/max, this process's CPU per tick (PGlite runs inside it; PostgreSQL's own work is not in it),
 * which a busy machine disturbs less than wall time, and the longest the event loop was held.
 * Not covered: finalising itself (nothing is due), other schools' load, several processes.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { addDays, localDate } from "@rollbook/domain";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../../apps/server/src/db/client.ts";
import { dueSessions, LOOKBACK_DAYS } from "../../apps/server/src/engine/finalise/due.ts";
import { RECENT_LOOKBACK_DAYS } from "../../apps/server/src/engine/finalise/run.ts";
import { pgAdmin } from "./support/server.ts";

const COURSES = Number(process.env.COURSES ?? 1500);
const EVENTS = Number(process.env.EVENTS ?? 200);
const DAYS = Number(process.env.DAYS ?? 40);
const RUNS = Number(process.env.RUNS ?? 15);
const TZ = "America/New_York";

async function seed(database: Database, now: Date) {
  const { db } = database;
  const today = localDate(now, TZ);
  const created = new Date(now.getTime() - DAYS * 86_400_000);
  await db.execute(
    sql`insert into schools (name, email, timezone) values ('Finaliser Bench', 'office@fin.bench.test', ${TZ})`,
  );
  // 12 start times from 08:00, MWF / TTh / MW like a college timetable, a semester around today
  await db.execute(sql`
    insert into courses (school_id, crn, course_number, title, start_time, end_time, semester_start, semester_end,
      meet_mon, meet_tue, meet_wed, meet_thu, meet_fri, created_at)
    select (select max(id) from schools), 'F' || g, 'FIN ' || g, 'Course ' || g,
      make_time(8 + g % 12, 0, 0), make_time(8 + g % 12, 50, 0), ${addDays(today, -DAYS)}::date, ${addDays(today, 60)}::date,
      g % 3 <> 1, g % 3 = 1, g % 3 <> 1, g % 3 = 1, g % 3 = 0, ${created.toISOString()}::timestamptz
    from generate_series(1, ${COURSES}) g`);
  await db.execute(sql`
    insert into events (school_id, title, date, start_time, end_time, created_at)
    select (select max(id) from schools), 'Event ' || g, ${today}::date - (g % ${DAYS}), '18:00', '19:30',
      ${created.toISOString()}::timestamptz
    from generate_series(1, ${EVENTS}) g`);
  // every session that ended is finalised, as the finaliser leaves a school
  const due = await dueSessions(db, now);
  for (let i = 0; i < due.length; i += 5000) {
    const part = due.slice(i, i + 5000).map((d) => ({ t: d.attendable_type, i: d.attendable_id, m: d.meets }));
    await db.execute(sql`
      insert into finalised_sessions (attendable_type, attendable_id, meets, school_id)
      select r.t, r.i, r.m, (select max(id) from schools)
      from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as r(t text, i int, m date)`);
  }
  await db.execute(sql`analyze`);
  return due.length;
}

async function ticks(database: Database, lookbackDays: number) {
  const walls: number[] = [];
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  let found = -1;
  const cpu0 = process.cpuUsage();
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    found = (await dueSessions(database.db, new Date(), lookbackDays)).length;
    walls.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const cpu = process.cpuUsage(cpu0);
  h.disable();
  walls.sort((a, b) => a - b);
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  return (
    `found ${found} due, p50 ${ms(walls[Math.floor(walls.length / 2)] as number)}, ` +
    `this process's CPU ${ms((cpu.user + cpu.system) / 1000 / RUNS)} a tick, ` +
    `max ${ms(walls[walls.length - 1] as number)}, event loop held up to ${ms(h.max / 1e6)}`
  );
}

async function measure(label: string, database: Database) {
  const finalised = await seed(database, new Date());
  console.log(`${label}: ${COURSES} courses, ${EVENTS} events, ${finalised} finalised sessions`);
  console.log(
    `  a tick looking back ${RECENT_LOOKBACK_DAYS} day (every 30 s): ${await ticks(database, RECENT_LOOKBACK_DAYS)}`,
  );
  console.log(
    `  a tick looking back ${LOOKBACK_DAYS} days (at start, then hourly): ${await ticks(database, LOOKBACK_DAYS)}`,
  );
}

console.log(
  `bench:finaliser: the finaliser's look for due sessions, ${RUNS} ticks each, on a school whose past is finalised`,
);
const pglite = await openDatabase({ dataDir: "memory://" });
await measure("PGlite", pglite);
await pglite.close();
const base = process.env.DATABASE_URL;
if (base) {
  const name = `rollbook_bench_finaliser_${process.pid}`;
  await pgAdmin(base, `drop database if exists ${name} with (force)`);
  await pgAdmin(base, `create database ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  const pg = await openDatabase({ url: u.toString() });
  try {
    await measure("PostgreSQL", pg);
  } finally {
    await pg.close();
    await pgAdmin(base, `drop database if exists ${name} with (force)`);
  }
}
