import { addDays, localDate, STATUS, zonedToUtc } from "@rollbook/domain";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { attendance, beacons, studentCourse, userCourse, users } from "../db/schema/index.ts";
import { finaliseDue } from "../engine/finalise/run.ts";
import {
  floorMinute,
  MIN,
  makeCourse,
  makeLocation,
  makeStudent,
  phone,
  ping,
  schoolsOf,
  sentLive,
  series,
} from "../engine/test-fixtures.ts";
import { addBeacon, addLocation, addPings } from "./report-fixtures.ts";

const DAY = 24 * 60 * MIN;
const STATUS_REPORT = `query($s: String!, $e: String!, $classes: [Int!], $loc: Int) {
  statusReport(start_date: $s, end_date: $e, classes: $classes, location_id: $loc) { total by_status { status count } } }`;
const OVERRIDE = `mutation($id: Int!, $status: Int!) { updateAttendance(id: $id, status: $status) { id status } }`;

/**
 * The summaries the reports read (decision 0821), kept by the database: attendance_session_counts
 * by triggers on attendance, beacons.last_seen_at and presence_daily by a trigger on pings. Each
 * must equal what it summarises after every kind of write.
 */
describe.each(ONE_DATABASE)("report summaries on %s", (kind) => {
  let srv: TestServer;
  let school: { id: number; timezone: string };
  let other: { id: number; timezone: string };

  beforeAll(async () => {
    srv = await startServer(kind);
    ({ demo: school, other } = await schoolsOf(srv.services.db));
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const rows = async (q: SQL) => (await db().execute(q)) as unknown as { rows: Record<string, unknown>[] };
  /** rows as plain text, so both drivers' numbers and dates compare equal */
  const plain = async (q: SQL) => (await rows(q)).rows.map((r) => Object.values(r).map(String).join(" "));

  /** Every session's counts, from the summary and from the rows themselves. */
  async function countsAgree() {
    const summary =
      await plain(sql`select school_id, meets::text, attendable_type, attendable_id, location_id, status, n
      from attendance_session_counts where n <> 0 order by 1, 2, 3, 4, 5, 6`);
    const direct = await plain(sql`select school_id, meets::text, attendable_type, attendable_id,
        coalesce(location_id, 0), status, count(*)::int
      from attendance group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`);
    expect(summary.length).toBeGreaterThan(0);
    expect(summary).toEqual(direct);
  }

  const token = async (role: string) => (await srv.login(role)).access_token as string;

  it("is filled from the stored attendance, and follows inserts, updates and deletes of any writer", async () => {
    // the demo school's attendance was there before the migration's backfill... or the triggers
    await countsAgree();
    const place = await makeLocation(db(), school.id);
    const [a, b, c] = [
      await makeStudent(db(), school.id),
      await makeStudent(db(), school.id),
      await makeStudent(db(), school.id),
    ];
    const row = (student_id: number, meets: string, status: number, location_id: number | null = place.id) => ({
      attendable_type: "course" as const,
      attendable_id: 990_001,
      school_id: school.id,
      student_id,
      location_id,
      status,
      meets,
    });
    // bulk: one statement, several rows of one session and another
    const made = await db()
      .insert(attendance)
      .values([
        row(a.id, "2025-01-06", STATUS.present),
        row(b.id, "2025-01-06", STATUS.present),
        row(c.id, "2025-01-06", STATUS.absent),
        row(a.id, "2025-01-07", STATUS.late, null),
      ])
      .returning();
    await countsAgree();
    const key = sql`school_id = ${school.id} and attendable_id = 990001 and meets = '2025-01-06' and status = ${STATUS.present}`;
    const version = async () => (await plain(sql`select xmin::text, n from attendance_session_counts where ${key}`))[0];
    const before = await version();
    expect(before).toMatch(/ 2$/);
    // an update that changes no key (as most engine writes) leaves the summary's row untouched
    await db()
      .update(attendance)
      .set({ percentage: 55, enter: new Date(), engine_state: { v: 1 } })
      .where(eq(attendance.id, made[0]!.id));
    expect(await version()).toBe(before);
    // status, place, date and session changes move the row between counts
    await db().update(attendance).set({ status: STATUS.late }).where(eq(attendance.id, made[0]!.id));
    await countsAgree();
    await db().update(attendance).set({ location_id: null }).where(eq(attendance.id, made[1]!.id));
    await db().update(attendance).set({ meets: "2025-01-08" }).where(eq(attendance.id, made[2]!.id));
    await db()
      .update(attendance)
      .set({ attendable_type: "event", attendable_id: 990_002 })
      .where(eq(attendance.id, made[3]!.id));
    await countsAgree();
    // several rows in one statement
    await db()
      .update(attendance)
      .set({ status: STATUS.excused })
      .where(and(eq(attendance.school_id, school.id), sql`${attendance.attendable_id} in (990001, 990002)`));
    await countsAgree();
    // deletes: one row, then a removed student's rows by the cascade
    await db().delete(attendance).where(eq(attendance.id, made[1]!.id));
    await countsAgree();
    await db().execute(sql`delete from students where id = ${a.id}`);
    await countsAgree();
  });

  it("follows the engine (device API), a staff override and the finaliser", async () => {
    const start = floorMinute(new Date(Date.now() - 90 * MIN));
    const made = await makeCourse(db(), school, start, 60, { created_at: new Date(start.getTime() - MIN) });
    const at = (m: number) => new Date(start.getTime() + m * MIN);
    const enrol = async () => {
      const st = await makeStudent(db(), school.id, { courses: [made.course.id] });
      await db()
        .update(studentCourse)
        .set({ created_at: new Date(start.getTime() - DAY) })
        .where(eq(studentCourse.student_id, st.id));
      return st;
    };
    const [onTime, late, never] = [await enrol(), await enrol(), await enrol()];
    expect((await sentLive(db(), srv.url, onTime, series(at(-3), at(60), made.place))).status).toBe(200);
    expect((await sentLive(db(), srv.url, late, series(at(9), at(60), made.place))).status).toBe(200);
    await countsAgree();

    const [lateRow] = await db()
      .select()
      .from(attendance)
      .where(and(eq(attendance.student_id, late.id), eq(attendance.attendable_id, made.course.id)));
    const res = await srv.gql(await token("school_admin"), OVERRIDE, { id: lateRow!.id, status: STATUS.excused });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    await countsAgree();

    // the finaliser gives the one who never came a final status and finishes the others
    const summary = await finaliseDue(srv.services);
    expect(summary.failed).toBe(0);
    await countsAgree();
    const session = await plain(sql`select status, n from attendance_session_counts
      where attendable_type = 'course' and attendable_id = ${made.course.id} and n <> 0 order by status`);
    expect(session).toEqual([`${STATUS.present} 1`, `${STATUS.absent} 1`, `${STATUS.excused} 1`]);
    expect(never.id).toBeGreaterThan(0);
  });

  it("gives an admin the Status counts from the summary, an assigned-only viewer from the rows", async () => {
    const start = floorMinute(new Date(Date.now() - 30 * DAY));
    const made = await makeCourse(db(), school, start, 60);
    const st = await makeStudent(db(), school.id, { courses: [made.course.id] });
    await db().insert(attendance).values({
      attendable_type: "course",
      attendable_id: made.course.id,
      school_id: school.id,
      student_id: st.id,
      location_id: made.place.id,
      status: STATUS.late,
      meets: made.meets,
    });
    const [judge] = await db().select().from(users).where(sql`${users.email} like 'judge@%'`);
    await db().insert(userCourse).values({ user_id: judge!.id, course_id: made.course.id });
    const vars = { s: made.meets, e: made.meets, classes: [made.course.id] };
    const report = async (role: string) => {
      const r = await srv.gql(await token(role), STATUS_REPORT, vars);
      expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
      return r.body.data.statusReport as { total: number; by_status: { status: number; count: number }[] };
    };
    const one = { total: 1, by_status: [{ status: STATUS.late, count: 1 }] };
    expect(await report("school_admin")).toEqual(one);
    expect(await report("judge")).toEqual(one);
    // a location: the summary keeps the attendance's location in its key
    const at = async (loc: number) =>
      (await srv.gql(await token("school_admin"), STATUS_REPORT, { ...vars, loc })).body.data.statusReport.total;
    expect(await at(made.place.id)).toBe(1);
    expect(await at(made.place.id + 100_000)).toBe(0);
    // the summary is what the admin reads: a count put there by hand shows, for the admin only
    const key = sql`attendable_type = 'course' and attendable_id = ${made.course.id} and status = ${STATUS.late}`;
    await db().execute(sql`update attendance_session_counts set n = n + 2 where ${key}`);
    try {
      expect(await report("school_admin")).toEqual({ total: 3, by_status: [{ status: STATUS.late, count: 3 }] });
      expect(await report("judge")).toEqual(one);
    } finally {
      await db().execute(sql`update attendance_session_counts set n = n - 2 where ${key}`);
    }
    // and the whole school over the semester agrees with a count of the rows
    const semester = { s: "2025-01-01", e: made.meets };
    const all = await srv.gql(await token("school_admin"), STATUS_REPORT, semester);
    const direct = await plain(sql`select status, count(*)::int from attendance
      where school_id = ${school.id} and meets between ${semester.s} and ${semester.e}
        and student_id in (select id from students where school_id = ${school.id})
      group by status having count(*) > 0 order by status`);
    const got = (all.body.data.statusReport as { by_status: { status: number; count: number }[] }).by_status;
    expect(got.map((x) => `${x.status} ${x.count}`)).toEqual(direct);
  });

  it("keeps a beacon's last sighting from pings sent through the device API, at most once a minute", async () => {
    const place = await makeLocation(db(), school.id);
    const st = await makeStudent(db(), school.id);
    const foreigner = await makeStudent(db(), other.id);
    const seen = async () => {
      const [b] = await db().select().from(beacons).where(eq(beacons.factory_id, place.beacon.toUpperCase()));
      return b!.last_seen_at?.getTime() ?? null;
    };
    expect(await seen()).toBeNull();
    const t0 = Math.floor((Date.now() - 10 * MIN) / 1000) * 1000;
    const send = async (who: { token: string }, at: number) => {
      const r = await phone(srv.url, who.token).pings([ping(new Date(at), place, "beacon")]);
      expect(r.status).toBe(200);
    };
    await send(st, t0);
    expect(await seen()).toBe(t0);
    // 30 s later: within the minute, not written
    await send(st, t0 + 30_000);
    expect(await seen()).toBe(t0);
    // 2 minutes later: written; an older sighting never moves it back
    await send(st, t0 + 2 * MIN);
    expect(await seen()).toBe(t0 + 2 * MIN);
    await send(st, t0 - 5 * MIN);
    expect(await seen()).toBe(t0 + 2 * MIN);
    // another school's student reporting it is not its school's sighting
    await send(foreigner, t0 + 5 * MIN);
    expect(await seen()).toBe(t0 + 2 * MIN);
    // pings in bulk (a batch, a seed) keep it too: the newest of the statement
    const later = await addBeacon(db(), school.id, place.id);
    await addPings(db(), st.id, null, [new Date(t0), new Date(t0 + 3 * MIN), new Date(t0 + MIN)], [later.factory_id]);
    const [b] = await db().select().from(beacons).where(eq(beacons.id, later.id));
    expect(b!.last_seen_at?.getTime()).toBe(t0 + 3 * MIN);
  });

  it("keeps presence_daily equal to the placed pings grouped by student, place and school day", async () => {
    const start = floorMinute(new Date(Date.now() - 20 * MIN));
    const made = await makeCourse(db(), school, start, 60);
    const st = await makeStudent(db(), school.id, { courses: [made.course.id] });
    const roamer = await makeStudent(db(), school.id);
    const dev = phone(srv.url, st.token);
    // in class now: the engine places these at the course's location; one away: placed nowhere
    const inClass = [
      ping(new Date(Date.now() - 3 * MIN), made.place),
      ping(new Date(Date.now() - 2 * MIN), made.place),
    ];
    expect((await dev.pings(inClass)).status).toBe(200);
    expect((await dev.pings([ping(new Date(Date.now() - MIN), made.place, "away")])).status).toBe(200);
    // no session: placed by the school's beacon it heard
    const rp = phone(srv.url, roamer.token);
    expect((await rp.pings([ping(new Date(Date.now() - 4 * MIN), made.place, "beacon")])).status).toBe(200);
    // stored pings of other days, in bulk: either side of a midnight of the school's calendar
    const hall = await addLocation(db(), school.id);
    const door = await addBeacon(db(), school.id, hall.id);
    const midnight = zonedToUtc(addDays(localDate(new Date(), school.timezone), -3), 0, school.timezone).getTime();
    const days = [midnight - 2 * MIN, midnight + MIN, midnight + 3 * MIN];
    await addPings(
      db(),
      roamer.id,
      null,
      days.map((t) => new Date(t)),
      [door.factory_id],
    );
    await addPings(db(), roamer.id, hall.id, [new Date(Date.now() - 2 * DAY)]);
    const ids = sql`(${st.id}, ${roamer.id})`;
    const daily = await plain(sql`select day::text, student_id, location_id,
        extract(epoch from first_seen)::bigint, extract(epoch from last_seen)::bigint, pings
      from presence_daily where student_id in ${ids} order by 1, 2, 3`);
    const direct =
      await plain(sql`select (q.recorded_at at time zone ${school.timezone})::date::text, q.student_id, q.loc,
        extract(epoch from min(q.recorded_at))::bigint, extract(epoch from max(q.recorded_at))::bigint, count(*)::int
      from (select p.student_id, p.recorded_at, coalesce(p.location_id, (
          select b.location_id from jsonb_array_elements(coalesce(p.beacons, '[]'::jsonb)) with ordinality s(v, n)
          join beacons b on b.factory_id = s.v->>'factory_id' and b.school_id = ${school.id}
          where b.location_id is not null order by (s.v->>'rssi')::float8 desc nulls last, s.n limit 1)) as loc
        from pings p where p.student_id in ${ids}) q
      where q.loc is not null group by 1, 2, 3 order by 1, 2, 3`);
    expect(direct.length).toBeGreaterThanOrEqual(3);
    expect(daily).toEqual(direct);
    // the engine placed the class's pings: they are there, counted once each
    expect(daily.some((r) => r.includes(` ${st.id} ${made.place.id} `) && r.endsWith(" 2"))).toBe(true);
  });
});
