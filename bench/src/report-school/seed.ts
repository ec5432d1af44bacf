/**
 * The reports school (issue 12 "Speed"): 10,000 students, 400 courses (one in five of 260-340
 * students, the rest 25-40), a semester (18 weeks up to yesterday) of finished attendance, about
 * 2 million rows with every status, the pings of the last 4 weeks' attended sessions, buildings
 * with beacons, teams with away trips, events with sign-ups and their attendance. Bulk SQL
 * (generate_series, insert ... select), each step printed with its time.
 *
 * What the engine would have written: a row per enrolled student and session (the days the course
 * meets, between its semester start and yesterday, none on the closure's days), finished; a
 * cancelled session's rows are cancelled (6) and a cancellations row says so; a student with a
 * whole-day excuse is excused (4) that day; a team member's sessions during an away trip are travel
 * (7); otherwise present (1), late (2, entered after the course's late time and before its absent
 * time, the school's 5 and 15 minutes by default), left early (5, left
 * after 35-65% of the session) or absent (3), each student absent 2-15% of the time. Enter/exit
 * and percentage as the verdict computes them; location_id the course's.
 */
import { ROLES } from "@rollbook/domain";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { hashPassword } from "../../../apps/server/src/auth/passwords.ts";
import type { Db } from "../../../apps/server/src/db/client.ts";
import * as t from "../../../apps/server/src/db/schema/index.ts";
import { ensureRoles } from "../../../apps/server/src/db/seed/roles.ts";
import { arrayOf, EVENTS, FIRST, LAST, SUBJECTS, TEAMS } from "../large-school/seed.ts";

export const REPORT_SCHOOL = "Reports Bench University";
export const REPORT_DOMAIN = "reports.rollbook.test";
export const REPORT_TZ = "America/Chicago";
export const REPORT_PASSWORD = "bench-password-1";
export const reportEmail = (role: string) => `${role}@${REPORT_DOMAIN}`;
export const DEFAULT_REPORTS_URL = "postgres://postgres@127.0.0.1:5432/rollbook_reports";

export interface ReportOptions {
  students?: number;
  courses?: number;
  weeks?: number;
  /** weeks at the end of the semester whose attended sessions have pings (default 4) */
  pingWeeks?: number;
  log?: (line: string) => void;
}

export interface ReportSchool {
  schoolId: number;
  reused: boolean;
  seconds: number;
}

/** Creates the database of `url` when it is missing (PostgreSQL). */
export async function ensureDatabase(url: string) {
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

export async function findReportSchool(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: t.schools.id }).from(t.schools).where(eq(t.schools.name, REPORT_SCHOOL)).limit(1);
  return row?.id ?? null;
}

export async function seedReportSchool(db: Db, opts: ReportOptions & { reuse?: boolean } = {}): Promise<ReportSchool> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const started = performance.now();
  const existing = await findReportSchool(db);
  if (existing !== null) {
    if (!opts.reuse) throw new Error(`${REPORT_SCHOOL} exists already: use --reuse, or a fresh database`);
    log(`${REPORT_SCHOOL} exists: reused`);
    return { schoolId: existing, reused: true, seconds: 0 };
  }
  const nStudents = opts.students ?? 10_000;
  const nCourses = opts.courses ?? 400;
  const weeks = opts.weeks ?? 18;
  const pingWeeks = opts.pingWeeks ?? 4;
  await ensureRoles(db);

  const run = async (label: string, statement: string) => {
    const t0 = performance.now();
    const res = (await db.execute(sql.raw(statement))) as unknown as { rowCount?: number };
    const n = /^(vacuum|drop|create)/.test(statement.trim()) ? undefined : res.rowCount;
    log(
      `  ${label}: ${n ?? "done"}${n !== undefined && n !== null ? " rows" : ""} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  };

  log(
    `Seeding ${REPORT_SCHOOL}: ${nStudents} students, ${nCourses} courses, ${weeks} weeks of attendance, pings for the last ${pingWeeks}`,
  );
  const [school] = await db
    .insert(t.schools)
    .values({
      name: REPORT_SCHOOL,
      timezone: REPORT_TZ,
      email: `office@${REPORT_DOMAIN}`,
      address: "1 College Road, Springfield, IL 62701",
    })
    .returning();
  const sid = school!.id;
  const TZ = `'${REPORT_TZ}'`;
  const today = `(now() at time zone ${TZ})::date`;
  const semStart = `(${today} - ${weeks * 7})`;
  // a Wednesday-Friday break in the middle of the semester: no sessions
  const breakStart = `(${semStart} + ${Math.floor(weeks / 2) * 7} + ((10 - extract(isodow from ${semStart})::int) % 7))`;
  const closed = (d: string) => `(${d} between ${breakStart} and ${breakStart} + 2)`;
  // deterministic draws shared by the attendance and the rows that explain it
  const cancelledSql = (course: string, day: string) =>
    `(abs(hashtext('cx:' || ${course} || ':' || ${day})) % 1000 < 15)`;
  const excusedSql = (student: string, day: string) =>
    `(abs(hashtext('ex:' || ${student} || ':' || ${day})) % 1000 < 15)`;
  const meetsOn = (c: string, day: string) =>
    `case extract(dow from ${day}) when 0 then ${c}.meet_sun when 1 then ${c}.meet_mon when 2 then ${c}.meet_tue
       when 3 then ${c}.meet_wed when 4 then ${c}.meet_thu when 5 then ${c}.meet_fri else ${c}.meet_sat end`;

  await run(
    "closure (Fall Break, Wednesday-Friday)",
    `insert into school_closures (school_id, title, start_date, end_date)
     values (${sid}, 'Fall Break', ${breakStart}, ${breakStart} + 2)`,
  );

  await run(
    "students",
    `insert into students (school_id, first_name, last_name, email, phone, school_identifier, token, offline_code,
       created_at, updated_at)
     select ${sid}, f, l,
       lower(regexp_replace(f || '.' || l, '[^A-Za-z.]', '', 'g')) || '.' || g || '@students.${REPORT_DOMAIN}',
       '217' || lpad(((g * 7919) % 10000000)::text, 7, '0'),
       'R' || lpad(g::text, 7, '0'),
       'reports-' || md5('reports-token-' || g),
       'JBSWY3DPEHPK3PXP',
       now() - interval '140 days' + g * interval '1 second',
       now()
     from (select g, (${arrayOf(FIRST)})[1 + (g * 7) % ${FIRST.length}] f,
                  (${arrayOf(LAST)})[1 + (g * 13 + g / ${FIRST.length}) % ${LAST.length}] l
           from generate_series(1, ${nStudents}) g) x`,
  );
  await run(
    "preferred names",
    `update students set preferred_name = left(first_name, 4) where school_id = ${sid} and id % 23 = 0`,
  );
  await run(
    "removed (1%)",
    `update students set deleted_at = now() - interval '10 days' where school_id = ${sid} and id % 100 = 7`,
  );
  // three in four with a phone; one in ten of those without location permission, one in four without bluetooth
  await run(
    "devices",
    `insert into devices (student_id, type, os_version, app_version, model_name, location_permission, bluetooth_permission)
     select id, case when id % 2 = 0 then 'ios' else 'android' end,
       case when id % 2 = 0 then '17.' || (id % 5) else '14' end, '3.' || (id % 4) || '.0',
       case when id % 2 = 0 then 'iPhone ' || (12 + id % 4) else 'Pixel ' || (6 + id % 3) end,
       id % 10 <> 3, id % 4 <> 1
     from students where school_id = ${sid} and id % 4 <> 0`,
  );
  await run(
    "active devices",
    `update students s set device_id = d.id from devices d where d.student_id = s.id and s.school_id = ${sid}`,
  );
  // 40 buildings around the campus centre; 30 of them with 2-4 beacons, 10 beacons unplaced
  await run(
    "locations",
    `insert into locations (school_id, name, latitude, longitude, radius, note)
     select ${sid}, n || ' Hall', 39.7817 + ((g * 37) % 40 - 20) * 0.0004, -89.6501 + ((g * 53) % 40 - 20) * 0.0005,
       50 + (g * 17) % 70, case when g % 3 = 0 then 'Rooms ' || g || '00-' || g || '40' end
     from unnest(${arrayOf(LAST.slice(0, 40))}) with ordinality as x(n, g)`,
  );
  await run(
    "beacons",
    `insert into beacons (school_id, name, factory_id, location_id, battery, active, created_at)
     select ${sid}, l.name || ' ' || k, 'RB' || lpad(l.id::text, 5, '0') || '-' || k, l.id,
       5 + (l.id * 31 + k * 17) % 96, (l.id + k) % 9 <> 0, now() - interval '150 days'
     from (select id, name, row_number() over (order by id) rn from locations where school_id = ${sid}) l
     cross join generate_series(1, 4) k
     where l.rn <= 30 and k <= 2 + l.rn % 3
     union all
     select ${sid}, 'Spare ' || g, 'RBSPARE-' || ${sid} || '-' || g, null, 100, false, now() - interval '20 days'
     from generate_series(1, 10) g`,
  );
  // 400 courses: days MWF / TTh / Mon-Fri, one in ten without a location (the Setup report's)
  await run(
    "courses",
    `insert into courses (school_id, location_id, crn, course_number, title, subject, start_time, end_time,
       semester_start, semester_end, meet_mon, meet_tue, meet_wed, meet_thu, meet_fri, min_percentage, late_time, absent_time)
     select ${sid}, case when g % 10 <> 9 then locs.ids[1 + (g * 7) % array_length(locs.ids, 1)] end,
       (70000 + g)::text, upper(left(s, 4)) || ' ' || lvl, s || ' ' || lvl, s,
       time '07:30' + ((g * 7) % 12) * interval '65 minutes',
       time '07:30' + ((g * 7) % 12) * interval '65 minutes' + case when g % 7 in (3, 4) then interval '75 minutes' else interval '50 minutes' end,
       ${semStart}, ${today} + 14,
       g % 7 not in (3, 4), g % 7 in (3, 4, 5, 6), g % 7 not in (3, 4), g % 7 in (3, 4, 5, 6), g % 7 not in (3, 4),
       70, case when g % 6 = 0 then 10 end, case when g % 6 = 0 then 20 end
     from (select g, (${arrayOf(SUBJECTS)})[1 + g % ${SUBJECTS.length}] s,
                  100 * (1 + (g / ${SUBJECTS.length}) % 4) + g / ${SUBJECTS.length * 4} lvl
           from generate_series(0, ${nCourses - 1}) g) x
     cross join (select array_agg(id order by id) ids from locations where school_id = ${sid}) locs`,
  );
  // one course in five 260-340 students, the rest 25-40; a course's students step 97 apart
  // through the school (97 and the school's size coprime: never the same student twice)
  const step = nStudents % 97 === 0 ? 89 : 97;
  await run(
    "enrolments",
    `insert into student_course (student_id, course_id, created_at)
     select st.ids[1 + (c.rn * 7919 + i * ${step}) % ${nStudents}], c.id, ${semStart} - 7
     from (select id, row_number() over (order by id) - 1 rn from courses where school_id = ${sid}) c
     cross join (select array_agg(id order by id) ids from students where school_id = ${sid}) st
     cross join lateral generate_series(0, case when c.rn % 5 = 0 then 259 + (c.rn * 37) % 81 else 24 + (c.rn * 13) % 16 end) i`,
  );
  await run(
    "teams",
    `insert into teams (school_id, name, tag, is_sport, visibility)
     select ${sid}, n, upper(left(regexp_replace(n, '[^A-Za-z]', '', 'g'), 3)), i <= 16, 'private'
     from unnest(${arrayOf(TEAMS)}) with ordinality as x(n, i)`,
  );
  // 15-60 members a team, one in eight students in a team
  await run(
    "team members",
    `insert into student_team (student_id, team_id)
     select s.id, tm.ids[1 + (s.rn / 8) % array_length(tm.ids, 1)]
     from (select id, row_number() over (order by id) rn from students where school_id = ${sid}) s
     cross join (select array_agg(id order by id) ids from teams where school_id = ${sid}) tm
     where s.rn % 8 = 0 and (s.rn / 8) % 40 < 15 + ((s.rn / 8) * 7) % 46`,
  );
  // each sports team away on 5 trips of 1-2 weekdays, 06:00-21:00 local
  await run(
    "travel",
    `insert into travel (team_id, start_date, end_date, notes, is_away, created_at)
     select tm.id, (d + time '06:00') at time zone ${TZ}, (d + (tm.id + k) % 2 + time '21:00') at time zone ${TZ},
       'Away game ' || k, true, now() - interval '120 days'
     from teams tm cross join generate_series(1, 5) k
     cross join lateral (select (${semStart} + 3 + ((tm.id * 11 + k * 23) % (${weeks * 7 - 10})))::date d0) a
     cross join lateral (select case extract(isodow from a.d0) when 6 then a.d0 + 2 when 7 then a.d0 + 1 else a.d0 end d) b
     where tm.school_id = ${sid} and tm.is_sport`,
  );
  await run(
    "travellers",
    `insert into student_travel (student_id, travel_id)
     select st.student_id, tr.id from travel tr join student_team st on st.team_id = tr.team_id
     join teams tm on tm.id = tr.team_id where tm.school_id = ${sid}`,
  );
  await run("scratch: travel days", "drop table if exists bench_report_travel_days");
  await run(
    "scratch: travel days",
    `create unlogged table bench_report_travel_days as
     select stv.student_id, g::date d, min(tr.start_date) start_date, max(tr.end_date) end_date
     from travel tr join student_travel stv on stv.travel_id = tr.id join teams tm on tm.id = tr.team_id
     cross join lateral generate_series((tr.start_date at time zone ${TZ})::date, (tr.end_date at time zone ${TZ})::date, interval '1 day') g
     where tm.school_id = ${sid} group by 1, 2`,
  );
  await run(
    "cancellations (1.5% of sessions)",
    `insert into cancellations (course_id, date, notes, created_at)
     select c.id, g::date, 'Instructor away', g::date - 3
     from courses c cross join lateral generate_series(c.semester_start, ${today} + 13, interval '1 day') g
     where c.school_id = ${sid} and ${meetsOn("c", "g")} and not ${closed("g::date")} and ${cancelledSql("c.id", "g::date")}`,
  );
  await run(
    "excuses (whole days, 1.5% of student-days)",
    `insert into excuses (school_id, student_id, date, notes, created_at)
     select ${sid}, s.id, g::date, 'Doctor''s note', g::date
     from students s cross join generate_series(${semStart}, ${today} - 1, interval '1 day') g
     where s.school_id = ${sid} and extract(isodow from g) < 6 and ${excusedSql("s.id", "g::date")}`,
  );

  // Attendance, 25 courses a statement so that progress shows
  const chunk = 25;
  const t0 = performance.now();
  for (let from = 0; from < nCourses; from += chunk) {
    await run(
      `attendance, courses ${from + 1}-${Math.min(from + chunk, nCourses)} of ${nCourses}`,
      `insert into attendance (attendable_id, attendable_type, school_id, student_id, location_id, status, enter, exit,
         percentage, confidence, finished, meets, created_at, updated_at)
       select c.id, 'course', ${sid}, sc.student_id, c.location_id, st.status, en.enter, en.exit,
         case when en.enter is null then 0 else greatest(0, least(100, round(100 * extract(epoch from
           least(en.exit, x.end_at) - greatest(en.enter, x.start_at)) / extract(epoch from x.end_at - x.start_at)))) end,
         case when st.status in (1, 2, 5) then 0.9 + (x.r % 10) / 100.0 when st.status = 3 then 0.85 end,
         true, x.d, x.start_at, x.end_at
       from (select * from courses where school_id = ${sid} order by id offset ${from} limit ${chunk}) c
       join student_course sc on sc.course_id = c.id
       cross join lateral generate_series(c.semester_start, ${today} - 1, interval '1 day') as g(day)
       cross join lateral (select g.day::date d,
         (g.day::date + c.start_time) at time zone ${TZ} start_at,
         (g.day::date + c.end_time) at time zone ${TZ} end_at,
         abs(hashtext(sc.student_id || ':' || c.id || ':' || g.day::date)) r,
         2 + (sc.student_id * 37) % 14 absent_pct) x
       left join bench_report_travel_days tv on tv.student_id = sc.student_id and tv.d = x.d
         and x.start_at < tv.end_date and x.end_at > tv.start_date
       cross join lateral (select case
         when ${cancelledSql("c.id", "x.d")} then 6
         when ${excusedSql("sc.student_id", "x.d")} then 4
         when tv.student_id is not null then 7
         when x.r % 100 < x.absent_pct then 3
         when x.r % 100 < x.absent_pct + 8 then 2
         when x.r % 100 < x.absent_pct + 11 then 5
         else 1 end status) st
       cross join lateral (select
         case st.status when 1 then x.start_at + ((x.r / 100) % 12 - 8) * interval '1 minute'
           when 5 then x.start_at + ((x.r / 100) % 12 - 8) * interval '1 minute'
           when 2 then x.start_at + (coalesce(c.late_time, 5) + 1 + (x.r / 100)
             % greatest(1, coalesce(c.absent_time, 15) - coalesce(c.late_time, 5) - 1)) * interval '1 minute' end enter,
         case st.status when 1 then x.end_at + ((x.r / 1200) % 8 - 5) * interval '1 minute'
           when 2 then x.end_at + ((x.r / 1200) % 8 - 5) * interval '1 minute'
           when 5 then x.start_at + (x.end_at - x.start_at) * (0.35 + ((x.r / 1200) % 30) / 100.0) end exit) en
       where ${meetsOn("c", "g.day")} and not ${closed("x.d")}
         and not (sc.student_id % 100 = 7 and x.d >= ${today} - 10)`,
    );
  }
  log(`  attendance of courses in all: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  await run("scratch dropped", "drop table bench_report_travel_days");

  // 150 events over the semester and the next weeks, 20-250 sign-ups, waitlists where full
  await run(
    "events",
    `insert into events (school_id, location_id, ern, title, date, start_time, end_time, capacity, visibility, required)
     select ${sid}, locs.ids[1 + (g * 11) % array_length(locs.ids, 1)], 'E' || (7000 + g),
       (${arrayOf(EVENTS)})[1 + g % ${EVENTS.length}] || ' ' || (1 + g / ${EVENTS.length}),
       ${semStart} + (g * 13) % ${weeks * 7 + 21}, time '12:00' + (g % 7) * interval '1 hour',
       time '13:00' + (g % 7) * interval '1 hour', case when g % 4 = 0 then 60 end,
       case when g % 3 = 0 then 'public' else 'private' end, g % 10 = 0
     from generate_series(0, 149) g
     cross join (select array_agg(id order by id) ids from locations where school_id = ${sid}) locs`,
  );
  await run(
    "event sign-ups",
    `insert into student_event (student_id, event_id, in_waitlist, created_at)
     select st.ids[1 + (e.rn * 4099 + i * ${step}) % ${nStudents}], e.id, e.capacity is not null and i >= e.capacity,
       e.date - 14
     from (select id, date, capacity, row_number() over (order by id) rn from events where school_id = ${sid}) e
     cross join (select array_agg(id order by id) ids from students where school_id = ${sid}) st
     cross join lateral generate_series(0, 19 + (e.rn * 53) % 231) i`,
  );
  await run(
    "event attendance",
    `insert into attendance (attendable_id, attendable_type, school_id, student_id, location_id, status, enter, exit,
       percentage, confidence, finished, meets, created_at, updated_at)
     select e.id, 'event', ${sid}, se.student_id, e.location_id, st.status,
       case when st.status in (1, 2, 5) then x.start_at + case st.status when 2 then interval '9 minutes' else interval '-3 minutes' end end,
       case when st.status in (1, 2, 5) then x.end_at - case st.status when 5 then interval '25 minutes' else interval '0 minutes' end end,
       case st.status when 1 then 100 when 2 then 85 when 5 then 58 else 0 end,
       case when st.status in (1, 2, 5) then 0.95 end, true, e.date, x.start_at, x.end_at
     from events e join student_event se on se.event_id = e.id and not se.in_waitlist
     cross join lateral (select (e.date + e.start_time) at time zone ${TZ} start_at, (e.date + e.end_time) at time zone ${TZ} end_at,
       abs(hashtext('ev:' || se.student_id || ':' || e.id)) % 100 r) x
     cross join lateral (select case when x.r < 17 then 3 when x.r < 25 then 2 when x.r < 30 then 5 else 1 end status) st
     where e.school_id = ${sid} and e.date < ${today} and not (se.student_id % 100 = 7 and e.date >= ${today} - 10)`,
  );
  await run(
    "finalised sessions",
    `insert into finalised_sessions (attendable_type, attendable_id, meets, school_id, students, created_at)
     select attendable_type, attendable_id, meets, ${sid}, count(*), max(updated_at)
     from attendance where school_id = ${sid} group by attendable_type, attendable_id, meets`,
  );

  // Pings: every 10 minutes from arrival to departure of each attended course session of the last
  // pingWeeks weeks, for students with a phone; at the course's building, its first beacon heard
  // when the phone allows bluetooth; received 2 s later
  await run(
    `pings (attended sessions of the last ${pingWeeks} weeks, every 10 minutes)`,
    `insert into pings (student_id, device_ping_id, recorded_at, latitude, longitude, accuracy, low_power, bluetooth,
       beacons, extra, location_id, created_at)
     select a.student_id, 'rb-' || a.id || '-' || k, a.enter + k * interval '10 minutes',
       l.latitude + ((a.id * 7 + k * 13) % 100 - 50) * 0.000004, l.longitude + ((a.id * 11 + k * 17) % 100 - 50) * 0.000005,
       5 + (a.id + k) % 25, (a.id + k) % 17 = 0, dv.bluetooth_permission,
       case when dv.bluetooth_permission and b.factory_id is not null
         then jsonb_build_array(jsonb_build_object('factory_id', b.factory_id, 'rssi', -50 - (a.id + k) % 40))
         else '[]'::jsonb end,
       '{"source":"bench"}'::jsonb, a.location_id, a.enter + k * interval '10 minutes' + interval '2 seconds'
     from attendance a
     join students s on s.id = a.student_id
     join devices dv on dv.id = s.device_id
     join locations l on l.id = a.location_id
     left join (select distinct on (location_id) location_id, factory_id from beacons
                where school_id = ${sid} and active order by location_id, id) b on b.location_id = a.location_id
     cross join lateral generate_series(0, floor(extract(epoch from a.exit - a.enter) / 600)::int) k
     where a.school_id = ${sid} and a.attendable_type = 'course' and a.meets >= ${today} - ${pingWeeks * 7}
       and a.status in (1, 2, 5) and dv.location_permission`,
  );
  await run(
    "last seen (the last ping; a few phones never seen)",
    `update students s set last_seen = p.last from (select student_id, max(recorded_at) last from pings p
       join students x on x.id = p.student_id where x.school_id = ${sid} group by student_id) p
     where s.id = p.student_id`,
  );
  await run(
    "semester and weekly APA",
    `update students s set semester_apa = a.sem, weekly_apa = a.wk
     from (select student_id,
       round(100.0 * count(*) filter (where status in (1, 2, 5)) / nullif(count(*) filter (where status in (1, 2, 3, 5)), 0), 1)::float8 sem,
       round(100.0 * count(*) filter (where status in (1, 2, 5) and meets >= ${today} - 7)
         / nullif(count(*) filter (where status in (1, 2, 3, 5) and meets >= ${today} - 7), 0), 1)::float8 wk
       from attendance where school_id = ${sid} group by student_id) a
     where s.id = a.student_id`,
  );

  // staff: an admin, an advisor (assigned-only) with 4 courses (one large), a team and an event,
  // a professor with 3 courses (one large)
  const password_hash = await hashPassword(REPORT_PASSWORD);
  const role = (name: string) => ROLES.find((r) => r.name === name)!.id;
  const users = await db
    .insert(t.users)
    .values(
      [
        ["school_admin", "Avery", "Admin"],
        ["academic_advisor", "Ari", "Advisor"],
        ["judge", "Pat", "Professor"],
      ].map(([r, first, last]) => ({
        school_id: sid,
        role_id: role(r!),
        first_name: first!,
        last_name: last!,
        email: reportEmail(r!),
        password_hash,
      })),
    )
    .returning();
  const advisor = users.find((u) => u.email === reportEmail("academic_advisor"))!;
  const professor = users.find((u) => u.email === reportEmail("judge"))!;
  await run(
    "assignments",
    `insert into user_course (user_id, course_id)
     select ${advisor.id}, id from (select id, row_number() over (order by id) - 1 rn from courses where school_id = ${sid}) c
       where rn in (0, 1, 2, 3)
     union all
     select ${professor.id}, id from (select id, row_number() over (order by id) - 1 rn from courses where school_id = ${sid}) c
       where rn in (5, 6, 7)`,
  );
  await run(
    "advisor's team",
    `insert into user_team (user_id, team_id) select ${advisor.id}, min(id) from teams where school_id = ${sid}`,
  );
  await run(
    "advisor's event",
    `insert into user_event (user_id, event_id) select ${advisor.id}, min(id) from events where school_id = ${sid}`,
  );

  for (const table of [
    "students",
    "devices",
    "courses",
    "teams",
    "events",
    "student_course",
    "student_team",
    "student_event",
    "attendance",
    "pings",
    "cancellations",
    "excuses",
    "travel",
    "student_travel",
    "locations",
    "beacons",
    "finalised_sessions",
  ])
    await run(`vacuum analyze ${table}`, `vacuum analyze ${table}`);

  const [summary] = (
    (await db.execute(
      sql.raw(`select
        (select count(*) from attendance where school_id = ${sid}) attendance,
        (select count(*) from pings p join students s on s.id = p.student_id where s.school_id = ${sid}) pings,
        (select string_agg(status || ':' || n, ' ' order by status) from (select status, count(*) n from attendance
          where school_id = ${sid} group by status) x) statuses,
        pg_size_pretty(pg_database_size(current_database())) size`),
    )) as unknown as { rows: Record<string, unknown>[] }
  ).rows;
  log(
    `${REPORT_SCHOOL} seeded in ${((performance.now() - started) / 1000).toFixed(0)} s: ${summary?.attendance} attendance rows ` +
      `(by status ${summary?.statuses}), ${summary?.pings} pings, database ${summary?.size}`,
  );
  return { schoolId: sid, reused: false, seconds: (performance.now() - started) / 1000 };
}
