import { DATE_PROBLEM, isValidDate } from "../dates.ts";
import { addDays } from "../time-zone.ts";

/** A report's date range may span at most two years (issue 12, "Bad input"). */
export const REPORT_MAX_DAYS = 731;

export class ReportInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "ReportInputError";
  }
}

/**
 * The start_date and end_date of a report, both inclusive, checked: required where the report
 * needs them, real dates, not reversed, and no longer than two years. Throws ReportInputError
 * naming the field at fault.
 */
export function reportRange(
  start: string | null | undefined,
  end: string | null | undefined,
  required = true,
): { start: string; end: string } | { start: string | null; end: string | null } {
  for (const [field, value] of [
    ["start_date", start],
    ["end_date", end],
  ] as const) {
    if (value == null || value === "") {
      if (required) throw new ReportInputError(field, `${field} is required`);
    } else if (!isValidDate(value)) throw new ReportInputError(field, `${field} ${DATE_PROBLEM}`);
  }
  const s = start || null;
  const e = end || null;
  if (s && e) {
    if (s > e) throw new ReportInputError("end_date", "end_date must not be before start_date");
    if (addDays(s, REPORT_MAX_DAYS - 1) < e)
      throw new ReportInputError(
        "end_date",
        `end_date must be at most ${REPORT_MAX_DAYS - 1} days after start_date (two years)`,
      );
  }
  return { start: s, end: e };
}
