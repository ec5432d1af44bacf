import {
  addDays,
  cancelReason,
  courseMeetsOn,
  courseSessionOn,
  eventSession,
  localDate,
  resolveRules,
  type SchoolRules,
  type SessionCancelReason,
  weekdayOf,
} from "@rollbook/domain";
import { and, eq, gte, isNull, lte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cancellations, courses, events, finalisedSessions, schoolClosures, schools } from "../../db/schema/index.ts";
import { PING_ACCEPTANCE_DAYS } from "../../device/acceptance.ts";
import type { ActiveSession } from "../sessions-for-student.ts";

/**
 * Sessions that ended this long ago are still finalised (after downtime); older ones are left
 * alone. As long as the device API accepts a ping, so a ping it takes finds its session due or
 * finished (decision 0512).
 */
export const LOOKBACK_DAYS = PING_ACCEPTANCE_DAYS;
const DAY = 24 * 60 * 60_000;

export interface DueSession extends ActiveSession {
  title: string;
  timezone: string;
  cancelled: SessionCancelReason;
  alerts_students: boolean;
}

export const dueKey = (x: { attendable_type: string; attendable_id: number; meets: string }) =>
  `${x.attendable_type}:${x.attendable_id}:${x.meets}`;

/**
 * Every course and event session, in each school's zone, that ended in (now - lookback, now] and
 * has no finalised_sessions row yet, oldest first. A session that ended before its course or
 * event existed is skipped: nobody can have missed it.
 */
export async function dueSessions(db: Db, now: Date, lookbackDays = LOOKBACK_DAYS): Promise<DueSession[]> {
  const since = new Date(now.getTime() - lookbackDays * DAY);
  // UTC dates widened by a day cover every zone; each school narrows to its own dates below
  const from = addDays(localDate(since, "UTC"), -2);
  const to = addDays(localDate(now, "UTC"), 1);
  const schoolRows = await db
    .select({
      id: schools.id,
      timezone: schools.timezone,
      late_time: schools.late_time,
      absent_time: schools.absent_time,
      leave_time: schools.leave_time,
      review_threshold: schools.review_threshold,
    })
    .from(schools)
    .where(isNull(schools.deleted_at));
  const bySchool = new Map(schoolRows.map((r) => [r.id, r]));
  // only what a session needs: this runs on every tick over every course of every school
  const courseRows = await db
    .select({
      id: courses.id,
      school_id: courses.school_id,
      title: courses.title,
      location_id: courses.location_id,
      start_time: courses.start_time,
      end_time: courses.end_time,
      semester_start: courses.semester_start,
      semester_end: courses.semester_end,
      is_indefinite: courses.is_indefinite,
      meet_sun: courses.meet_sun,
      meet_mon: courses.meet_mon,
      meet_tue: courses.meet_tue,
      meet_wed: courses.meet_wed,
      meet_thu: courses.meet_thu,
      meet_fri: courses.meet_fri,
      meet_sat: courses.meet_sat,
      manual_attendance: courses.manual_attendance,
      late_time: courses.late_time,
      absent_time: courses.absent_time,
      min_percentage: courses.min_percentage,
      alerts_students: courses.alerts_students,
      created_at: courses.created_at,
    })
    .from(courses)
    .where(and(isNull(courses.deleted_at), eq(courses.is_archived, false), lte(courses.created_at, now)));
  const eventRows = await db
    .select()
    .from(events)
    .where(and(isNull(events.deleted_at), gte(events.date, from), lte(events.date, to), lte(events.created_at, now)));
  const cancelled = await db
    .select({ course_id: cancellations.course_id, date: cancellations.date })
    .from(cancellations)
    .where(and(gte(cancellations.date, from), lte(cancellations.date, to)));
  const closures = await db
    .select()
    .from(schoolClosures)
    .where(and(lte(schoolClosures.start_date, to), gte(schoolClosures.end_date, from)));
  const done = new Set(
    (
      await db
        .select({
          attendable_type: finalisedSessions.attendable_type,
          attendable_id: finalisedSessions.attendable_id,
          meets: finalisedSessions.meets,
        })
        .from(finalisedSessions)
        .where(and(gte(finalisedSessions.meets, from), lte(finalisedSessions.meets, to)))
    ).map(dueKey),
  );

  const cancelledDates = new Map<number, string[]>();
  for (const c of cancelled) cancelledDates.set(c.course_id, [...(cancelledDates.get(c.course_id) ?? []), c.date]);
  const closuresOf = (schoolId: number) => closures.filter((c) => c.school_id === schoolId);
  const rulesOf = (school: (typeof schoolRows)[number]): SchoolRules => ({
    late_time: school.late_time,
    absent_time: school.absent_time,
    leave_time: school.leave_time,
    // no school column: a session counts whole unless the course or event says otherwise (decision 0323)
    min_percentage: 0,
    review_threshold: school.review_threshold,
  });
  const isDue = (end: Date, created: Date) =>
    end.getTime() <= now.getTime() && end.getTime() > since.getTime() && end.getTime() > created.getTime();

  // Each school's dates with their weekdays, made once: this runs every 30 s over every course and
  // 30-odd dates, and a school's past is all finalised, so the loop only looks a key up per meeting
  // date and computes a session's times (zone arithmetic) only for the few not finalised yet.
  const datesByZone = new Map<string, { date: string; weekday: number }[]>();
  const datesOf = (tz: string) => {
    let list = datesByZone.get(tz);
    if (!list) {
      list = [];
      // from the day before: a session that runs past midnight ends on the next date
      for (let d = addDays(localDate(since, tz), -1); d <= localDate(now, tz); d = addDays(d, 1))
        list.push({ date: d, weekday: weekdayOf(d) });
      datesByZone.set(tz, list);
    }
    return list;
  };

  const out: DueSession[] = [];
  for (const course of courseRows) {
    const school = bySchool.get(course.school_id);
    if (!school) continue;
    const tz = school.timezone;
    for (const { date: d, weekday } of datesOf(tz)) {
      if (!courseMeetsOn(course, d, weekday)) continue;
      const key = { attendable_type: "course" as const, attendable_id: course.id, meets: d };
      if (done.has(dueKey(key))) continue;
      const session = courseSessionOn(course, d, tz, weekday);
      if (!session || !isDue(session.end, course.created_at)) continue;
      out.push({
        ...key,
        start: session.start,
        end: session.end,
        location_id: course.location_id,
        manual: course.manual_attendance,
        rules: resolveRules(rulesOf(school), course),
        school_id: course.school_id,
        title: course.title,
        timezone: tz,
        cancelled: cancelReason(d, cancelledDates.get(course.id) ?? [], closuresOf(course.school_id)),
        alerts_students: course.alerts_students,
      });
    }
  }
  for (const event of eventRows) {
    const school = bySchool.get(event.school_id);
    if (!school) continue;
    const session = eventSession(event, school.timezone);
    if (!isDue(session.end, event.created_at)) continue;
    const key = { attendable_type: "event" as const, attendable_id: event.id, meets: event.date };
    if (done.has(dueKey(key))) continue;
    out.push({
      ...key,
      start: session.start,
      end: session.end,
      location_id: event.location_id,
      manual: false,
      rules: resolveRules(rulesOf(school), event),
      school_id: event.school_id,
      title: event.title,
      timezone: school.timezone,
      // a closure calls off events too; cancellations are per course
      cancelled: cancelReason(event.date, [], closuresOf(event.school_id)),
      alerts_students: event.alerts_students,
    });
  }
  return out.sort((a, b) => a.end.getTime() - b.end.getTime() || dueKey(a).localeCompare(dueKey(b)));
}
