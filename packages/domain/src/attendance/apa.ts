import { addDays, weekdayOf } from "../time-zone.ts";

/** Monday..Sunday week containing a date (YYYY-MM-DD). */
export function weekRange(date: string): { from: string; to: string } {
  const sinceMonday = (weekdayOf(date) + 6) % 7;
  const from = addDays(date, -sinceMonday);
  return { from, to: addDays(from, 6) };
}

/** A team's APA: mean of its students' APAs that are not null, 1 decimal; null when none count. */
export function teamApa(studentApas: readonly (number | null)[]): number | null {
  const values = studentApas.filter((v): v is number => typeof v === "number" && Number.isFinite(v));
  if (values.length === 0) return null;
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return Math.round(mean * 10) / 10;
}

/**
 * Whether an APA is under the school's warning_percentage (decisions.md): flagged wherever an APA is
 * shown. An APA not there yet (no finished session) or a school without the setting flags nothing.
 */
export function isLowApa(apa: number | null | undefined, warningPercentage: number | null | undefined): boolean {
  return (
    typeof apa === "number" &&
    !Number.isNaN(apa) &&
    typeof warningPercentage === "number" &&
    !Number.isNaN(warningPercentage) &&
    apa < warningPercentage
  );
}
