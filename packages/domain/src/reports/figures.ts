import { type CourseSchedule, courseMeetsOn } from "../schedule.ts";
import { addDays, parseDate } from "../time-zone.ts";
import { REPORT_MAX_DAYS } from "./range.ts";

/** Whole calendar days from `date` to `today` (both YYYY-MM-DD, school-local): 0 the same day. */
export function daysSince(date: string, today: string): number {
  const a = parseDate(date);
  const b = parseDate(today);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/**
 * The Class report's range when the filter leaves an end open: the course's semester up to
 * today (the semester's end when it is over), and never longer than a report may span: an
 * open start is moved up to two years before the end. A given date always stands.
 */
export function courseReportRange(
  given: { start: string | null; end: string | null },
  course: Pick<CourseSchedule, "semester_start" | "semester_end" | "is_indefinite">,
  today: string,
): { start: string; end: string } {
  let end = given.end;
  if (end === null) {
    const semesterEnd = course.is_indefinite ? null : (course.semester_end ?? null);
    end = semesterEnd !== null && semesterEnd < today ? semesterEnd : today;
    // an explicit start after today (a planned semester) still gets a range that is not reversed
    if (given.start !== null && given.start > end) end = given.start;
  }
  const earliest = addDays(end, -(REPORT_MAX_DAYS - 1));
  let start = given.start ?? course.semester_start ?? earliest;
  if (given.start === null && start < earliest) start = earliest;
  if (start > end) start = end;
  return { start, end };
}

/** The dates from `start` to `end` on which the course is on its calendar (meet day, semester). */
export function courseMeetingDates(course: CourseSchedule, start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) if (courseMeetsOn(course, d)) out.push(d);
  return out;
}
