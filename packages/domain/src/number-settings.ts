/**
 * The ranges of the number settings of a school and a location. The server refuses a value out of
 * range and the forms say so before sending (never clamping what was typed), from the same table.
 */
import { MINUTES_IN_DAY } from "./courses/fields.ts";

export interface WholeRange {
  min: number;
  max: number;
}

export const SCHOOL_NUMBER_RANGES = {
  late_time: { min: 0, max: MINUTES_IN_DAY },
  absent_time: { min: 0, max: MINUTES_IN_DAY },
  leave_time: { min: 0, max: MINUTES_IN_DAY },
  warning_percentage: { min: 0, max: 100 },
  student_cap: { min: 0, max: 10_000_000 },
} as const satisfies Record<string, WholeRange>;

/** A geofence's radius in metres: a room to a campus. */
export const LOCATION_RADIUS = { min: 10, max: 5000 } as const satisfies WholeRange;

export const isWholeIn = (value: number, range: WholeRange): boolean =>
  Number.isInteger(value) && value >= range.min && value <= range.max;

/**
 * Typed text as a whole number in the range, or null: digits only (a sign, a decimal point or a
 * space inside is no whole number here), then the range.
 */
export function wholeTextIn(text: string, range: WholeRange): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return isWholeIn(n, range) ? n : null;
}
