/**
 * Writes a bench school day (sim/school-day.ts) into a database before the server starts: the
 * school, its buildings and beacons, courses, students and enrolments, a school admin for the
 * staff push socket, and, with `history`, what the phones sent since before the first bell
 * (the pings table, each ping received a few seconds after it was recorded, an offline phone's
 * when it came back) with the attendance rows the engine and the finaliser would have written by
 * now (final for ended sessions, which are marked finalised; live for those in progress).
 * `keepPings: false` then deletes those pings again, keeping the rows and their running states:
 * the same afternoon without its history in the pings table (ingest-day.ts's control moment).
 */
import { addDays, localDate } from "@rollbook/domain";
import { sql } from "drizzle-orm";
import { hashPassword } from "../../../apps/server/src/auth/passwords.ts";
import type { Db } from "../../../apps/server/src/db/client.ts";
import * as t from "../../../apps/server/src/db/schema/index.ts";
import { recomputeWith } from "../../../apps/server/src/engine/apply.ts";
import { inWindow, sessionsNear } from "../../../apps/server/src/engine/sessions-for-student.ts";
import { studentById } from "../../../apps/server/src/engine/student-context.ts";
import type { Services } from "../../../apps/server/src/services.ts";
import { unit } from "../sim/behaviour.ts";
import {
  attendanceOf,
  BEFORE_BELL_MIN,
  type DayStudent,
  historyOf,
  SCHOOL_LEAVE_MIN,
  type SchoolDay,
  type StudentVisit,
  visitsOf,
} from "../sim/school-day.ts";

const MIN = 60_000;

export interface SeededPhone {
  id: number;
  token: string;
  student: DayStudent;
  visits: StudentVisit[];
}

export interface SeededDay {
  day: SchoolDay;
  schoolId: number;
  adminEmail: string;
  phones: SeededPhone[];
  historyPings: number;
  /** false: the history's pings were deleted after the running states were computed from them */
  pingsKept: boolean;
  attendanceRows: number;
  finalisedSessions: number;
}

const token = (tag: string, i: number, k: number, alphabet: string, len: number) =>
  Array.from({ length: len }, (_, j) => alphabet[Math.floor(unit(i, j, k, tag.charCodeAt(0)) * alphabet.length)]).join(
    "",
  );

async function chunked<T>(rows: T[], size: number, write: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

export async function seedDay(
  db: Db,
  day: SchoolDay,
  o: { password: string; history: boolean; keepPings?: boolean },
): Promise<SeededDay> {
  const [school] = await db
    .insert(t.schools)
    .values({
      name: `Bench ${day.tag} School`,
      email: `office@${day.tag}.bench.rollbook.test`,
      timezone: day.timezone,
      late_time: 5,
      absent_time: 15,
      leave_time: SCHOOL_LEAVE_MIN,
    })
    .returning();
  if (!school) throw new Error("bench school not created");
  const locs = await db
    .insert(t.locations)
    .values(
      day.buildings.map((b) => ({
        school_id: school.id,
        name: b.name,
        latitude: b.latitude,
        longitude: b.longitude,
        radius: b.radius,
      })),
    )
    .returning();
  await db.insert(t.beacons).values(
    day.buildings.flatMap((b, i) =>
      b.beaconIds.map((factory_id) => ({
        school_id: school.id,
        name: factory_id,
        factory_id,
        location_id: locs[i]?.id,
        battery: 90,
        active: true,
      })),
    ),
  );
  // created this morning, before the first bell: the finaliser has no earlier day to catch up
  const created = new Date(day.firstBell.getTime() - 60 * MIN);
  const courseRows = await db
    .insert(t.courses)
    .values(
      day.courses.map((c) => ({
        school_id: school.id,
        location_id: locs[c.building]?.id,
        crn: `${day.tag}${c.index}`,
        course_number: `BEN ${100 + c.index}`,
        title: c.title,
        start_time: c.start_time,
        end_time: c.end_time,
        semester_start: addDays(day.date, -30),
        semester_end: c.dropIn ? null : addDays(day.date, 30),
        is_indefinite: c.dropIn,
        meet_sun: true,
        meet_mon: true,
        meet_tue: true,
        meet_wed: true,
        meet_thu: true,
        meet_fri: true,
        meet_sat: true,
        late_time: c.late_time,
        absent_time: c.absent_time,
        min_percentage: c.min_percentage,
        created_at: created,
      })),
    )
    .returning({ id: t.courses.id });
  const courseId = (i: number) => courseRows[i]?.id as number;

  const studentRows: { id: number; token: string }[] = [];
  await chunked(day.students, 1000, async (part) => {
    studentRows.push(
      ...(await db
        .insert(t.students)
        .values(
          part.map((s) => ({
            school_id: school.id,
            first_name: "Bench",
            last_name: `${day.tag}-${s.index}`,
            school_identifier: `${day.tag}${s.index}`,
            token: `${day.tag}${s.index}${token(day.tag, s.index, 1, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789", 12)}`,
            offline_code: token(day.tag, s.index, 2, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 32),
          })),
        )
        .returning({ id: t.students.id, token: t.students.token })),
    );
  });
  const enrol = day.students.flatMap((s, i) =>
    s.courses.map((c) => ({ student_id: studentRows[i]?.id as number, course_id: courseId(c) })),
  );
  await chunked(enrol, 5000, (part) => db.insert(t.studentCourse).values(part));
  const adminEmail = `school_admin@${day.tag}.bench.rollbook.test`;
  await db.insert(t.users).values({
    school_id: school.id,
    role_id: 3,
    first_name: "Bench",
    last_name: `${day.tag} Admin`,
    email: adminEmail,
    password_hash: await hashPassword(o.password),
  });

  const phones: SeededPhone[] = day.students.map((student, i) => ({
    id: studentRows[i]?.id as number,
    token: studentRows[i]?.token as string,
    student,
    visits: visitsOf(day, student),
  }));
  let historyPings = 0;
  let attendanceRows = 0;
  let finalisedSessions = 0;
  if (o.history) {
    const from = new Date(day.firstBell.getTime() - BEFORE_BELL_MIN * MIN);
    const now = new Date();
    const finalCount = new Map<number, number>();
    let pingRows: Record<string, unknown>[] = [];
    let rows: (typeof t.attendance.$inferInsert)[] = [];
    const flush = async (all: boolean) => {
      if (pingRows.length >= 20_000 || (all && pingRows.length)) {
        // one JSON parameter a statement, as the engine's own ingest does: far fewer bind values
        await chunked(pingRows, 5000, (part) =>
          db.execute(sql`
            insert into pings (student_id, device_ping_id, recorded_at, latitude, longitude, accuracy, low_power,
              bluetooth, beacons, extra, location_id, created_at)
            select r.student_id, r.device_ping_id, r.recorded_at, r.latitude, r.longitude, r.accuracy, r.low_power,
              r.bluetooth, r.beacons, r.extra, r.location_id, r.created_at
            from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as r(student_id int, device_ping_id text,
              recorded_at timestamptz, latitude float8, longitude float8, accuracy float8, low_power boolean,
              bluetooth boolean, beacons jsonb, extra jsonb, location_id int, created_at timestamptz)`),
        );
        historyPings += pingRows.length;
        pingRows = [];
      }
      if (rows.length >= 2000 || (all && rows.length)) {
        await chunked(rows, 1000, (part) => db.insert(t.attendance).values(part));
        attendanceRows += rows.length;
        rows = [];
      }
    };
    for (const p of phones) {
      const sent = historyOf(day, p.student, p.visits, from, now);
      const locationOf = (lat: number, lon: number) =>
        p.visits.find(
          (v) =>
            v.place.fence &&
            Math.abs(v.place.fence.latitude - lat) < 0.001 &&
            Math.abs(v.place.fence.longitude - lon) < 0.001,
        );
      for (const { ping, received } of sent) {
        const at = locationOf(ping.latitude, ping.longitude);
        pingRows.push({
          student_id: p.id,
          device_ping_id: ping.id,
          recorded_at: ping.recorded_at,
          latitude: ping.latitude,
          longitude: ping.longitude,
          accuracy: ping.accuracy,
          low_power: ping.low_power,
          bluetooth: ping.bluetooth,
          beacons: ping.beacons,
          extra: ping.extra,
          location_id: at ? (locs[day.courses[at.course]?.building ?? 0]?.id ?? null) : null,
          created_at: received.toISOString(),
        });
      }
      for (const a of attendanceOf(day, p.visits, sent, now)) {
        const c = day.courses[a.course];
        if (!c) continue;
        if (a.finished) finalCount.set(a.course, (finalCount.get(a.course) ?? 0) + 1);
        rows.push({
          attendable_id: courseId(a.course),
          attendable_type: "course",
          school_id: school.id,
          student_id: p.id,
          location_id: locs[c.building]?.id,
          status: a.status,
          enter: a.enter,
          exit: a.exit,
          percentage: a.percentage,
          finished: a.finished,
          meets: day.date,
          created_at: a.enter ?? c.end,
          updated_at: a.finished ? c.end : now,
        });
      }
      await flush(false);
    }
    await flush(true);
    // the finaliser did the ended sessions as they ended
    const ended = [...finalCount.entries()].map(([course, students]) => ({
      attendable_type: "course" as const,
      attendable_id: courseId(course),
      meets: day.date,
      school_id: school.id,
      students,
      created_at: day.courses[course]?.end,
    }));
    if (ended.length) await chunked(ended, 1000, (part) => db.insert(t.finalisedSessions).values(part));
    finalisedSessions = ended.length;
    await runningStates(db, phones, now);
    if (o.keepPings === false)
      await db.execute(
        sql`delete from pings where student_id in (select id from students where school_id = ${school.id})`,
      );
  }
  const pingsKept = o.keepPings !== false;
  return { day, schoolId: school.id, adminEmail, phones, historyPings, pingsKept, attendanceRows, finalisedSessions };
}

/**
 * The engine keeps a running state on each open attendance as the pings come in (decision 0560).
 * Rows seeded without one would make each phone's first live ping of the run recompute from its
 * whole day, which a real day never does: the engine's own recompute writes it here, as if the
 * day's last stored ping had just arrived.
 */
async function runningStates(db: Db, phones: readonly SeededPhone[], now: Date) {
  // the schedule cache wants the app's services; a bare bus without subscribers serves
  const services = { bus: {} } as unknown as Services;
  for (const p of phones) {
    const ctx = await studentById(db, p.id);
    if (!ctx) continue;
    for (const x of await sessionsNear(services, db, ctx, localDate(now, ctx.timezone))) {
      if (x.cancelled !== null || x.manual || !inWindow(x, now)) continue;
      await recomputeWith(db, p.id, x, x.location, { now });
    }
  }
}
