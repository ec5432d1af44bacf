/**
 * Field errors of the forms (use-record-form.ts): the server names a bad field in
 * `extensions.field` and usually starts its message with the field's key ("name: the school
 * already has a team named X", "capacity must be ..."); the form shows it on that field in the
 * field's words ("Name: the school already has ..."). Pure, tested without a browser.
 */
import { RequestError } from "../../lib/http.ts";

export type Errors<K extends string> = Partial<Record<K, string>>;

/** "capacity must be ..." with label "Capacity" -> "Capacity must be ..."; null when it does not start with the key. */
export function keyAsLabel(key: string, label: string, message: string): string | null {
  const m = message.trim();
  return m.toLowerCase().startsWith(key.toLowerCase()) ? `${label}${m.slice(key.length)}` : null;
}

/** A field's message in the form's words: the key read as its label, else "Label: message". */
export function inWords(key: string, label: string, message: string): string {
  return keyAsLabel(key, label, message) ?? `${label}: ${message.trim()}`;
}

/**
 * A refused save as field errors: every field the server named that the form has, in words;
 * `rest` is a message for the form when no field of it was named.
 */
export function serverErrors<K extends string>(
  err: unknown,
  labels: Record<K, string>,
  aliases: Partial<Record<string, K>> = {},
): { fields: Errors<K>; rest: string | null } {
  const message = err instanceof Error ? err.message : "That did not work.";
  if (!(err instanceof RequestError)) return { fields: {}, rest: message };
  const fields: Errors<K> = {};
  for (const [key, messages] of Object.entries(err.errors)) {
    const k = (key in labels ? key : aliases[key]) as K | undefined;
    const first = messages[0];
    if (!k || !first) continue;
    fields[k] = inWords(key, labels[k], first);
  }
  return Object.keys(fields).length ? { fields, rest: null } : { fields, rest: message };
}

/** The first key (in the form's order) that has an error. */
export const firstError = <K extends string>(order: readonly K[], errors: Errors<K>): K | undefined =>
  order.find((k) => errors[k]);
