import { type CourseSchedule, courseMeetsOn } from "../schedule.ts";
import { STATUSES } from "../statuses.ts";
import { addDays } from "../time-zone.ts";

/** Chart data: one label per x value, one dataset per series (decision 0700, `Graph`). */
export interface ChartData {
  labels: string[];
  datasets: { label: string; data: number[] }[];
}

/** How many session days `daily_attendance_graph` shows by default, and at most. */
export const GRAPH_DEFAULT_DAYS = 14;
export const GRAPH_MAX_DAYS = 366;

/**
 * The last `n` dates (oldest first) on which the course meets, up to `today` inclusive, not
 * before its semester. A year back at most: a course that never met answers none.
 */
export function lastSessionDays(course: CourseSchedule, today: string, n = GRAPH_DEFAULT_DAYS): string[] {
  const out: string[] = [];
  for (let d = today, i = 0; out.length < n && i < GRAPH_MAX_DAYS; d = addDays(d, -1), i++) {
    if (course.semester_start && d < course.semester_start) break;
    if (courseMeetsOn(course, d)) out.push(d);
  }
  return out.reverse();
}

/** The course's meeting dates from `from` to `to` inclusive. */
export function sessionDaysBetween(course: CourseSchedule, from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (courseMeetsOn(course, d)) out.push(d);
  return out;
}

/**
 * Counts by date and status as a chart: labels are the dates, one dataset per status name that
 * occurs (in the statuses' order), each with the count of every date (0 where none).
 */
export function dailyGraph(
  dates: readonly string[],
  counts: readonly { meets: string; status: number; n: number }[],
): ChartData {
  const datasets = STATUSES.filter((s) => counts.some((c) => c.status === s.id && c.n > 0)).map((s) => ({
    label: s.name,
    data: dates.map((d) => counts.filter((c) => c.meets === d && c.status === s.id).reduce((sum, c) => sum + c.n, 0)),
  }));
  return { labels: [...dates], datasets };
}

/** Counts by status as a chart of one x value per status that occurs (an event's one session). */
export function statusGraph(counts: readonly { status: number; n: number }[]): ChartData {
  const present = STATUSES.filter((s) => counts.some((c) => c.status === s.id && c.n > 0));
  return {
    labels: present.map((s) => s.name),
    datasets: [
      {
        label: "students",
        data: present.map((s) => counts.filter((c) => c.status === s.id).reduce((sum, c) => sum + c.n, 0)),
      },
    ],
  };
}
