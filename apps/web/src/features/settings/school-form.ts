/** The School tab's form: the school's fields as text inputs, and back to the call's variables. Pure. */
import {
  formatCount,
  formatPhone,
  phoneProblem,
  SCHOOL_NUMBER_RANGES,
  TIME_ZONES,
  wholeTextIn,
} from "@rollbook/domain";
import { isEmailShape } from "../../ui/form/rules.ts";
import type { Errors } from "../../ui/form/server-errors.ts";

export interface SchoolLike {
  name: string;
  address?: string | null;
  contact_person?: string | null;
  phone?: string | null;
  email?: string | null;
  support_email?: string | null;
  late_time: number;
  absent_time: number;
  leave_time: number;
  warning_percentage: number;
  timezone: string;
  token_pattern: string;
  student_cap?: number | null;
  allow_user_invite: boolean;
}

export interface SchoolFormValues {
  name: string;
  address: string;
  contact_person: string;
  phone: string;
  email: string;
  support_email: string;
  late_time: string;
  absent_time: string;
  leave_time: string;
  warning_percentage: string;
  timezone: string;
  token_pattern: string;
  student_cap: string;
  allow_user_invite: boolean;
}

/** What each field is called on screen (labels, and the errors that name them). */
export const SCHOOL_LABELS: Record<keyof SchoolFormValues, string> = {
  name: "Name",
  address: "Address",
  contact_person: "Contact person",
  phone: "Phone",
  email: "E-mail",
  support_email: "Support e-mail",
  late_time: "Late after (minutes)",
  absent_time: "Absent after (minutes)",
  leave_time: "Left early if leaving more than (minutes before the end)",
  warning_percentage: "Warning below (APA %)",
  timezone: "Time zone",
  token_pattern: "Token pattern",
  student_cap: "Student cap",
  allow_user_invite: "Allow inviting users",
};

export function schoolFormValues(s: SchoolLike): SchoolFormValues {
  return {
    name: s.name,
    address: s.address ?? "",
    contact_person: s.contact_person ?? "",
    // shown as (123) 456-7890 (spec section 5); the server keeps the digits
    phone: s.phone ? formatPhone(s.phone) : "",
    email: s.email ?? "",
    support_email: s.support_email ?? "",
    late_time: String(s.late_time),
    absent_time: String(s.absent_time),
    leave_time: String(s.leave_time),
    warning_percentage: String(s.warning_percentage),
    timezone: s.timezone,
    token_pattern: s.token_pattern,
    student_cap: s.student_cap == null ? "" : String(s.student_cap),
    allow_user_invite: s.allow_user_invite,
  };
}

/** The fields the browser checks (in screen order: the first at fault takes focus). */
export const SCHOOL_ORDER = Object.keys(SCHOOL_LABELS) as (keyof SchoolFormValues)[];

/** The checks alone, for the form. */
export function schoolErrors(v: SchoolFormValues): Errors<keyof SchoolFormValues> {
  const r = schoolVariables(v);
  return r.ok ? {} : r.errors;
}

/** 1440, but 10,000,000: a large bound is easier read grouped. */
const bound = (n: number) => (n >= 10_000 ? formatCount(n) : String(n));

/** "... must be a whole number from 0 to 100": the server's rule (the domain's range), in the field's words. */
const wholeProblem = (f: keyof typeof SCHOOL_NUMBER_RANGES) => {
  const { min, max } = SCHOOL_NUMBER_RANGES[f];
  return `${SCHOOL_LABELS[f]} must be a whole number from ${bound(min)} to ${bound(max)}`;
};

/**
 * The update's variables, or the first problem of each field the browser can see, all at once
 * (the server checks everything again, stops at the first, and names its field the same way):
 * the name, the numbers, the e-mails' shape (emailRule's check; empty is none) and the phone by
 * the server's rule (the domain's `phoneProblem`; empty is none).
 */
export function schoolVariables(
  v: SchoolFormValues,
):
  | { ok: true; variables: Record<string, string | number | boolean | null> }
  | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!v.name.trim()) errors.name = "Name is required";
  const phone = phoneProblem(v.phone);
  if (phone) errors.phone = `${SCHOOL_LABELS.phone} ${phone}`;
  for (const f of ["email", "support_email"] as const)
    if (v[f].trim() && !isEmailShape(v[f])) errors[f] = `${SCHOOL_LABELS[f]} must be a valid e-mail address`;
  const numbers: Record<string, number> = {};
  // what was typed is checked as typed: a sign, a decimal point or a number out of range is an error
  for (const f of ["late_time", "absent_time", "leave_time", "warning_percentage"] as const) {
    const n = wholeTextIn(v[f], SCHOOL_NUMBER_RANGES[f]);
    if (n === null) errors[f] = wholeProblem(f);
    else numbers[f] = n;
  }
  if (numbers.late_time !== undefined && numbers.absent_time !== undefined && numbers.absent_time <= numbers.late_time)
    errors.absent_time = "Absent after must be more than late after";
  const cap = v.student_cap.trim();
  if (cap && wholeTextIn(cap, SCHOOL_NUMBER_RANGES.student_cap) === null)
    errors.student_cap = `${wholeProblem("student_cap")}, or empty for no cap`;
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    variables: {
      name: v.name,
      address: v.address,
      contact_person: v.contact_person,
      phone: v.phone,
      email: v.email,
      support_email: v.support_email,
      ...numbers,
      timezone: v.timezone,
      token_pattern: v.token_pattern,
      student_cap: cap ? Number(cap) : null,
      allow_user_invite: v.allow_user_invite,
    },
  };
}

/**
 * The time zone field's options: the listed zones, and the school's own when it is none of them (set
 * at installation by ADMIN_TIMEZONE, decision 0961). Without it the select would show, and save, the
 * first option instead: a school in Sydney moved to New York by saving its address.
 */
export function zoneOptions(current: string): { value: string; label: string }[] {
  const listed = TIME_ZONES.map((z) => ({ value: z.value as string, label: z.label as string }));
  return listed.some((z) => z.value === current) ? listed : [...listed, { value: current, label: current }];
}

/** A new school (role 1): its name and time zone. */
export interface NewSchoolValues {
  name: string;
  timezone: string;
}

export const NEW_SCHOOL_ORDER: readonly (keyof NewSchoolValues)[] = ["name", "timezone"];

export const NEW_SCHOOL_LABELS: Record<keyof NewSchoolValues, string> = { name: "School name", timezone: "Time zone" };

export const newSchoolErrors = (v: NewSchoolValues): Errors<keyof NewSchoolValues> =>
  v.name.trim() ? {} : { name: "School name is required" };
