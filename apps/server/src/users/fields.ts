import { directionControlProblem, email as emailRule, phoneProblem } from "@rollbook/domain";
import { userError } from "../graphql/builder.ts";

const NAME_MAX = 100;

/** A required name: trimmed, not empty, at most 100 characters; the error names the field. */
export function nameField(value: string, field: string): string {
  const v = value.trim();
  if (!v) throw userError(`${field} is required`, field);
  if (v.length > NAME_MAX) throw userError(`${field} must be at most ${NAME_MAX} characters`, field);
  if (v.includes("\u0000")) throw userError(`${field} must not contain NUL`, field);
  const controls = directionControlProblem(v);
  if (controls) throw userError(`${field} ${controls}`, field);
  return v;
}

export function optionalName(value: string | null | undefined, field: string): string {
  if (!value?.trim()) return "";
  return nameField(value, field);
}

export function emailField(value: string): string {
  const parsed = emailRule.safeParse(value);
  if (!parsed.success) throw userError(`email ${parsed.error.issues[0]?.message}`, "email");
  return parsed.data;
}

/** A phone number kept as its digits (the spec shows (123) 456-7890); 7 to 15 digits, or none (the domain's rule). */
export function phoneField(value: string | null | undefined, field = "phone_number"): string | null {
  if (value === null || value === undefined || !value.trim()) return null;
  const problem = phoneProblem(value);
  if (problem) throw userError(`${field} ${problem}`, field);
  return value.replace(/\D/g, "");
}
