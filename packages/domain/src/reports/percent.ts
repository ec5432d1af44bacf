import { apaWeight, STATUSES } from "../statuses.ts";

/** Statuses that count as attended in a percentage (present, late, left_early), from the APA rule. */
export const ATTENDED_STATUSES: readonly number[] = STATUSES.filter((s) => apaWeight(s.id) === "attended").map(
  (s) => s.id,
);
/** Statuses that count as missed (absent); the rest (pending, excused, cancelled, travel) do not count. */
export const MISSED_STATUSES: readonly number[] = STATUSES.filter((s) => apaWeight(s.id) === "missed").map((s) => s.id);

/**
 * attended / (attended + missed) as a percentage with one decimal, as APA is (decisions.md);
 * null when no session counts, so "nothing to grade" is not shown as 0 %.
 */
export function attendancePercent(attended: number, missed: number): number | null {
  if (!Number.isInteger(attended) || !Number.isInteger(missed) || attended < 0 || missed < 0)
    throw new RangeError("attended and missed must be whole numbers of sessions");
  const counted = attended + missed;
  return counted === 0 ? null : Math.round((attended / counted) * 1000) / 10;
}
