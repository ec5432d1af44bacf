/**
 * Form field rules (spec section 5): each rule has a message, an optional required flag and
 * the trigger that runs it (blur or change); the first failing rule's message is shown.
 * Pure, so the states are tested without a browser.
 */
import type { ZodType } from "zod";

export type Trigger = "blur" | "change";
export type FieldStatus = "none" | "validating" | "error" | "success";

/** A check: true passes, false fails with the rule's message, a string fails with that text. */
export type Check<V> = (value: V) => boolean | string | Promise<boolean | string>;

export interface Rule<V> {
  message: string;
  required?: boolean;
  validate?: Check<V>;
  /** When the rule runs while typing or on leaving the field; every rule runs on submit. @default "blur" */
  trigger?: Trigger | readonly Trigger[];
}

export const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.length === 0);

export function runsOn(rule: Rule<unknown>, trigger: Trigger | "submit"): boolean {
  if (trigger === "submit") return true;
  const t = rule.trigger ?? "blur";
  return typeof t === "string" ? t === trigger : t.includes(trigger);
}

/** True when some rule for this trigger needs async work (the field shows "validating"). */
export const hasChecks = <V>(rules: readonly Rule<V>[], trigger: Trigger | "submit") =>
  rules.some((r) => r.validate && runsOn(r as Rule<unknown>, trigger));

/**
 * The first failing message for a trigger, or null when every applicable rule passes.
 * An empty optional value passes all of its checks; an empty required value fails the required rule.
 */
export async function firstFailure<V>(
  rules: readonly Rule<V>[],
  value: V,
  trigger: Trigger | "submit",
): Promise<string | null> {
  const empty = isEmpty(value);
  for (const rule of rules) {
    if (!runsOn(rule as Rule<unknown>, trigger)) continue;
    if (rule.required && empty) return rule.message;
    if (!rule.validate || empty) continue;
    const result = await rule.validate(value);
    if (result === false) return rule.message;
    if (typeof result === "string") return result;
  }
  return null;
}

/** A rule from a zod schema (the shared auth schemas): "Email must be a valid e-mail address". */
export function zodRule<V>(schema: ZodType, label: string, trigger: Rule<V>["trigger"] = "blur"): Rule<V> {
  return {
    message: `${label} is not valid`,
    trigger,
    validate: (value) => {
      const parsed = schema.safeParse(value);
      if (parsed.success) return true;
      const issue = parsed.error.issues[0];
      return issue ? `${label} ${issue.message}` : false;
    },
  };
}

export const required = <V>(label: string, trigger: Rule<V>["trigger"] = ["blur", "change"]): Rule<V> => ({
  required: true,
  message: `${label} is required`,
  trigger,
});

/** The confirmation field must equal another field's current value. */
export const sameAs = <V>(other: () => V, message: string, trigger: Rule<V>["trigger"] = "blur"): Rule<V> => ({
  message,
  trigger,
  validate: (value) => value === other(),
});

/**
 * The pattern the server's zod `email` schema checks (zod's `z.regexes.email`), copied so /Login
 * ships no zod; rules.test.ts fails if zod's ever differs. A looser shape let "a@b.c" pass here and
 * be refused by the server, one field at a time.
 */
export const EMAIL_SHAPE =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** Whether a typed address is an e-mail address by the server's rule (after trimming, as it does). */
export const isEmailShape = (value: string) => EMAIL_SHAPE.test(value.trim());

/** "<label> must be a valid e-mail address" (the server's wording); the server checks fully. */
export const emailRule = <V extends string>(label: string, trigger: Rule<V>["trigger"] = "blur"): Rule<V> => ({
  message: `${label} must be a valid e-mail address`,
  trigger,
  validate: isEmailShape,
});

/** "<label> must be at most <max> characters" (the server's limit, from the domain), trimmed as the server trims. */
export const maxLength = (
  label: string,
  max: number,
  trigger: Rule<string>["trigger"] = ["blur", "change"],
): Rule<string> => ({
  message: `${label} must be at most ${max} characters`,
  trigger,
  validate: (v) => v.trim().length <= max,
});
