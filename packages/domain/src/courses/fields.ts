import { type SchoolThresholds, thresholdOrderProblem } from "../attendance/rules.ts";
import { DATE_PROBLEM, isValidDate } from "../dates.ts";
import { MEET_KEYS, type MeetKey } from "../format.ts";
import { addDays } from "../time-zone.ts";

/** Limits of a course's fields (decision 0700, "Courses"). */
export const COURSE_TITLE_MAX = 200;
export const COURSE_TEXT_MAX = 100;
export const MINUTES_IN_DAY = 1440;
/**
 * The longest semester a course may have: two school years. A longer one is a typo (2126 for
 * 2026), and every per-day reading of the course (its calendar feed, its figures) grows with it
 * (decision 0716). A course that runs on with no end is_indefinite.
 */
export const SEMESTER_MAX_DAYS = 731;

/** A field the caller can fix, named as the API names it. */
export interface CourseFieldError {
  field: string;
  message: string;
}

/** The editable fields of a course as the API takes them (spec section 3; null clears an optional one). */
export interface CourseInput extends Partial<Record<MeetKey, boolean | null>> {
  title?: string | null;
  crn?: string | null;
  course_number?: string | null;
  subject?: string | null;
  location_id?: number | null;
  start_time?: string | null;
  end_time?: string | null;
  semester_start?: string | null;
  semester_end?: string | null;
  is_archived?: boolean | null;
  is_indefinite?: boolean | null;
  late_time?: number | null;
  absent_time?: number | null;
  min_percentage?: number | null;
  alerts_students?: boolean | null;
  manual_attendance?: boolean | null;
  locked?: boolean | null;
}

/** The stored shape the cross-field rules look at (a course as read, times may carry seconds). */
export type CourseShape = CourseInput;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::00)?$/;
const BOOLEAN_FIELDS = [
  ...MEET_KEYS,
  "is_archived",
  "is_indefinite",
  "alerts_students",
  "manual_attendance",
  "locked",
] as const;

/** "HH:MM" (24 h) to minutes past midnight; null when it is not one. */
export function clockMinutes(v: string): number | null {
  const m = TIME.exec(v);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export class CourseInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const fail = (field: string, message: string): never => {
  throw new CourseInputError(field, message);
};

function text(v: string | null | undefined, field: string, max: number): string | null | undefined {
  if (v === undefined) return undefined;
  const t = v?.trim() ?? "";
  if (t.length > max) fail(field, `${field} must be at most ${max} characters`);
  return t || null;
}

function minutes(v: number | null | undefined, field: string, max: number): number | null | undefined {
  if (v === undefined || v === null) return v;
  if (!Number.isInteger(v) || v < 0 || v > max) fail(field, `${field} must be a whole number from 0 to ${max}`);
  return v;
}

/**
 * Checks and normalises a course's fields. `before` is the stored course on update (null on
 * create): the rules that join fields (times, semester, meeting days, thresholds) look at the
 * course as it will be. Throws CourseInputError naming the first field at fault.
 */
export function cleanCourseInput(
  input: CourseInput,
  before: CourseShape | null,
  school?: SchoolThresholds | null,
): CourseInput {
  const out: CourseInput = {};
  if (before === null || input.title !== undefined) {
    const title = text(input.title ?? "", "title", COURSE_TITLE_MAX);
    if (!title) fail("title", "title is required");
    out.title = title;
  }
  for (const f of ["crn", "course_number", "subject"] as const) {
    const v = text(input[f], f, COURSE_TEXT_MAX);
    if (v !== undefined) out[f] = v;
  }
  if (input.location_id !== undefined) out.location_id = input.location_id;
  for (const f of ["start_time", "end_time"] as const) {
    const v = input[f];
    if (v === undefined) continue;
    if (v === null || clockMinutes(v.trim()) === null) fail(f, `${f} must be a time of day as HH:MM (24 h)`);
    out[f] = (v as string).trim().slice(0, 5);
  }
  for (const f of ["semester_start", "semester_end"] as const) {
    const v = input[f];
    if (v === undefined) continue;
    if (v !== null && !isValidDate(v)) fail(f, `${f} ${DATE_PROBLEM}`);
    out[f] = v;
  }
  for (const f of BOOLEAN_FIELDS) {
    const v = input[f];
    if (v === undefined) continue;
    if (v === null) fail(f, `${f} must be true or false`);
    out[f] = v;
  }
  const late = minutes(input.late_time, "late_time", MINUTES_IN_DAY);
  if (late !== undefined) out.late_time = late;
  const absent = minutes(input.absent_time, "absent_time", MINUTES_IN_DAY);
  if (absent !== undefined) out.absent_time = absent;
  const pct = minutes(input.min_percentage, "min_percentage", 100);
  if (pct !== undefined) out.min_percentage = pct;
  // the school's thresholds and the semester's length weigh when they change: a course stored
  // before those checks still takes other edits (an archive, a title) as it is
  const touches = (...fields: (keyof CourseInput)[]) => before === null || fields.some((f) => input[f] !== undefined);
  checkWhole(
    { ...(before ?? {}), ...out },
    {
      school: touches("late_time", "absent_time") ? school : null,
      length: touches("semester_start", "semester_end", "is_indefinite"),
    },
  );
  return out;
}

/** The rules between fields, on the course as it will be stored. */
function checkWhole(c: CourseShape, weigh: { school: SchoolThresholds | null | undefined; length: boolean }) {
  if (!c.start_time) fail("start_time", "start_time is required");
  if (!c.end_time) fail("end_time", "end_time is required");
  const start = clockMinutes(String(c.start_time).slice(0, 5)) as number;
  const end = clockMinutes(String(c.end_time).slice(0, 5)) as number;
  if (end <= start) fail("end_time", "end_time must be after start_time");
  if (!c.is_indefinite) {
    if (!c.semester_start) fail("semester_start", "semester_start is required unless the course is indefinite");
    if (!c.semester_end) fail("semester_end", "semester_end is required unless the course is indefinite");
    if ((c.semester_end as string) <= (c.semester_start as string))
      fail("semester_end", "semester_end must be after semester_start");
    if (weigh.length && (c.semester_end as string) > addDays(c.semester_start as string, SEMESTER_MAX_DAYS - 1))
      fail(
        "semester_end",
        `semester_end must be within ${SEMESTER_MAX_DAYS} days of semester_start (a course with no end is indefinite)`,
      );
  }
  if (!MEET_KEYS.some((k) => c[k]))
    fail("meet_days", "the course must meet on at least one day (meet_sun to meet_sat)");
  const order = thresholdOrderProblem(c, weigh.school);
  if (order) fail(order.field, order.message);
}
