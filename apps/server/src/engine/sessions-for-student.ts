import {
  addDays,
  EARLY_WINDOW_MIN,
  localDate,
  type PlaceSignals,
  type Rules,
  resolveRules,
  type SessionCancelReason,
} from "@rollbook/domain";
import { and, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { beacons, courses, events, locations, studentCourse, studentEvent } from "../db/schema/index.ts";
import type { Services } from "../services.ts";
import { courseSessionsBetween, coversBetween, eventSessionOf } from "./calendar.ts";
import { engineState, type StudentContext } from "./state.ts";
import { studentById } from "./student-context.ts";

export interface ActiveSession {
  attendable_type: "course" | "event";
  attendable_id: number;
  meets: string;
  start: Date;
  end: Date;
  location_id: number | null;
  manual: boolean;
  rules: Rules;
  school_id: number;
}

export interface SessionPlace {
  id: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
  radius: number;
  /** factory_ids, upper-case */
  beacons: string[];
}

/** A session as the schedule shows it: with its title, place and whether it is called off. */
export interface DaySession extends ActiveSession {
  uuid: string;
  title: string;
  start_time: string;
  end_time: string;
  cancelled: SessionCancelReason;
  location: SessionPlace | null;
}

export const earlyStart = (session: { start: Date }) => new Date(session.start.getTime() - EARLY_WINDOW_MIN * 60_000);

export function placeSignals(place: SessionPlace | null): PlaceSignals {
  if (!place) return { fence: null, beaconIds: [] };
  const fence =
    place.latitude !== null && place.longitude !== null
      ? { latitude: place.latitude, longitude: place.longitude, radius: place.radius }
      : null;
  return { fence, beaconIds: place.beacons };
}

/**
 * The student's sessions on the school-local dates date-1..date+1 (so that a session running past
 * midnight, or starting just after it, is found from either side), cancelled ones included.
 * Five small queries, cached per student and date for SCHEDULE_TTL_MS.
 */
export async function sessionsNear(s: Services, db: Db, student: StudentContext, date: string): Promise<DaySession[]> {
  const st = engineState(s);
  const key = `${student.id}:${date}`;
  const cached = st.days.get(key);
  if (cached) return cached;
  const sessions = await loadSessions(db, student, addDays(date, -1), addDays(date, 1));
  st.days.set(key, sessions);
  return sessions;
}

async function loadSessions(db: Db, student: StudentContext, from: string, to: string): Promise<DaySession[]> {
  const tz = student.timezone;
  const courseRows = await db
    .select({ course: courses })
    .from(studentCourse)
    .innerJoin(courses, eq(courses.id, studentCourse.course_id))
    .where(
      and(
        eq(studentCourse.student_id, student.id),
        eq(courses.school_id, student.school_id),
        isNull(courses.deleted_at),
        eq(courses.is_archived, false),
      ),
    );
  const eventRows = await db
    .select({ event: events })
    .from(studentEvent)
    .innerJoin(events, eq(events.id, studentEvent.event_id))
    .where(
      and(
        eq(studentEvent.student_id, student.id),
        eq(studentEvent.in_waitlist, false),
        eq(events.school_id, student.school_id),
        isNull(events.deleted_at),
        gte(events.date, from),
        lte(events.date, to),
      ),
    );
  const covers = await coversBetween(
    db,
    student.school_id,
    courseRows.map((r) => r.course.id),
    from,
    to,
  );
  const out: Omit<DaySession, "location">[] = [];
  for (const { course } of courseRows) {
    for (const session of courseSessionsBetween(course, from, to, tz, covers)) {
      out.push({
        attendable_type: "course",
        attendable_id: course.id,
        uuid: course.uuid,
        title: course.title,
        ...session,
        start_time: course.start_time,
        end_time: course.end_time,
        location_id: course.location_id,
        manual: course.manual_attendance,
        rules: resolveRules(student.school, course),
        school_id: course.school_id,
      });
    }
  }
  for (const { event } of eventRows) {
    out.push({
      attendable_type: "event",
      attendable_id: event.id,
      uuid: event.uuid,
      title: event.title,
      ...eventSessionOf(event, tz, covers),
      start_time: event.start_time,
      end_time: event.end_time,
      location_id: event.location_id,
      manual: false,
      rules: resolveRules(student.school, event),
      school_id: event.school_id,
    });
  }
  const places = await loadPlaces(db, [...new Set(out.map((o) => o.location_id).filter((id) => id !== null))]);
  return out
    .map((o) => ({ ...o, location: o.location_id === null ? null : (places.get(o.location_id) ?? null) }))
    .sort((a, b) => a.start.getTime() - b.start.getTime() || a.title.localeCompare(b.title));
}

/** Locations with their beacons' factory_ids. */
export async function loadPlaces(db: Db, ids: number[]): Promise<Map<number, SessionPlace>> {
  const out = new Map<number, SessionPlace>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ location: locations, factory_id: beacons.factory_id })
    .from(locations)
    .leftJoin(beacons, eq(beacons.location_id, locations.id))
    .where(and(inArray(locations.id, ids), isNull(locations.deleted_at)));
  for (const { location: l, factory_id } of rows) {
    let place = out.get(l.id);
    if (!place) {
      place = { id: l.id, name: l.name, latitude: l.latitude, longitude: l.longitude, radius: l.radius, beacons: [] };
      out.set(l.id, place);
    }
    if (factory_id) place.beacons.push(factory_id.toUpperCase());
  }
  return out;
}

/** Whether `at` falls in the session's window: from the early-arrival allowance before start to its end. */
export const inWindow = (session: { start: Date; end: Date }, at: Date) =>
  earlyStart(session).getTime() <= at.getTime() && at.getTime() <= session.end.getTime();

/** The sessions that take place (not cancelled, no closure) and whose window contains `at`. */
export async function activeSessionsAt(s: Services, db: Db, student: StudentContext, at: Date): Promise<DaySession[]> {
  const near = await sessionsNear(s, db, student, localDate(at, student.timezone));
  return near.filter((x) => x.cancelled === null && inWindow(x, at));
}

/** Sessions whose [start - EARLY_WINDOW_MIN, end] contains `at`, not cancelled or closed. */
export async function sessionsAround(s: Services, studentId: number, at: Date): Promise<ActiveSession[]> {
  const student = await studentById(s.db, studentId);
  if (!student) return [];
  return activeSessionsAt(s, s.db, student, at);
}
