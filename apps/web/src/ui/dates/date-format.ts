/** The spec's date format (month/day/year), with time for the datetime type. */
export const DATE_FORMAT = "MM/DD/YYYY";
export const DATETIME_FORMAT = "MM/DD/YYYY hh:mm A";
export const MONTH_FORMAT = "MM/YYYY";
/**
 * Calendars start their weeks on Sunday, as the spec writes days (Su M Tu W Th F Sa) and as a US
 * school reads a month; Mantine's default is Monday.
 */
export const FIRST_DAY_OF_WEEK = 0 as const;

// "2026-11-20" as "11/20/2026": the domain's, which the server's messages use too
export { formatDate } from "@rollbook/domain";

/** "11/20/2026" back to "2026-11-20"; null when it is not a real calendar date. */
export function parseDate(text: string): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${m[3]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** For "may restrict to available dates": a predicate excluding every other day. */
export function onlyDates(available: readonly string[] | undefined): ((date: string) => boolean) | undefined {
  if (!available) return undefined;
  const set = new Set(available.map((d) => d.slice(0, 10)));
  return (date: string) => !set.has(date.slice(0, 10));
}
