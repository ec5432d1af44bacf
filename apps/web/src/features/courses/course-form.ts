/**
 * The course form (New course, Edit): its values as the inputs hold them, the client's checks
 * (the same rules as the domain's cleanCourseInput: end after start, a semester unless
 * indefinite, at least one day, thresholds in range), the call's variables, and the server's
 * field errors in words. Pure, tested without a browser.
 */
import {
  addDays,
  COURSE_TEXT_MAX,
  COURSE_TITLE_MAX,
  clockMinutes,
  MEET_KEYS,
  type MeetKey,
  MINUTES_IN_DAY,
  SEMESTER_MAX_DAYS,
} from "@rollbook/domain";
import { RequestError } from "../../lib/http.ts";

export interface CourseFormValues {
  title: string;
  crn: string;
  course_number: string;
  subject: string;
  /** The location's id as text ("" for none). */
  location_id: string;
  /** "HH:MM" (24 h). */
  start_time: string;
  end_time: string;
  is_indefinite: boolean;
  /** "YYYY-MM-DD" or null. */
  semester_start: string | null;
  semester_end: string | null;
  /** The meeting days (named as the server names their error). */
  meet_days: Record<MeetKey, boolean>;
  /** Minutes / percent as typed ("" leaves the school's value). */
  late_time: string;
  absent_time: string;
  min_percentage: string;
  alerts_students: boolean;
  manual_attendance: boolean;
}

/** The form's keys that take an error; meeting days share "meet_days" (the server's name). */
export type CourseFieldKey =
  | "title"
  | "crn"
  | "course_number"
  | "subject"
  | "location_id"
  | "start_time"
  | "end_time"
  | "semester_start"
  | "semester_end"
  | "meet_days"
  | "late_time"
  | "absent_time"
  | "min_percentage";

export type CourseErrors = Partial<Record<CourseFieldKey, string>>;

/** The label each field shows, used in its messages. */
export const COURSE_LABELS: Record<CourseFieldKey, string> = {
  title: "Title",
  crn: "CRN",
  course_number: "Course number",
  subject: "Subject",
  location_id: "Location",
  start_time: "Start time",
  end_time: "End time",
  semester_start: "Semester start",
  semester_end: "Semester end",
  meet_days: "Meeting days",
  late_time: "Late after (minutes)",
  absent_time: "Absent after (minutes)",
  min_percentage: "Minimum percentage",
};

/** The order fields appear in the form (the first with an error takes focus). */
export const COURSE_FIELD_ORDER: readonly CourseFieldKey[] = [
  "title",
  "crn",
  "course_number",
  "subject",
  "location_id",
  "start_time",
  "end_time",
  "semester_start",
  "semester_end",
  "meet_days",
  "late_time",
  "absent_time",
  "min_percentage",
];

const noDays = (): Record<MeetKey, boolean> =>
  Object.fromEntries(MEET_KEYS.map((k) => [k, false])) as Record<MeetKey, boolean>;

export const EMPTY_COURSE_FORM: CourseFormValues = {
  title: "",
  crn: "",
  course_number: "",
  subject: "",
  location_id: "",
  start_time: "",
  end_time: "",
  is_indefinite: false,
  semester_start: null,
  semester_end: null,
  meet_days: noDays(),
  late_time: "",
  absent_time: "",
  min_percentage: "",
  alerts_students: false,
  manual_attendance: false,
};

/** The stored course as the form shows it. */
export interface CourseLike extends Record<MeetKey, boolean> {
  title: string;
  crn: string | null;
  course_number: string | null;
  location_id: number | null;
  start_time: string;
  end_time: string;
  is_indefinite: boolean;
  semester_start: string | null;
  semester_end: string | null;
  late_time: number | null;
  absent_time: number | null;
  min_percentage: number | null;
  alerts_students: boolean;
  manual_attendance: boolean;
}

const num = (v: number | null) => (v === null || v === undefined ? "" : String(v));

export function courseFormFrom(c: CourseLike): CourseFormValues {
  return {
    title: c.title,
    crn: c.crn ?? "",
    course_number: c.course_number ?? "",
    // subject is input only (spec section 3): the form cannot show the stored one
    subject: "",
    location_id: c.location_id === null ? "" : String(c.location_id),
    start_time: c.start_time.slice(0, 5),
    end_time: c.end_time.slice(0, 5),
    is_indefinite: c.is_indefinite,
    semester_start: c.semester_start,
    semester_end: c.semester_end,
    meet_days: Object.fromEntries(MEET_KEYS.map((k) => [k, c[k]])) as Record<MeetKey, boolean>,
    late_time: num(c.late_time),
    absent_time: num(c.absent_time),
    min_percentage: num(c.min_percentage),
    alerts_students: c.alerts_students,
    manual_attendance: c.manual_attendance,
  };
}

const wholeIn = (text: string, max: number) => /^\d+$/.test(text.trim()) && Number(text) <= max;

/** Every field's first problem (all at once, so the form marks each), empty when the course is fine. */
export function courseFormErrors(v: CourseFormValues): CourseErrors {
  const e: CourseErrors = {};
  const L = COURSE_LABELS;
  if (v.title.trim() === "") e.title = `${L.title} is required`;
  else if (v.title.trim().length > COURSE_TITLE_MAX)
    e.title = `${L.title} must be at most ${COURSE_TITLE_MAX} characters`;
  for (const f of ["crn", "course_number", "subject"] as const) {
    if (v[f].trim().length > COURSE_TEXT_MAX) e[f] = `${L[f]} must be at most ${COURSE_TEXT_MAX} characters`;
  }
  const start = clockMinutes(v.start_time.trim());
  const end = clockMinutes(v.end_time.trim());
  if (v.start_time.trim() === "") e.start_time = `${L.start_time} is required`;
  else if (start === null) e.start_time = `${L.start_time} must be a time of day`;
  if (v.end_time.trim() === "") e.end_time = `${L.end_time} is required`;
  else if (end === null) e.end_time = `${L.end_time} must be a time of day`;
  else if (start !== null && end <= start) e.end_time = `${L.end_time} must be after the start time`;
  if (!v.is_indefinite) {
    if (!v.semester_start) e.semester_start = `${L.semester_start} is required unless the course is indefinite`;
    if (!v.semester_end) e.semester_end = `${L.semester_end} is required unless the course is indefinite`;
    else if (v.semester_start && v.semester_end <= v.semester_start)
      e.semester_end = `${L.semester_end} must be after the semester start`;
    else if (v.semester_start && v.semester_end > addDays(v.semester_start, SEMESTER_MAX_DAYS - 1))
      e.semester_end = `${L.semester_end} must be within ${SEMESTER_MAX_DAYS} days of the semester start (a course with no end is indefinite)`;
  }
  if (!MEET_KEYS.some((k) => v.meet_days[k])) e.meet_days = "Pick at least one meeting day";
  for (const f of ["late_time", "absent_time"] as const) {
    if (v[f].trim() !== "" && !wholeIn(v[f], MINUTES_IN_DAY))
      e[f] = `${L[f]} must be a whole number from 0 to ${MINUTES_IN_DAY}`;
  }
  if (!e.late_time && !e.absent_time && v.late_time.trim() !== "" && v.absent_time.trim() !== "") {
    if (Number(v.absent_time) <= Number(v.late_time)) e.absent_time = `${L.absent_time} must be more than late after`;
  }
  if (v.min_percentage.trim() !== "" && !wholeIn(v.min_percentage, 100))
    e.min_percentage = `${L.min_percentage} must be a whole number from 0 to 100`;
  return e;
}

const textOrNull = (s: string) => (s.trim() === "" ? null : s.trim());
const intOrNull = (s: string) => (s.trim() === "" ? null : Number(s.trim()));

/**
 * The createCourse / updateCourse arguments. Blank optional text and thresholds are sent as null
 * (the school's value); subject only when typed (it is input only, so an edit does not clear it).
 */
export function courseVariables(v: CourseFormValues) {
  return {
    title: v.title.trim(),
    crn: textOrNull(v.crn),
    course_number: textOrNull(v.course_number),
    ...(v.subject.trim() ? { subject: v.subject.trim() } : {}),
    location_id: v.location_id === "" ? null : Number(v.location_id),
    start_time: v.start_time.trim().slice(0, 5),
    end_time: v.end_time.trim().slice(0, 5),
    is_indefinite: v.is_indefinite,
    semester_start: v.semester_start,
    semester_end: v.is_indefinite ? (v.semester_end ?? null) : v.semester_end,
    ...v.meet_days,
    late_time: intOrNull(v.late_time),
    absent_time: intOrNull(v.absent_time),
    min_percentage: intOrNull(v.min_percentage),
    alerts_students: v.alerts_students,
    manual_attendance: v.manual_attendance,
  };
}

/** The server's field name to the form's key (meet_sun..meet_sat all land on the days). */
export function formKeyOf(serverField: string): CourseFieldKey | null {
  if ((MEET_KEYS as readonly string[]).includes(serverField) || serverField === "meet_days") return "meet_days";
  return (COURSE_FIELD_ORDER as readonly string[]).includes(serverField) ? (serverField as CourseFieldKey) : null;
}

/**
 * The server's message in the form's words: its field names ("end_time must be after
 * start_time") become labels ("End time must be after start time"), so the message names the
 * field as the form shows it.
 */
export function serverMessageInWords(message: string): string {
  let out = message.trim();
  const names = [...COURSE_FIELD_ORDER].sort((a, b) => b.length - a.length);
  for (const key of names) {
    const label = COURSE_LABELS[key];
    out = out.replace(new RegExp(`\\b${key}\\b`, "g"), (_m, offset: number) =>
      offset === 0 ? label : label.charAt(0).toLowerCase() + label.slice(1),
    );
  }
  out = out.replace(/\s*\(meet_sun to meet_sat\)/, "");
  return out.charAt(0).toUpperCase() + out.slice(1);
}

/** A refused save's field errors, on the form's keys and in its words (empty when it named none). */
export function courseServerErrors(err: unknown): CourseErrors {
  const fields: CourseErrors = {};
  if (!(err instanceof RequestError)) return fields;
  for (const [field, messages] of Object.entries(err.errors)) {
    const key = formKeyOf(field);
    if (key && messages[0]) fields[key] = serverMessageInWords(messages[0]);
  }
  return fields;
}
