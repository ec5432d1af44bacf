import { and, eq, gte, inArray, isNull, lte, notExists, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  pings,
  studentCourse,
  studentEvent,
  students,
  studentTeam,
  studentTravel,
  travel,
} from "../../db/schema/index.ts";
import { excusesBetween } from "../excuses-between.ts";
import type { StoredPing } from "../presence.ts";
import { earlyStart } from "../sessions-for-student.ts";
import type { DueSession } from "./due.ts";

/**
 * The students a session concerns: enrolled (not waitlisted) before it ended and not removed.
 * Someone enrolled afterwards cannot have missed it.
 */
export async function enrolledStudents(db: Db, session: DueSession): Promise<number[]> {
  const live = and(eq(students.school_id, session.school_id), isNull(students.deleted_at));
  if (session.attendable_type === "course") {
    const rows = await db
      .select({ id: studentCourse.student_id })
      .from(studentCourse)
      .innerJoin(students, eq(students.id, studentCourse.student_id))
      .where(and(eq(studentCourse.course_id, session.attendable_id), lte(studentCourse.created_at, session.end), live));
    return rows.map((r) => r.id);
  }
  const rows = await db
    .select({ id: studentEvent.student_id })
    .from(studentEvent)
    .innerJoin(students, eq(students.id, studentEvent.student_id))
    .where(
      and(
        eq(studentEvent.event_id, session.attendable_id),
        eq(studentEvent.in_waitlist, false),
        lte(studentEvent.created_at, session.end),
        live,
      ),
    );
  return rows.map((r) => r.id);
}

/** Every stored presence of these students in the session's window (pings, scans, offline codes). */
export async function pingsInWindow(db: Db, ids: number[], session: DueSession): Promise<Map<number, StoredPing[]>> {
  const out = new Map<number, StoredPing[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      student_id: pings.student_id,
      device_ping_id: pings.device_ping_id,
      recorded_at: pings.recorded_at,
      received_at: pings.created_at,
      latitude: pings.latitude,
      longitude: pings.longitude,
      accuracy: pings.accuracy,
      low_power: pings.low_power,
      bluetooth: pings.bluetooth,
      beacons: pings.beacons,
      extra: pings.extra,
    })
    .from(pings)
    .where(
      and(
        inArray(pings.student_id, ids),
        gte(pings.recorded_at, earlyStart(session)),
        lte(pings.recorded_at, session.end),
      ),
    );
  for (const { student_id, ...p } of rows) out.set(student_id, [...(out.get(student_id) ?? []), p]);
  return out;
}

/** The excuses of these students on the session's date. */
export function excusesOn(db: Db, ids: number[], session: DueSession) {
  return excusesBetween(db, ids, session.meets, session.meets);
}

/**
 * Away travel overlapping the session of each student: travel the student is listed on, or, for a
 * travel that lists nobody, travel of a team the student is on. A travel that names its
 * travelling students covers only them: a team-mate who stayed home is judged by presence
 * (decision 0700, Teams).
 */
export async function travelDuring(db: Db, ids: number[], session: DueSession) {
  if (ids.length === 0) return [];
  const overlaps = and(lte(travel.start_date, session.end), gte(travel.end_date, session.start));
  const cols = { start_date: travel.start_date, end_date: travel.end_date, is_away: travel.is_away };
  const byTeam = await db
    .select({ student_id: studentTeam.student_id, ...cols })
    .from(travel)
    .innerJoin(studentTeam, eq(studentTeam.team_id, travel.team_id))
    .where(
      and(
        overlaps,
        inArray(studentTeam.student_id, ids),
        notExists(db.select({ one: sql`1` }).from(studentTravel).where(eq(studentTravel.travel_id, travel.id))),
      ),
    );
  const listed = await db
    .select({ student_id: studentTravel.student_id, ...cols })
    .from(travel)
    .innerJoin(studentTravel, eq(studentTravel.travel_id, travel.id))
    .where(and(overlaps, inArray(studentTravel.student_id, ids)));
  return [...byTeam, ...listed];
}
