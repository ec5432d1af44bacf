import { roleById } from "@rollbook/domain";
import { formatDateTime } from "../../ui/detail/format.ts";
import { keyAsLabel } from "../../ui/form/server-errors.ts";
import { notify } from "../../ui/notify.tsx";

export const roleName = (id: number) => roleById(id).display_name;

/**
 * "Never" or the date and time in the school's time zone (not the browser's): when a user (or a
 * beacon) was last seen, when an invitation expires.
 */
export function lastSeen(iso: string | null | undefined, timeZone: string): string {
  return iso ? formatDateTime(iso, timeZone) : "Never";
}

export const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

/** The field a server error names, for putting the message under that input. */
export function fieldOf(err: unknown): { field: string | null; message: string } {
  const message = err instanceof Error ? err.message : "Something went wrong.";
  const errors = (err as { errors?: Record<string, string[]> } | null)?.errors ?? {};
  return { field: Object.keys(errors)[0] ?? null, message };
}

/**
 * A refused save of a user's forms: on the field it names, in the server's own words (not the
 * record forms' "Label: message"), else notified. A message that starts with the field's key
 * ("current_password is not correct") reads with the field's label instead. `except` names a
 * field that is no input of the form.
 */
export function showRefusal(
  err: unknown,
  setFieldError: (field: string, message: string) => void,
  { except, labels = {} }: { except?: string; labels?: Readonly<Record<string, string>> } = {},
) {
  const { field, message } = fieldOf(err);
  const label = field ? labels[field] : undefined;
  if (field && field !== except) setFieldError(field, (label && keyAsLabel(field, label, message)) || message);
  else notify.error(message);
}
