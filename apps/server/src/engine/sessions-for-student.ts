import {
  addDays,
  compareNames,
  EARLY_WINDOW_MIN,
  type ExcuseRow,
  isExcused,
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
import { type Covers, courseSessionsBetween, coversBetween, eventSessionOf } from "./calendar.ts";
import { excusesBetween } from "./excuses-between.ts";
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
  /**
   * An excuse of the student covers it (decision 0302: excused wins over presence). Known where
   * the student's schedule was read (the ping path); elsewhere absent, and the row already says.
   */
  excused?: boolean;
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
 * Cached per student and date for SCHEDULE_TTL_MS.
 */
export async function sessionsNear(s: Services, db: Db, student: StudentContext, date: string): Promise<DaySession[]> {
  return (await sessionsNearMany(s, db, [{ student, date }]))[0] as DaySession[];
}

/**
 * `sessionsNear` for many students at once, in the order asked: the ones not cached are read
 * together, five queries for all of them (per date, and the covers per school), not five each. A
 * group of pings (ingest.ts) asks for its students together; after a cache clear or at the first
 * bell, hundreds of phones miss at once (decision 0569).
 */
export async function sessionsNearMany(
  s: Services,
  db: Db,
  wants: readonly { student: StudentContext; date: string }[],
): Promise<DaySession[][]> {
  const st = engineState(s);
  const missing = new Map<string, Map<number, StudentContext>>();
  for (const { student, date } of wants) {
    if (st.days.has(`${student.id}:${date}`)) continue;
    const byId = missing.get(date) ?? new Map<number, StudentContext>();
    byId.set(student.id, student);
    missing.set(date, byId);
  }
  const loaded = new Map<string, DaySession[]>();
  for (const [date, byId] of missing) {
    const found = await loadSessions(db, [...byId.values()], addDays(date, -1), addDays(date, 1));
    for (const id of byId.keys()) {
      const sessions = found.get(id) ?? [];
      st.days.set(`${id}:${date}`, sessions);
      loaded.set(`${id}:${date}`, sessions);
    }
  }
  // a read result answers its own callers even if the cache let it go meanwhile
  return wants.map(({ student, date }) => {
    const key = `${student.id}:${date}`;
    return st.days.get(key) ?? loaded.get(key) ?? [];
  });
}

async function loadSessions(
  db: Db,
  students: readonly StudentContext[],
  from: string,
  to: string,
): Promise<Map<number, DaySession[]>> {
  const byId = new Map(students.map((x) => [x.id, x]));
  const ids = [...byId.keys()];
  // a course or event of another school never counts, whatever a link row says
  const sameSchool = (studentId: number, schoolId: number) => byId.get(studentId)?.school_id === schoolId;
  const courseRows = (
    await db
      .select({ student_id: studentCourse.student_id, course: courses })
      .from(studentCourse)
      .innerJoin(courses, eq(courses.id, studentCourse.course_id))
      .where(and(inArray(studentCourse.student_id, ids), isNull(courses.deleted_at), eq(courses.is_archived, false)))
  ).filter((r) => sameSchool(r.student_id, r.course.school_id));
  const eventRows = (
    await db
      .select({ student_id: studentEvent.student_id, event: events })
      .from(studentEvent)
      .innerJoin(events, eq(events.id, studentEvent.event_id))
      .where(
        and(
          inArray(studentEvent.student_id, ids),
          eq(studentEvent.in_waitlist, false),
          isNull(events.deleted_at),
          gte(events.date, from),
          lte(events.date, to),
        ),
      )
  ).filter((r) => sameSchool(r.student_id, r.event.school_id));
  // excuses: a session one covers is excused from its first row on, not only when finalised
  const excuseRows = await excusesBetween(db, ids, from, to);
  const excusesOf = new Map<number, ExcuseRow[]>();
  for (const e of excuseRows) {
    const list = excusesOf.get(e.student_id) ?? [];
    list.push(e);
    excusesOf.set(e.student_id, list);
  }
  const excusedAt = (studentId: number, meets: string, attendable: { id: number; type: "course" | "event" }) =>
    isExcused(excusesOf.get(studentId) ?? [], meets, attendable);
  // cancellations and closures, once per school of the batch
  const coversOf = new Map<number, Covers>();
  for (const schoolId of new Set(students.map((x) => x.school_id))) {
    const courseIds = courseRows.filter((r) => r.course.school_id === schoolId).map((r) => r.course.id);
    coversOf.set(schoolId, await coversBetween(db, schoolId, courseIds, from, to));
  }
  const out = new Map<number, Omit<DaySession, "location">[]>(ids.map((id) => [id, []]));
  for (const { student_id, course } of courseRows) {
    const student = byId.get(student_id) as StudentContext;
    const covers = coversOf.get(student.school_id) as Covers;
    for (const session of courseSessionsBetween(course, from, to, student.timezone, covers)) {
      out.get(student_id)?.push({
        excused: excusedAt(student_id, session.meets, { id: course.id, type: "course" }),
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
  for (const { student_id, event } of eventRows) {
    const student = byId.get(student_id) as StudentContext;
    const session = eventSessionOf(event, student.timezone, coversOf.get(student.school_id) as Covers);
    out.get(student_id)?.push({
      excused: excusedAt(student_id, session.meets, { id: event.id, type: "event" }),
      attendable_type: "event",
      attendable_id: event.id,
      uuid: event.uuid,
      title: event.title,
      ...session,
      start_time: event.start_time,
      end_time: event.end_time,
      location_id: event.location_id,
      manual: false,
      rules: resolveRules(student.school, event),
      school_id: event.school_id,
    });
  }
  const locationIds = new Set<number>();
  for (const list of out.values()) for (const o of list) if (o.location_id !== null) locationIds.add(o.location_id);
  const places = await loadPlaces(db, [...locationIds]);
  const result = new Map<number, DaySession[]>();
  for (const [id, list] of out)
    result.set(
      id,
      list
        .map((o) => ({ ...o, location: o.location_id === null ? null : (places.get(o.location_id) ?? null) }))
        .sort((a, b) => a.start.getTime() - b.start.getTime() || compareNames(a.title, b.title)),
    );
  return result;
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
