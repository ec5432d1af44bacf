import { MEET_KEYS, type MeetKey } from "./format.ts";
import { addDays, parseClock, weekdayOf, zonedToUtc } from "./time-zone.ts";

export interface CourseSchedule extends Partial<Record<MeetKey, boolean | null>> {
  start_time: string;
  end_time: string;
  semester_start?: string | null;
  semester_end?: string | null;
  is_indefinite?: boolean | null;
}

export interface EventSchedule {
  date: string;
  start_time: string;
  end_time: string;
}

export interface Closure {
  start_date: string;
  end_date: string;
}

export interface Session {
  date: string; // school-local calendar date
  start: Date;
  end: Date;
}

export type SessionCancelReason = "cancelled" | "closure" | null;

/**
 * Whether a course is on its calendar at all on a date (meet day and semester). `weekday`: the
 * date's weekday when the caller already has it (a loop over many courses and dates).
 */
export function courseMeetsOn(course: CourseSchedule, date: string, weekday = weekdayOf(date)): boolean {
  const key = MEET_KEYS[weekday] as MeetKey;
  if (!course[key]) return false;
  if (course.semester_start && date < course.semester_start) return false;
  if (!course.is_indefinite && course.semester_end && date > course.semester_end) return false;
  return true;
}

function sessionAt(date: string, start: string, end: string, tz: string): Session {
  const s = parseClock(start);
  let e = parseClock(end);
  if (e <= s) e += 24 * 60; // a session that runs past midnight
  return { date, start: zonedToUtc(date, s, tz), end: zonedToUtc(date, e, tz) };
}

/** The course's session on a date, or null when it does not meet. Cancellations and closures are separate. */
export function courseSessionOn(
  course: CourseSchedule,
  date: string,
  tz: string,
  weekday = weekdayOf(date),
): Session | null {
  return courseMeetsOn(course, date, weekday) ? sessionAt(date, course.start_time, course.end_time, tz) : null;
}

export function eventSession(event: EventSchedule, tz: string): Session {
  return sessionAt(event.date, event.start_time, event.end_time, tz);
}

export function isClosed(date: string, closures: readonly Closure[]): boolean {
  return closures.some((c) => c.start_date <= date && date <= c.end_date);
}

/** Why a scheduled session does not take place: a cancellation of the date or a school closure. */
export function cancelReason(
  date: string,
  cancelledDates: readonly string[],
  closures: readonly Closure[],
): SessionCancelReason {
  if (cancelledDates.includes(date)) return "cancelled";
  if (isClosed(date, closures)) return "closure";
  return null;
}

/** Sessions of a course between two dates inclusive. */
export function courseSessionsBetween(course: CourseSchedule, from: string, to: string, tz: string): Session[] {
  const out: Session[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const s = courseSessionOn(course, d, tz);
    if (s) out.push(s);
  }
  return out;
}

export const isInSession = (session: Session, at: Date) =>
  session.start.getTime() <= at.getTime() && at.getTime() < session.end.getTime();
