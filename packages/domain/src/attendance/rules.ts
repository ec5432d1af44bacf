/** Attendance time rules, in minutes and percent. */
export interface SchoolRules {
  late_time: number;
  absent_time: number;
  leave_time: number;
  min_percentage: number;
  /** presence believed less than this goes to staff review; null or missing: the default (0.6) */
  review_threshold?: number | null;
}

/** A course's or event's own values; null or undefined means "use the school's". */
export interface AttendableRules {
  late_time?: number | null;
  absent_time?: number | null;
  min_percentage?: number | null;
}

export type Rules = SchoolRules;

const pick = (own: number | null | undefined, school: number) =>
  typeof own === "number" && Number.isFinite(own) ? own : school;

/** Course or event values override the school's (0 included); leave_time is always the school's. */
export function resolveRules(school: SchoolRules, attendable: AttendableRules): Rules {
  return {
    late_time: pick(attendable.late_time, school.late_time),
    absent_time: pick(attendable.absent_time, school.absent_time),
    leave_time: school.leave_time,
    min_percentage: pick(attendable.min_percentage, school.min_percentage),
    review_threshold: school.review_threshold ?? null,
  };
}
