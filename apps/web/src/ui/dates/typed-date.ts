import { formatDate, parseDate } from "./date-format.ts";

export interface TypedBounds {
  /** "YYYY-MM-DD" bounds. */
  minDate?: string;
  maxDate?: string;
  /** When set, only these "YYYY-MM-DD" days can be picked. */
  availableDates?: readonly string[];
}

/** What a typed date reads as: its "YYYY-MM-DD" (null for none), or why it cannot be taken. */
export interface TypedRead {
  value: string | null;
  error: string | null;
}

/** A whole MM/DD/YYYY, day and month of one or two digits: once typed, its fault shows at once. */
export const isWholeDate = (text: string) => /^\s*\d{1,2}\/\d{1,2}\/\d{4}\s*$/.test(text);

/**
 * What a date typed into a field means: its "YYYY-MM-DD" (null for nothing), or why it cannot be
 * taken, in the field's words: not a date on the calendar (02/30/2026), before or after the
 * field's bounds, or not one of the days the calendar offers.
 */
export function readTypedDate(text: string, label: string, bounds: TypedBounds): TypedRead {
  if (text.trim() === "") return { value: null, error: null };
  const iso = parseDate(text);
  const refuse = (error: string) => ({ value: null, error });
  if (!iso) return refuse(`${label} must be a real date (MM/DD/YYYY)`);
  const { minDate, maxDate, availableDates } = bounds;
  if (minDate && iso < minDate.slice(0, 10)) return refuse(`${label} must be on or after ${formatDate(minDate)}`);
  if (maxDate && iso > maxDate.slice(0, 10)) return refuse(`${label} must be on or before ${formatDate(maxDate)}`);
  if (availableDates && !availableDates.some((d) => d.slice(0, 10) === iso)) {
    return refuse(`${label} cannot be ${formatDate(iso)}: pick one of the days the calendar offers`);
  }
  return { value: iso, error: null };
}

/**
 * The end of a range, typed: as readTypedDate, and not before the range's start (`start`, the
 * start box's date, named by its label): "End date must be on or after the start date (11/20/2026)".
 */
export function readTypedEnd(
  text: string,
  label: string,
  bounds: TypedBounds,
  start: { label: string; value: string | null },
): TypedRead {
  const read = readTypedDate(text, label, bounds);
  if (read.value === null || start.value === null || read.value >= start.value) return read;
  return {
    value: null,
    error: `${label} must be on or after the ${start.label.toLowerCase()} (${formatDate(start.value)})`,
  };
}
