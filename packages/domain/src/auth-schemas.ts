import { z } from "zod";
import { directionControlProblem } from "./direction-controls.ts";

/** The longest e-mail address taken (RFC 5321's path limit), everywhere one is typed. */
export const EMAIL_MAX = 254;

/** Request bodies of the REST auth calls, shared by the server and the web forms. */
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .email("must be a valid e-mail address")
  .max(EMAIL_MAX, `must be at most ${EMAIL_MAX} characters`);
export const password = z.string().min(8, "must be at least 8 characters").max(200, "must be at most 200 characters");

export const loginInput = z.object({
  email,
  password: z.string().min(1, "is required").max(200, "must be at most 200 characters"),
});

export const forgotInput = z.object({ email });

export const resetInput = z
  .object({
    token: z.string().uuid("must be a valid reset link"),
    password,
    password_confirmation: z.string(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "must match the password",
  });

export const checkInvitationInput = z.object({ token: z.string().uuid("must be a valid invitation link") });

/** POST /api/v2/email/confirm: the secret of a mailed link confirming a new e-mail (decision 0951). */
export const confirmEmailInput = z.object({ token: z.string().uuid("must be a valid confirmation link") });

/** A person's name as a registration takes it: trimmed, 1-100 characters, no text-direction controls. */
const personName = z
  .string()
  .trim()
  .min(1, "is required")
  .max(100, "must be at most 100 characters")
  .superRefine((v, ctx) => {
    const problem = directionControlProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const registerInput = z
  .object({
    token: z.string().uuid("must be a valid invitation link"),
    first_name: personName,
    last_name: personName,
    password,
    password_confirmation: z.string(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "must match the password",
  });

/** What a JSON value that is there but of the wrong kind must be, by zod's `expected`. */
const KIND: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  object: "a JSON object",
  record: "a JSON object",
  array: "a list",
  tuple: "a list",
  set: "a list",
  date: "a date",
};

const plural = (n: number | bigint, unit: string) => `${n} ${unit}${n === 1 || n === 1n ? "" : "s"}`;

/**
 * The product's wording of an upper limit, with its value ("must be at most 200 characters"):
 * the one helper for every size message, zod's (below) and the hand-written checks alike.
 */
export function atMost(n: number | bigint, unit: "character" | "byte" | "item"): string {
  return `must ${unit === "item" ? "hold" : "be"} at most ${plural(n, unit)}`;
}

/** The product's wording of a size issue ("must be at most 200 characters"); undefined when it has none. */
function sizeMessage(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall): string | undefined {
  const big = issue.code === "too_big";
  const n = big ? issue.maximum : issue.minimum;
  const unit =
    issue.origin === "string" ? "character" : issue.origin === "array" || issue.origin === "set" ? "item" : "";
  if (unit) {
    // an empty text where one is needed: the wording of every other required field
    if (!big && issue.origin === "string" && !issue.exact && Number(n) === 1) return "is required";
    const count = plural(n, unit);
    const verb = unit === "item" ? "hold" : "be";
    if (issue.exact) return `must ${verb} exactly ${count}`;
    return big ? atMost(n, unit) : `must ${verb} at least ${count}`;
  }
  if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
    if (big) return issue.inclusive ? `must be at most ${n}` : `must be less than ${n}`;
    return issue.inclusive ? `must be at least ${n}` : `must be more than ${n}`;
  }
  return undefined;
}

/** The value at a zod issue's path in the input, undefined where there is none (own keys only). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const key of path) {
    if (v === null || typeof v !== "object" || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** Whether zod wrote the issue's message itself (no schema gave one): its default English text. */
function isZodDefault(issue: z.core.$ZodIssue, value: unknown): boolean {
  const fallback = z.config().localeError?.({ ...issue, input: value } as z.core.$ZodRawIssue);
  const text = typeof fallback === "string" ? fallback : fallback?.message;
  return text === issue.message;
}

/**
 * One zod issue in the product's words (a field's errors read "is required", "must be a string",
 * "must be at most 200 characters"). `value` is what the input held at the issue's path: a missing
 * (or null) value is required; one of the wrong kind says which kind it must be. A message a
 * schema gave is kept; only zod's own default texts are reworded.
 */
export function issueMessage(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code === "invalid_type") {
    if (value === undefined || value === null) return "is required";
    if (!isZodDefault(issue, value)) return issue.message;
    const kind = KIND[issue.expected];
    return kind ? `must be ${kind}` : `must be of type ${issue.expected}`;
  }
  if ((issue.code === "too_big" || issue.code === "too_small") && isZodDefault(issue, value))
    return sizeMessage(issue) ?? issue.message;
  return issue.message;
}

/**
 * zod issues as `{ field: [messages] }`, the error shape of every REST answer. `input` is what was
 * parsed, to tell a missing field from one of the wrong kind. A field of the wrong kind gets that
 * one message (the checks zod still ran on it, e.g. a length on an array, say nothing more), and
 * no field repeats a message.
 */
export function fieldErrors(error: z.ZodError, input?: unknown): Record<string, string[]> {
  const keyOf = (issue: z.core.$ZodIssue) => issue.path.map(String).join(".") || "body";
  const mistyped = new Set(error.issues.filter((i) => i.code === "invalid_type").map(keyOf));
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = keyOf(issue);
    if (issue.code !== "invalid_type" && mistyped.has(key)) continue;
    const msg = issueMessage(issue, valueAt(input, issue.path));
    const list = out[key] ?? [];
    if (!list.includes(msg)) list.push(msg);
    out[key] = list;
  }
  return out;
}
