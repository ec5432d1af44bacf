/** Display helpers of the course screens. Pure, tested without a browser. */
import { formatClock, formatMeetDays, type MeetKey } from "@rollbook/domain";
import { formatDate } from "../../ui/dates/date-format.ts";

type Times = { start_time?: string | null; end_time?: string | null };
type Days = Partial<Record<MeetKey, boolean | null>>;

/** "1:05 PM – 2:00 PM" in the school's zone (the stored clock times are the school's). */
export function courseTimes(c: Times): string {
  const start = formatClock(c.start_time);
  const end = formatClock(c.end_time);
  if (start && end) return `${start} – ${end}`;
  return start || end || "—";
}

/** "Su Tu Th" as the spec writes the days; "No days" for a course that meets on none. */
export const courseDays = (c: Days) => formatMeetDays(c) || "No days";

/** "M W F · 9:00 AM – 9:50 AM". */
export const courseSchedule = (c: Days & Times) => `${courseDays(c)} · ${courseTimes(c)}`;

/** The semester in MM/DD/YYYY, or how an indefinite course runs. */
export function semesterText(c: {
  semester_start: string | null;
  semester_end: string | null;
  is_indefinite: boolean;
}): string {
  const start = formatDate(c.semester_start);
  const end = formatDate(c.semester_end);
  if (c.is_indefinite) return start ? `From ${start}, no end` : "Indefinite";
  if (start && end) return `${start} – ${end}`;
  return start || end || "—";
}

/** The course's state in words, for badges and captions. */
export function courseState(c: { is_archived: boolean; deleted_at: string | null }): "removed" | "archived" | "active" {
  if (c.deleted_at) return "removed";
  if (c.is_archived) return "archived";
  return "active";
}
