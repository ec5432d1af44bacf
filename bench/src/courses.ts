/**
 * npm run bench:courses — a course's Dashboard tab with a 500-student live roster on the school of
 * 50,000 students (goal: p95 < 100 ms on PostgreSQL), through the real HTTP server with one real
 * admin token.
 *
 * DATABASE_URL names the bench database (default postgres://postgres@127.0.0.1:5432/rollbook_large);
 * it is created when missing and seeded once (seed:large, kept for the next run: --reuse).
 *
 * Setup (plain SQL, idempotent, each step printed): the first course of the school that meets on
 * today's weekday (at the weekend the first course, with today's weekday added to its days) gets
 * exactly 500 enrolled live students, a meeting in progress now (start 25 minutes ago, 110 minutes
 * long, in the school's zone; semester covering today; no cancellation today), finished attendance
 * of its past meetings for the students added, and for today: attendance rows for 70% of the
 * roster (present, late, pending, left early, excused, absent; the rest "not yet") and a ping every
 * 5 minutes of each student seen. Running it again makes the same state for the new "now".
 *
 * Then, as the web app's course page sends them when it opens on the Dashboard tab (the same
 * documents, apps/web/src/features/courses/queries.ts): courseDetail (the header), courseFigures
 * (daily_attendance_graph, attendance_last_class, missed_last_class, student_absent_streak) and
 * courseRoster (the live roster). The page sends courseDetail first and mounts the tab (figures and
 * roster, at once) when it answers; "dashboard open" times that whole sequence.
 *
 * Not covered: the browser (rendering 500 rows, JSON parsing on the client, its network), the push
 * fan-out and the refetches it causes (attendance.update coalesced to one roster refetch a second,
 * the 60-second roster poll) while phones ping, several staff watching the same course, the
 * finaliser (off), the other tabs, PGlite, and a cold database cache (every line warms up first).
 *
 * Env: REQUESTS (300 a line), WARMUP (30), ONLY=<labels separated by ;>, BENCH_SERVER_LOG=1.
 */

import { cpus, loadavg } from "node:os";
import { courseSessionOn, isInSession, localDate, localMinutes, MEET_KEYS, weekdayOf } from "@rollbook/domain";
import pg from "pg";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { CourseDetailDocument, CourseFiguresDocument, CourseRosterDocument } from "../../apps/web/src/gql/graphql.ts";
import { LARGE_PASSWORD, largeEmail, seedLargeSchool } from "./large-school/seed.ts";
import { startServerOn } from "./large-school/server.ts";
import { cpuMs, JsonPoster, machineBusyMs, pct } from "./support/loader.ts";

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/rollbook_large";
const REQUESTS = Number(process.env.REQUESTS ?? 300);
const WARMUP = Number(process.env.WARMUP ?? 30);
const ONLY = process.env.ONLY ? new Set(process.env.ONLY.split(";")) : null;
const GOAL_MS = 100;
const ROSTER_SIZE = 500;
/** the meeting started this long before the bench, and lasts this long (the run fits well inside) */
const STARTED_MIN = 25;
const LENGTH_MIN = 110;

// The web app's documents, the very strings it sends (its generated TypedDocumentString)
const COURSE_DETAIL = CourseDetailDocument.toString();
const COURSE_FIGURES = CourseFiguresDocument.toString();
const COURSE_ROSTER = CourseRosterDocument.toString();

interface Figures {
  label: string;
  /** requests an iteration (a line that opens the page sends several) */
  per: number;
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
  /** CPU ms an iteration: the server process, and the database's backends */
  serverCpu: number;
  dbCpu: number;
}

interface Prepared {
  courseId: number;
  uuid: string;
  title: string;
  crn: string | null;
  tz: string;
  date: string;
  start: Date;
  end: Date;
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

const clock = (minutes: number) => {
  const m = ((Math.floor(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}:00`;
};

/**
 * One course of the large school with exactly ROSTER_SIZE enrolled live students and a meeting in
 * progress now, part of its roster already seen today. Plain SQL, each step printed; idempotent.
 */
async function prepareCourse(client: pg.Client, schoolId: number, now: Date): Promise<Prepared> {
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const t0 = performance.now();
    const res = await client.query(text, values);
    console.log(`  setup: ${label}: ${res.rowCount ?? 0} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return res;
  };
  const tz =
    (await client.query<{ timezone: string }>("select timezone from schools where id = $1", [schoolId])).rows[0]
      ?.timezone ?? "UTC";
  // the meeting: started STARTED_MIN minutes ago (whole minutes), on the local date it started
  const startAt = new Date(now.getTime() - STARTED_MIN * 60_000);
  const date = localDate(startAt, tz);
  const startMin = Math.floor(localMinutes(startAt, tz));
  const meet = MEET_KEYS[weekdayOf(date)] as string;
  if (!/^meet_[a-z]{3}$/.test(meet)) throw new Error(`unexpected meeting day ${meet}`);

  // the first course meeting on that weekday; at the weekend none does: the first course, day added
  const pick = await client.query<{ id: number }>(
    `select id from courses where school_id = $1 and deleted_at is null and not is_archived and ${meet}
     order by id limit 1`,
    [schoolId],
  );
  const courseId =
    pick.rows[0]?.id ??
    (
      await client.query<{ id: number }>(
        "select id from courses where school_id = $1 and deleted_at is null order by id limit 1",
        [schoolId],
      )
    ).rows[0]?.id;
  if (courseId === undefined) throw new Error("the large school has no course");
  const before = (
    await client.query<{ title: string; start_time: string; end_time: string; days: string }>(
      `select title, start_time::text, end_time::text,
         concat_ws(' ', case when meet_mon then 'Mon' end, case when meet_tue then 'Tue' end,
           case when meet_wed then 'Wed' end, case when meet_thu then 'Thu' end, case when meet_fri then 'Fri' end,
           case when meet_sat then 'Sat' end, case when meet_sun then 'Sun' end) days
       from courses where id = $1`,
      [courseId],
    )
  ).rows[0];
  console.log(
    `\nSetup: course ${courseId} "${before?.title}" (${before?.days}, ${before?.start_time}-${before?.end_time} before), ` +
      `meeting today ${date} ${clock(startMin).slice(0, 5)}-${clock(startMin + LENGTH_MIN).slice(0, 5)} ${tz}` +
      `${pick.rows[0] ? "" : ` (${meet} added: no course meets on this weekday)`}`,
  );

  await step(
    `course times ${clock(startMin)}-${clock(startMin + LENGTH_MIN)}, ${meet}, semester covering ${date}`,
    `update courses set start_time = $2::time, end_time = $3::time, ${meet} = true,
       semester_start = least(coalesce(semester_start, $4::date), $4::date),
       semester_end = greatest(coalesce(semester_end, $4::date), $4::date + 14),
       is_archived = false, deleted_at = null, updated_at = now()
     where id = $1`,
    [courseId, clock(startMin), clock(startMin + LENGTH_MIN), date],
  );
  await step(
    "today's cancellation of the course removed",
    "delete from cancellations where course_id = $1 and date = $2",
    [courseId, date],
  );
  const closed = await client.query(
    "select title from school_closures where school_id = $1 and start_date <= $2 and end_date >= $2",
    [schoolId, date],
  );
  if (closed.rowCount) throw new Error(`the school is closed on ${date} (${closed.rows[0]?.title}): no session`);

  // exactly ROSTER_SIZE enrolled, all live
  await step(
    "enrolments of removed students dropped",
    `delete from student_course sc using students s
     where sc.course_id = $1 and s.id = sc.student_id and s.deleted_at is not null`,
    [courseId],
  );
  const enrolled = Number(
    (await client.query<{ n: string }>("select count(*) n from student_course where course_id = $1", [courseId]))
      .rows[0]?.n,
  );
  if (enrolled < ROSTER_SIZE)
    await step(
      `enrolments ${enrolled} -> ${ROSTER_SIZE}: live students added`,
      `insert into student_course (student_id, course_id)
       select s.id, $1 from students s
       where s.school_id = $2 and s.deleted_at is null
         and not exists (select 1 from student_course x where x.course_id = $1 and x.student_id = s.id)
       order by md5(s.id::text) limit $3`,
      [courseId, schoolId, ROSTER_SIZE - enrolled],
    );
  else if (enrolled > ROSTER_SIZE)
    await step(
      `enrolments ${enrolled} -> ${ROSTER_SIZE}: some dropped`,
      `delete from student_course where course_id = $1 and student_id in (
         select student_id from student_course where course_id = $1 order by md5(student_id::text) limit $2)`,
      [courseId, enrolled - ROSTER_SIZE],
    );
  else console.log(`  setup: enrolments: ${enrolled} already`);

  // the past meetings of the students added, finished, as seed:large writes them (existing rows kept)
  await step(
    "finished attendance of past meetings (missing rows only)",
    `insert into attendance (attendable_id, attendable_type, school_id, student_id, status, enter, exit, percentage,
       confidence, finished, meets, created_at, updated_at)
     select c.id, 'course', c.school_id, sc.student_id, st.status,
       case when st.status in (1, 2, 5) then start_at + case when st.status = 2 then interval '9 minutes' else interval '-2 minutes' end end,
       case when st.status in (1, 2, 5) then end_at - case when st.status = 5 then interval '20 minutes' else interval '0 minutes' end end,
       case st.status when 1 then 100 when 2 then 84 when 5 then 62 else 0 end,
       case when st.status = 3 then null else 0.95 end, true, d, end_at, end_at
     from courses c
     join student_course sc on sc.course_id = c.id
     cross join lateral generate_series(c.semester_start, $2::date - 1, interval '1 day') as g(day)
     cross join lateral (select g.day::date d,
       (g.day::date + c.start_time) at time zone $3 start_at,
       (g.day::date + c.end_time + case when c.end_time <= c.start_time then interval '1 day' else interval '0 s' end)
         at time zone $3 end_at,
       abs(hashtext(sc.student_id || ':' || c.id || ':' || g.day::date)) % 100 r,
       3 + (sc.student_id * 37) % 24 absent_pct) x
     cross join lateral (select case
       when x.r < x.absent_pct then 3
       when x.r < x.absent_pct + 7 then 2
       when x.r < x.absent_pct + 9 then 5
       when x.r < x.absent_pct + 11 then 4
       else 1 end status) st
     where c.id = $1 and case extract(dow from g.day)
       when 0 then c.meet_sun when 1 then c.meet_mon when 2 then c.meet_tue when 3 then c.meet_wed
       when 4 then c.meet_thu when 5 then c.meet_fri else c.meet_sat end
     on conflict (attendable_type, attendable_id, meets, student_id) do nothing`,
    [courseId, date, tz],
  );

  // today's meeting so far: rows for 70% of the roster (the rest not seen yet), written afresh
  const start = new Date(startAt.getTime() - (startAt.getTime() % 60_000));
  await step(
    "today's attendance of the course cleared",
    "delete from attendance where attendable_type = 'course' and attendable_id = $1 and meets = $2",
    [courseId, date],
  );
  await step(
    "today's attendance so far (70% of the roster: present, late, pending, left early, excused, absent)",
    `insert into attendance (attendable_id, attendable_type, school_id, student_id, status, enter, exit, percentage,
       confidence, finished, meets, created_at, updated_at)
     select $1, 'course', $2, student_id, status, enter, exit,
       case status when 1 then 100 when 2 then 70 when 5 then 60 else 0 end,
       case when status in (1, 2) then 0.70 + (r % 30) / 100.0 when status = 5 then 0.8 when status = 0 then 0.35 end,
       false, $3::date, coalesce(enter, $5::timestamptz - interval '15 minutes'),
       greatest(coalesce(enter, $4::timestamptz), $5::timestamptz - (r % 12) * interval '1 minute')
     from (
       select student_id, r, status,
         case status
           when 1 then $4::timestamptz + ((r % 5) - 2) * interval '1 minute'
           when 2 then $4::timestamptz + (8 + r % 6) * interval '1 minute'
           when 5 then $4::timestamptz - interval '1 minute'
           when 0 then $5::timestamptz - (1 + r % 4) * interval '1 minute' end enter,
         case when status = 5 then $5::timestamptz - (2 + r % 8) * interval '1 minute' end exit
       from (
         select sc.student_id, x.r,
           case when x.r < 40 then 1 when x.r < 52 then 2 when x.r < 58 then 0 when x.r < 63 then 5
                when x.r < 66 then 4 else 3 end status
         from student_course sc
         cross join lateral (select abs(hashtext(sc.student_id || ':live:' || $3::text)) % 100 r) x
         where sc.course_id = $1 and x.r < 70
       ) y
     ) z`,
    [courseId, schoolId, date, start, now],
  );
  await step(
    "earlier bench pings of the roster removed",
    `delete from pings where student_id in (select student_id from student_course where course_id = $1)
       and device_ping_id like 'bench-course-%'`,
    [courseId],
  );
  await step(
    "today's pings (every 5 minutes of each student seen, from arrival to now or departure)",
    `insert into pings (student_id, device_ping_id, recorded_at, latitude, longitude, accuracy, created_at)
     select a.student_id, 'bench-course-' || a.attendable_id || '-' || extract(epoch from g.t)::bigint, g.t,
       42.6526 + (a.student_id % 50) * 0.00001, -73.7562 - (a.student_id % 40) * 0.00001, 8 + a.student_id % 20,
       least(g.t + interval '2 seconds', $3::timestamptz)
     from attendance a
     cross join lateral generate_series(a.enter, coalesce(a.exit, $3::timestamptz), interval '5 minutes') g(t)
     where a.attendable_type = 'course' and a.attendable_id = $1 and a.meets = $2 and a.enter is not null
     on conflict do nothing`,
    [courseId, date, now],
  );
  await step("analyze student_course, attendance", "analyze student_course, attendance");

  // the session as the server computes it (domain): it must be in progress now
  const row = (
    await client.query(
      `select uuid, title, crn, start_time::text, end_time::text, semester_start::text, semester_end::text,
         is_indefinite, meet_sun, meet_mon, meet_tue, meet_wed, meet_thu, meet_fri, meet_sat
       from courses where id = $1`,
      [courseId],
    )
  ).rows[0] as Parameters<typeof courseSessionOn>[0] & { uuid: string; title: string; crn: string | null };
  const session = courseSessionOn(row, date, tz);
  if (!session || !isInSession(session, now))
    throw new Error(`the prepared course is not in session now (${JSON.stringify(session)})`);
  return {
    courseId,
    uuid: row.uuid,
    title: row.title,
    crn: row.crn,
    tz,
    date,
    start: session.start,
    end: session.end,
  };
}

async function main() {
  const url = process.env.DATABASE_URL ?? DEFAULT_URL;
  if (!url.startsWith("postgres")) throw new Error("bench:courses runs on PostgreSQL (DATABASE_URL=postgres://...)");
  await ensureDatabase(url);
  const database = await openDatabase({ url });
  const school = await seedLargeSchool(database.db, { reuse: true });
  await database.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const course = await prepareCourse(client, school.schoolId, new Date());

  const server = await startServerOn(url);
  // a browser keeps up to 6 connections to a host: the tab's two queries go out at once
  const http = new JsonPoster(server.url, 6);
  const results: Figures[] = [];
  try {
    const login = await http.post(
      "/api/v2/login",
      JSON.stringify({ email: largeEmail("school_admin"), password: LARGE_PASSWORD }),
      { "x-requested-with": "XMLHttpRequest" },
    );
    if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body}`);
    const { access_token } = (JSON.parse(login.body) as { data: Record<string, string> }).data as {
      access_token: string;
    };
    const post = (query: string) =>
      http.post("/graphql/query", JSON.stringify({ query, variables: { uuid: course.uuid } }), {
        authorization: `Bearer ${access_token}`,
        "x-requested-with": "XMLHttpRequest",
      });
    /** null when the answer is whole; else what went wrong */
    const gql = async (query: string) => {
      const res = await post(query);
      if (res.status !== 200 || res.body.includes('"errors"')) return `${res.status} ${res.body.slice(0, 300)}`;
      if (query === COURSE_ROSTER && res.body.includes('"roster":null')) return "no session in progress";
      return null;
    };

    // what the page shows, once: the roster's size and statuses, the figures' sizes
    const shown = async (query: string) => {
      const res = await post(query);
      if (res.status !== 200 || res.body.includes('"errors"'))
        throw new Error(`${res.status} ${res.body.slice(0, 500)}`);
      return { bytes: Buffer.byteLength(res.body), data: (JSON.parse(res.body) as { data: { course: never } }).data };
    };
    const detail = await shown(COURSE_DETAIL);
    const d = detail.data.course as { is_in_session: boolean; students_count: number; apa: number | null };
    const figures = await shown(COURSE_FIGURES);
    const f = figures.data.course as {
      daily_attendance_graph: { labels: string[]; datasets: unknown[] };
      attendance_last_class: { label: string; value: number | null };
      missed_last_class: unknown[];
      student_absent_streak: unknown[];
    };
    const roster = await shown(COURSE_ROSTER);
    const r = (roster.data.course as { roster: { rows: { status: number | null }[] } | null }).roster;
    if (!r) throw new Error("the course's roster is null: no session in progress");
    if (r.rows.length !== ROSTER_SIZE) throw new Error(`the roster has ${r.rows.length} rows, ${ROSTER_SIZE} expected`);
    const byStatus = new Map<string, number>();
    const names = ["pending", "present", "late", "absent", "excused", "left early"];
    for (const row of r.rows) {
      const k = row.status === null ? "not yet" : (names[row.status] ?? String(row.status));
      byStatus.set(k, (byStatus.get(k) ?? 0) + 1);
    }
    const time = (at: Date) =>
      new Intl.DateTimeFormat("en-GB", { timeZone: course.tz, hour: "2-digit", minute: "2-digit" }).format(at);
    console.log(
      `\nCourse "${course.title}" (crn ${course.crn}, ${course.uuid}), session ${course.date} ${time(course.start)}-${time(course.end)} ${course.tz}:\n` +
        `  courseDetail: in session ${d.is_in_session}, students_count ${d.students_count}, apa ${d.apa}; ${detail.bytes} bytes\n` +
        `  courseFigures: ${f.daily_attendance_graph.labels.length} days x ${f.daily_attendance_graph.datasets.length} statuses, ` +
        `last class ${f.attendance_last_class.label} (${f.attendance_last_class.value}%), ${f.missed_last_class.length} missed it, ` +
        `${f.student_absent_streak.length} absence streaks; ${figures.bytes} bytes\n` +
        `  courseRoster: ${r.rows.length} rows (${[...byStatus].map(([k, n]) => `${n} ${k}`).join(", ")}); ${roster.bytes} bytes`,
    );

    /** CPU ms so far of each PostgreSQL backend of this database (the server's pool), by pid. */
    const backendCpu = async () => {
      const pids = (
        await client.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        )
      ).rows.map((row) => row.pid);
      const out = new Map<number, number>();
      for (const pid of pids) out.set(pid, await cpuMs([pid]));
      return out;
    };

    /** One caller (one page at a time), back to back: WARMUP iterations, then REQUESTS timed ones. */
    const measure = async (
      label: string,
      per: number,
      goal: number | undefined,
      call: () => Promise<string | null>,
    ) => {
      if (ONLY && !ONLY.has(label)) return;
      for (let i = 0; i < WARMUP; i++) await call();
      const lat: number[] = [];
      const cpu0 = { server: await cpuMs([server.pid]), db: await backendCpu() };
      const busy0 = await machineBusyMs();
      const t0all = performance.now();
      let errors = 0;
      let firstError: string | undefined;
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        const err = await call();
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
      const wall = performance.now() - t0all;
      lat.sort((a, b) => a - b);
      const fig: Figures = {
        label,
        per,
        n: REQUESTS,
        errors,
        p50: pct(lat, 50),
        p95: pct(lat, 95),
        p99: pct(lat, 99),
        max: lat[lat.length - 1] ?? 0,
        goal,
        firstError,
        busy: busy / (wall * cpus().length),
        load: loadavg()[0] ?? 0,
        serverCpu,
        dbCpu: dbTotal / REQUESTS,
      };
      results.push(fig);
      console.log(line(fig));
    };

    console.log(`\n${REQUESTS} timed iterations a line after ${WARMUP} warm-up, one page at a time\n`);
    // the fixed cost of a signed-in GraphQL call (token, viewer, parse, validate, limits): no SQL of its own
    await measure("baseline: searchConfig", 1, undefined, async () => {
      const res = await http.post(
        "/graphql/query",
        JSON.stringify({ query: "query C { searchConfig { per_page } }" }),
        {
          authorization: `Bearer ${access_token}`,
          "x-requested-with": "XMLHttpRequest",
        },
      );
      return res.status === 200 && !res.body.includes('"errors"') ? null : `${res.status} ${res.body.slice(0, 300)}`;
    });
    await measure("course detail (header)", 1, GOAL_MS, () => gql(COURSE_DETAIL));
    await measure("dashboard figures", 1, GOAL_MS, () => gql(COURSE_FIGURES));
    await measure(`live roster, ${ROSTER_SIZE} students`, 1, GOAL_MS, () => gql(COURSE_ROSTER));
    const tab = async () => {
      const [a, b] = await Promise.all([gql(COURSE_FIGURES), gql(COURSE_ROSTER)]);
      return a ?? b;
    };
    await measure("dashboard tab: figures + roster at once", 2, GOAL_MS, tab);
    await measure("dashboard open: detail, then the tab", 3, GOAL_MS, async () => (await gql(COURSE_DETAIL)) ?? tab());

    // the session must still be in progress at the end (else the roster lines measured nothing)
    if (Date.now() >= course.end.getTime()) console.log("WARNING: the session ended during the run");
  } finally {
    http.close();
    await server.stop();
    await client.end();
  }

  console.log(
    `\nThe machine has ${cpus().length} cores; "busy" counts every process (bench, server, PostgreSQL and anything\n` +
      "else): one page at a time keeps about one core busy, so well above 50% means other work shared it.\n" +
      "CPU an iteration (server + PostgreSQL, 10 ms ticks averaged; the two-query lines send 2 or 3 requests) is\n" +
      "what it costs whatever the load: on an idle machine a single request's latency is about that plus a\n" +
      "millisecond of loopback and scheduling (the tab's two queries overlap on the 2 cores).",
  );
  console.log(
    `\nGoal: a course's dashboard with a ${ROSTER_SIZE}-student live roster, PostgreSQL, p95 < ${GOAL_MS} ms`,
  );
  for (const fig of results)
    if (fig.goal !== undefined)
      console.log(
        `  ${fig.label}: p95 ${fig.p95.toFixed(1)} ms -> ${fig.p95 < fig.goal && fig.errors === 0 ? "PASS" : "MISS"}`,
      );
  console.log(
    "\nNot covered: the browser (rendering the 500 rows, its network and JSON parsing), the push fan-out and the\n" +
      "roster refetches it causes while phones ping (nor pings being ingested beside the reads), the 60-second roster\n" +
      "poll, several staff on the same course or on many courses at once, the other tabs, a professor's scope, the\n" +
      "finaliser (off), PGlite, and a cold database cache (every line warms up first).",
  );
}

function line(f: Figures) {
  const ms = (x: number) => x.toFixed(1).padStart(7);
  const what = f.per === 1 ? "a request" : `an iteration (${f.per} requests)`;
  return (
    `${f.label.padEnd(42)} p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  p99 ${ms(f.p99)}  max ${ms(f.max)} ms` +
    `  (${f.n} iterations${f.errors ? `, ${f.errors} ERRORS: ${f.firstError}` : ""}; CPU ${what}: server ${f.serverCpu.toFixed(1)} ms + PostgreSQL ${f.dbCpu.toFixed(1)} ms; machine ${(f.busy * 100).toFixed(0)}% busy, load ${f.load.toFixed(1)})`
  );
}

main().catch((e: Error) => {
  console.error(e.stack ?? e.message);
  process.exit(1);
});
