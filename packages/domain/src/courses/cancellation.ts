import { DATE_PROBLEM, isValidDate } from "../dates.ts";
import { formatMeetDays, MEET_KEYS } from "../format.ts";
import type { CourseSchedule } from "../schedule.ts";
import { weekdayOf } from "../time-zone.ts";

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * Why a course cannot be cancelled on `date` (null: it can): the date must be a meeting day of
 * the course within its semester. The message says why, for the `date` field.
 */
export function cancellationDateProblem(course: CourseSchedule, date: string): string | null {
  if (!isValidDate(date)) return `date ${DATE_PROBLEM}`;
  if (course.semester_start && date < course.semester_start)
    return `date is before the semester starts (${course.semester_start})`;
  if (!course.is_indefinite && course.semester_end && date > course.semester_end)
    return `date is after the semester ends (${course.semester_end})`;
  const day = weekdayOf(date);
  if (!course[MEET_KEYS[day] as (typeof MEET_KEYS)[number]]) {
    return `date is a ${DAY_NAMES[day]}: the course meets ${formatMeetDays(course) || "on no day"}`;
  }
  return null;
}
