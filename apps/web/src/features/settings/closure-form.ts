/** A closure's form (title, first and last day): values and the checks the browser makes. Pure. */
import type { Errors } from "../../ui/form/server-errors.ts";

export interface ClosureValues {
  title: string;
  start_date: string | null;
  end_date: string | null;
}

export type ClosureField = keyof ClosureValues;

export const CLOSURE_ORDER: readonly ClosureField[] = ["title", "start_date", "end_date"];

export const CLOSURE_LABELS: Record<ClosureField, string> = {
  title: "Title",
  start_date: "First day",
  end_date: "Last day",
};

export const EMPTY_CLOSURE: ClosureValues = { title: "", start_date: null, end_date: null };

export function closureErrors(v: ClosureValues): Errors<ClosureField> {
  const e: Errors<ClosureField> = {};
  if (!v.title.trim()) e.title = "Title is required";
  if (!v.start_date) e.start_date = "First day is required";
  if (!v.end_date) e.end_date = "Last day is required";
  else if (v.start_date && v.end_date < v.start_date) e.end_date = "Last day must be on or after the first day";
  return e;
}
