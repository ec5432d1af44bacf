/**
 * The add-excuse form's values, checks and call arguments (date, course or event, notes). The
 * server checks again (a date, one of the student's own, the notes' length). Pure, tested
 * without a browser.
 */
import type { Errors } from "../../../ui/form/server-errors.ts";
import type { StudentDetail } from "./types.ts";

export interface ExcuseFormValues {
  /** "YYYY-MM-DD" */
  date: string | null;
  /** "course:12" / "event:7" */
  attendable: string | null;
  notes: string;
}

export type ExcuseField = keyof ExcuseFormValues;

export const EXCUSE_FIELD_ORDER: readonly ExcuseField[] = ["date", "attendable", "notes"];

export const EXCUSE_LABELS: Record<ExcuseField, string> = {
  date: "Date",
  attendable: "Course or event",
  notes: "Notes",
};

/** The server names the course or event by its two arguments. */
export const EXCUSE_ALIASES: Partial<Record<string, ExcuseField>> = {
  attendable_id: "attendable",
  attendable_type: "attendable",
};

export const EMPTY_EXCUSE_FORM: ExcuseFormValues = { date: null, attendable: null, notes: "" };

/** The student's own courses and events as choices "course:12" / "event:7". */
export function attendableChoices(student: Pick<StudentDetail, "courses" | "events">) {
  const courses = student.courses.map((c) => ({ value: `course:${c.id}`, label: c.title }));
  const events = student.events.map((e) => ({ value: `event:${e.event.id}`, label: e.event.title }));
  return [
    ...(courses.length ? [{ group: "Courses", items: courses }] : []),
    ...(events.length ? [{ group: "Events", items: events }] : []),
  ];
}

export function parseAttendable(value: string | null): { attendable_type: string; attendable_id: number } | null {
  const m = /^(course|event):(\d+)$/.exec(value ?? "");
  return m ? { attendable_type: m[1] as string, attendable_id: Number(m[2]) } : null;
}

export function excuseFormErrors(v: ExcuseFormValues): Errors<ExcuseField> {
  const e: Errors<ExcuseField> = {};
  if (!v.date) e.date = "Date is required";
  if (!parseAttendable(v.attendable)) e.attendable = "Course or event is required";
  return e;
}

/** createExcuse's arguments, blank notes cleared; null while a required field is missing. */
export function excuseVariables(studentId: number, v: ExcuseFormValues) {
  const which = parseAttendable(v.attendable);
  if (!v.date || !which) return null;
  return { student_id: studentId, date: v.date, ...which, notes: v.notes.trim() || null };
}
