import { serverErrors } from "../../ui/form/server-errors.ts";
import { notify } from "../../ui/notify.tsx";

/**
 * For a save in useRecordForm on a form without an alert: a refusal naming none of its fields
 * is notified; one naming a field is thrown on, to land on that field.
 */
export function notifyUnnamed(err: unknown, labels: Record<string, string>): void {
  const { rest } = serverErrors(err, labels);
  if (!rest) throw err;
  notify.error(rest);
}
