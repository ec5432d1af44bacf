import { email as emailRule } from "../auth-schemas.ts";
import { DATE_PROBLEM, isValidDate } from "../dates.ts";
import { directionControlProblem } from "../direction-controls.ts";

/** Limits of a participant's fields (decision 0600). */
export const STUDENT_NAME_MAX = 100;
export const STUDENT_TEXT_MAX = 200;
export const STUDENT_AGE_MAX = 130;

/** A field the caller can fix, named as the API names it. */
export interface StudentFieldError {
  field: string;
  message: string;
}

/** The editable fields of a participant, as the API takes them (null clears an optional one). */
export interface StudentInput {
  first_name?: string | null;
  last_name?: string | null;
  preferred_name?: string | null;
  email?: string | null;
  phone?: string | null;
  school_identifier?: string | null;
  age?: number | null;
  pid_number?: string | null;
  zip?: string | null;
  date_of_birth?: string | null;
  is_veteran?: boolean | null;
  housing?: string | null;
  employment?: string | null;
  sexual_identity?: string | null;
  gender?: string | null;
  sex?: string | null;
  race?: string | null;
}

/** Demographic fields: set and read only with view_information. */
export const DEMOGRAPHIC_FIELDS = [
  "age",
  "pid_number",
  "zip",
  "date_of_birth",
  "is_veteran",
  "housing",
  "employment",
  "sexual_identity",
  "gender",
  "sex",
  "race",
] as const;

const OPTIONAL_TEXT = [
  "preferred_name",
  "pid_number",
  "zip",
  "housing",
  "employment",
  "sexual_identity",
  "gender",
  "sex",
  "race",
] as const;

/**
 * The ten digits of a North American phone number, whatever the user typed around them
 * ("(123) 456-7890", "123.456.7890", "+1 123 456 7890"); null when it is not ten digits.
 * Phones are stored as these digits and shown formatted (formatPhone).
 */
export function phoneDigits(raw: string): string | null {
  const d = raw.replace(/\D/g, "");
  const ten = d.length === 11 && d.startsWith("1") ? d.slice(1) : d;
  return ten.length === 10 ? ten : null;
}

/**
 * What is wrong with a date of birth (YYYY-MM-DD), to follow the field's name, or null: it must be
 * a real date (isValidDate) before `today`, the school's today (`localDate(now, school's zone)`,
 * not UTC's date nor the browser's); a birth today is refused. The server's rule, which the
 * participant form checks before sending.
 */
export function birthDateProblem(value: string, today: string): string | null {
  if (!isValidDate(value)) return DATE_PROBLEM;
  if (value >= today) return "must be in the past";
  return null;
}

/**
 * Checks and normalises the fields present in `input` (absent ones stay absent): names trimmed
 * and required, e-mail lower-cased, phone to digits, blank optional text to null. `today` is the
 * school-local date a date of birth must be before. Answers the clean values or the first error.
 */
export function cleanStudentInput(
  input: StudentInput,
  opts: { creating: boolean; today: string },
): { ok: true; value: StudentInput } | { ok: false; error: StudentFieldError } {
  const out: StudentInput = {};
  const fail = (field: string, message: string) => ({ ok: false as const, error: { field, message } });
  for (const field of ["first_name", "last_name"] as const) {
    const raw = input[field];
    if (raw === undefined && !opts.creating) continue;
    const v = (raw ?? "").trim();
    if (!v) return fail(field, `${field} is required`);
    if (v.length > STUDENT_NAME_MAX) return fail(field, `${field} must be at most ${STUDENT_NAME_MAX} characters`);
    const controls = directionControlProblem(v);
    if (controls) return fail(field, `${field} ${controls}`);
    out[field] = v;
  }
  for (const field of OPTIONAL_TEXT) {
    const raw = input[field];
    if (raw === undefined) continue;
    const v = raw?.trim() ?? "";
    const max = field === "preferred_name" ? STUDENT_NAME_MAX : STUDENT_TEXT_MAX;
    if (v.length > max) return fail(field, `${field} must be at most ${max} characters`);
    const controls = field === "preferred_name" ? directionControlProblem(v) : null;
    if (controls) return fail(field, `${field} ${controls}`);
    out[field] = v || null;
  }
  if (input.email !== undefined) {
    const raw = input.email?.trim() ?? "";
    if (!raw) out.email = null;
    else {
      const parsed = emailRule.safeParse(raw);
      if (!parsed.success) return fail("email", `email ${parsed.error.issues[0]?.message ?? "is not valid"}`);
      out.email = parsed.data;
    }
  }
  if (input.phone !== undefined) {
    const raw = input.phone?.trim() ?? "";
    if (!raw) out.phone = null;
    else {
      const digits = phoneDigits(raw);
      if (!digits) return fail("phone", "phone must be 10 digits, e.g. (123) 456-7890");
      out.phone = digits;
    }
  }
  if (input.school_identifier !== undefined) {
    const v = input.school_identifier?.trim() ?? "";
    if (v.length > STUDENT_TEXT_MAX)
      return fail("school_identifier", `school_identifier must be at most ${STUDENT_TEXT_MAX} characters`);
    out.school_identifier = v || null;
  }
  if (input.age !== undefined) {
    const a = input.age;
    if (a !== null && (!Number.isInteger(a) || a < 0 || a > STUDENT_AGE_MAX))
      return fail("age", `age must be a whole number from 0 to ${STUDENT_AGE_MAX}`);
    out.age = a;
  }
  if (input.date_of_birth !== undefined) {
    const raw = input.date_of_birth?.trim() ?? "";
    if (!raw) out.date_of_birth = null;
    else {
      const problem = birthDateProblem(raw, opts.today);
      if (problem) return fail("date_of_birth", `date_of_birth ${problem}`);
      out.date_of_birth = raw;
    }
  }
  if (input.is_veteran !== undefined) out.is_veteran = input.is_veteran;
  return { ok: true, value: out };
}
