/**
 * The offline-code form's values and checks (the student, the 6 digits their phone shows). The
 * server checks the code itself. Pure, tested without a browser.
 */
import type { Errors } from "../form/server-errors.ts";
import { offlineCode } from "./roster.ts";

export interface OfflineCodeFormValues {
  /** the student's id, "" until picked */
  student: string;
  code: string;
}

export type OfflineCodeField = keyof OfflineCodeFormValues;

export const OFFLINE_CODE_FIELD_ORDER: readonly OfflineCodeField[] = ["student", "code"];

export const OFFLINE_CODE_LABELS: Record<OfflineCodeField, string> = { student: "Student", code: "Offline code" };

export const OFFLINE_CODE_ALIASES: Partial<Record<string, OfflineCodeField>> = { student_id: "student" };

export const EMPTY_OFFLINE_CODE_FORM: OfflineCodeFormValues = { student: "", code: "" };

export function offlineCodeFormErrors(v: OfflineCodeFormValues): Errors<OfflineCodeField> {
  const e: Errors<OfflineCodeField> = {};
  if (v.student === "") e.student = "Student is required";
  if (offlineCode(v.code) === null) e.code = "Offline code must be the 6 digits the student's phone shows";
  return e;
}
