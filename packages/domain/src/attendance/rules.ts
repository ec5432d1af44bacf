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

/** The school's own thresholds, which a course or event without its own inherits. */
export type SchoolThresholds = Pick<SchoolRules, "late_time" | "absent_time">;

/**
 * A course's or event's late and absent times as they will apply: its own, else the school's.
 * Absent must come after late, or the late window never shows (decision 0716). Without `school`
 * only two values of its own are compared. Null when in order, else the field to fix and why.
 */
export function thresholdOrderProblem(
  own: AttendableRules,
  school?: SchoolThresholds | null,
): { field: "late_time" | "absent_time"; message: string } | null {
  const hasLate = own.late_time != null;
  const hasAbsent = own.absent_time != null;
  const late = hasLate ? (own.late_time as number) : school?.late_time;
  const absent = hasAbsent ? (own.absent_time as number) : school?.absent_time;
  if (late === undefined || absent === undefined || absent > late) return null;
  if (hasAbsent && !hasLate)
    return { field: "absent_time", message: `absent_time must be more than the school's late time (${late} minutes)` };
  if (hasLate && !hasAbsent)
    return { field: "late_time", message: `late_time must be less than the school's absent time (${absent} minutes)` };
  return { field: "absent_time", message: "absent_time must be more than late_time" };
}
