import { roleById } from "@rollbook/domain";
import { notify } from "../../ui/notify.tsx";

export const roleName = (id: number) => roleById(id).display_name;

/** "Never" or a short local date and time: when a user last used the app. */
export function lastSeen(iso: string | null | undefined): string {
  if (!iso) return "Never";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "—" : d.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
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
 * record forms' wording), else notified. `except` names a field that is no input of the form.
 */
export function showRefusal(err: unknown, setFieldError: (field: string, message: string) => void, except?: string) {
  const { field, message } = fieldOf(err);
  if (field && field !== except) setFieldError(field, message);
  else notify.error(message);
}
