import { email as emailRule, isWholeIn, SCHOOL_NUMBER_RANGES, TIME_ZONES, tokenPatternProblem } from "@rollbook/domain";
import { userError } from "../graphql/builder.ts";
import { phoneField } from "../users/fields.ts";

/** Free text of a school or location (address, contact person, note): trimmed, at most `max`. */
export function textField(value: string | null | undefined, field: string, max = 200): string | null {
  if (value === null || value === undefined) return null;
  const v = value.trim();
  if (!v) return null;
  if (v.length > max) throw userError(`${field} must be at most ${max} characters`, field);
  if (v.includes("\u0000")) throw userError(`${field} must not contain NUL`, field);
  return v;
}

/** A required name or title: trimmed, not empty, at most 100 characters. */
export function requiredText(value: string | null | undefined, field: string, max = 100): string {
  const v = textField(value, field, max);
  if (!v) throw userError(`${field} is required`, field);
  return v;
}

/** An optional e-mail address (email, support_email), kept lower-case; empty clears it. */
export function optionalEmail(value: string | null | undefined, field: string): string | null {
  if (value === null || value === undefined || !value.trim()) return null;
  const parsed = emailRule.safeParse(value);
  if (!parsed.success) throw userError(`${field} ${parsed.error.issues[0]?.message}`, field);
  return parsed.data;
}

/** Whole minutes after a session's start, 0 to 1440 (a day). */
export function minutesField(value: number, field: "late_time" | "absent_time" | "leave_time"): number {
  const { min, max } = SCHOOL_NUMBER_RANGES[field];
  if (!isWholeIn(value, SCHOOL_NUMBER_RANGES[field]))
    throw userError(`${field} must be a whole number of minutes from ${min} to ${max}`, field);
  return value;
}

export interface SchoolFields {
  name?: string | null;
  address?: string | null;
  contact_person?: string | null;
  phone?: string | null;
  email?: string | null;
  support_email?: string | null;
  late_time?: number | null;
  absent_time?: number | null;
  leave_time?: number | null;
  warning_percentage?: number | null;
  timezone?: string | null;
  token_pattern?: string | null;
  student_cap?: number | null;
  allow_user_invite?: boolean | null;
}

export interface SchoolValues {
  name?: string;
  address?: string | null;
  contact_person?: string | null;
  phone?: string | null;
  email?: string | null;
  support_email?: string | null;
  late_time?: number;
  absent_time?: number;
  leave_time?: number;
  warning_percentage?: number;
  timezone?: string;
  token_pattern?: string;
  student_cap?: number | null;
  allow_user_invite?: boolean;
}

const ZONES: readonly string[] = TIME_ZONES.map((z) => z.value);

/**
 * The school's fields checked one by one, each error naming its field (spec section 3). A field
 * left out (undefined) is not changed; null clears an optional text and student_cap (no cap).
 * `before` gives late_time and absent_time their other half: absent_time must stay after late_time.
 * Its timezone may be kept though not one of the options: a school installed with another zone
 * (ADMIN_TIMEZONE takes any IANA zone) still saves its other fields (decision 0961).
 */
export function cleanSchoolFields(
  input: SchoolFields,
  before: { late_time: number; absent_time: number; timezone?: string } | null,
): SchoolValues {
  const out: SchoolValues = {};
  if (input.name !== undefined) out.name = requiredText(input.name, "name");
  for (const f of ["address", "contact_person"] as const)
    if (input[f] !== undefined) out[f] = textField(input[f], f, 200);
  if (input.phone !== undefined) out.phone = phoneField(input.phone, "phone");
  for (const f of ["email", "support_email"] as const) if (input[f] !== undefined) out[f] = optionalEmail(input[f], f);
  for (const f of ["late_time", "absent_time", "leave_time"] as const) {
    const v = input[f];
    if (v === null) throw userError(`${f} is required`, f);
    if (v !== undefined) out[f] = minutesField(v, f);
  }
  const late = out.late_time ?? before?.late_time;
  const absent = out.absent_time ?? before?.absent_time;
  if (late !== undefined && absent !== undefined && absent <= late)
    throw userError(
      "absent_time must be more than late_time",
      out.absent_time !== undefined ? "absent_time" : "late_time",
    );
  if (input.warning_percentage === null) throw userError("warning_percentage is required", "warning_percentage");
  if (input.warning_percentage !== undefined) {
    const w = input.warning_percentage;
    const { min, max } = SCHOOL_NUMBER_RANGES.warning_percentage;
    if (!isWholeIn(w, SCHOOL_NUMBER_RANGES.warning_percentage))
      throw userError(`warning_percentage must be a whole number from ${min} to ${max}`, "warning_percentage");
    out.warning_percentage = w;
  }
  if (input.timezone === null) throw userError("timezone is required", "timezone");
  if (input.timezone !== undefined) {
    if (!ZONES.includes(input.timezone) && input.timezone !== before?.timezone)
      throw userError(`timezone must be one of ${ZONES.join(", ")}`, "timezone");
    out.timezone = input.timezone;
  }
  if (input.token_pattern !== undefined) {
    const p = input.token_pattern?.trim() || "random";
    // includes the floor of 2^40 tokens: a token alone signs a phone in (decision 0403)
    const problem = tokenPatternProblem(p);
    if (problem) throw userError(problem, "token_pattern");
    out.token_pattern = p;
  }
  if (input.student_cap !== undefined) {
    const cap = input.student_cap;
    if (cap !== null && !isWholeIn(cap, SCHOOL_NUMBER_RANGES.student_cap))
      throw userError("student_cap must be a whole number of 0 or more, or empty for no cap", "student_cap");
    out.student_cap = cap;
  }
  if (input.allow_user_invite === null) throw userError("allow_user_invite is required", "allow_user_invite");
  if (input.allow_user_invite !== undefined) out.allow_user_invite = input.allow_user_invite;
  return out;
}
