import type { CourseSchedule } from "../schedule.ts";
import { addDays } from "../time-zone.ts";
import { SEMESTER_MAX_DAYS } from "./fields.ts";

/** How far ahead an indefinite course's calendar feed reaches. */
export const FEED_INDEFINITE_WEEKS = 26;

/**
 * The dates a course's calendar feed covers: its semester (at most SEMESTER_MAX_DAYS of it, around
 * today, for one stored before that limit), or for an indefinite course from its semester_start
 * (or today, when it has none or it is later) to 26 weeks after today.
 */
export function feedRange(course: CourseSchedule, today: string): { from: string; to: string } {
  if (!course.is_indefinite && course.semester_start && course.semester_end) {
    const [start, end] = [course.semester_start, course.semester_end];
    if (end <= addDays(start, SEMESTER_MAX_DAYS - 1)) return { from: start, to: end };
    // a semester stored before the limit: the longest one allowed, centred on today, kept inside it
    const [earliest, latest] = [start, addDays(end, -(SEMESTER_MAX_DAYS - 1))];
    const centred = addDays(today, -Math.floor(SEMESTER_MAX_DAYS / 2));
    const from = centred < earliest ? earliest : centred > latest ? latest : centred;
    return { from, to: addDays(from, SEMESTER_MAX_DAYS - 1) };
  }
  const to = addDays(today, FEED_INDEFINITE_WEEKS * 7);
  const from = course.semester_start && course.semester_start < today ? course.semester_start : today;
  // an old start would list years of sessions: the feed keeps to the last 26 weeks as well
  const floor = addDays(today, -FEED_INDEFINITE_WEEKS * 7);
  return { from: from < floor ? floor : from, to };
}
