/** Display helpers of the dashboard. */

/**
 * A short list's caption: "The first 10 of 120 students missing attendance." when it holds part
 * of them, else "1 student missing attendance." / "3 students ...".
 */
export function shownOf(shown: number, total: number, [one, many]: readonly [string, string], rest: string): string {
  return total > shown
    ? `The first ${shown} of ${total} ${many} ${rest}.`
    : `${total} ${total === 1 ? one : many} ${rest}.`;
}

/** 87.456 -> "87.5%"; nothing -> "—". */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  return `${Math.round(value * 10) / 10}%`;
}

/** A timestamp as MM/DD/YYYY h:mm AM/PM in the school's time zone. */
export function formatDateTime(iso: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat("en-US", {
      timeZone: timeZone || "UTC",
      month: "2-digit",
      day: "2-digit",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
    }).format(date);
  } catch {
    return date.toISOString();
  }
}
