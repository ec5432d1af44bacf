import type { CourseSchedule } from "../schedule.ts";
import { addDays } from "../time-zone.ts";

/** How far ahead an indefinite course's calendar feed reaches. */
export const FEED_INDEFINITE_WEEKS = 26;

/**
 * The dates a course's calendar feed covers: its semester, or for an indefinite course from
 * its semester_start (or today, when it has none or it is later) to 26 weeks after today.
 */
export function feedRange(course: CourseSchedule, today: string): { from: string; to: string } {
  if (!course.is_indefinite && course.semester_start && course.semester_end)
    return { from: course.semester_start, to: course.semester_end };
  const to = addDays(today, FEED_INDEFINITE_WEEKS * 7);
  const from = course.semester_start && course.semester_start < today ? course.semester_start : today;
  // an old start would list years of sessions: the feed keeps to the last 26 weeks as well
  const floor = addDays(today, -FEED_INDEFINITE_WEEKS * 7);
  return { from: from < floor ? floor : from, to };
}
