/** Display helpers of detail pages: percentages, dates and times in the school's time zone. */
import { formatCount, TIME_ZONES } from "@rollbook/domain";

/** A zone as Settings lists it, "Eastern (New York)"; one not listed by its IANA name. */
export const zoneLabel = (tz: string) => TIME_ZONES.find((z) => z.value === tz)?.label ?? tz;

/** 87.456 -> "87.5%"; nothing -> "—". */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  return `${Math.round(value * 10) / 10}%`;
}

/** A course's or event's own threshold in minutes, "1,440 minutes"; none -> "School default". */
export const minutesOrDefault = (v: number | null) => (v === null ? "School default" : `${formatCount(v)} minutes`);

/** A 0-1 share as a whole percent: 0.873 -> "87%"; nothing -> "—". */
export function formatShare(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  return `${Math.round(value * 100)}%`;
}

function zoned(iso: string | null | undefined, timeZone: string | undefined, opts: Intl.DateTimeFormatOptions) {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: timeZone || "UTC", ...opts }).format(date);
  } catch {
    return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...opts }).format(date);
  }
}

/** A timestamp as "11/20/2026, 9:05 AM" in the school's time zone. */
export const formatDateTime = (iso: string | null | undefined, timeZone: string | undefined) =>
  zoned(iso, timeZone, { month: "2-digit", day: "2-digit", year: "numeric", hour: "numeric", minute: "2-digit" });

/**
 * A timestamp with seconds, "11/20/2026, 9:05:12 AM", in the school's time zone: also for a timeline
 * whose entries need not be of the day shown (an override made days later).
 */
export const formatDateTimeSeconds = (iso: string | null | undefined, timeZone: string | undefined) =>
  zoned(iso, timeZone, {
    month: "2-digit",
    day: "2-digit",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
  });

/** A timestamp's clock time, "9:05 AM", in the school's time zone. */
export const formatTime = (iso: string | null | undefined, timeZone: string | undefined) =>
  zoned(iso, timeZone, { hour: "numeric", minute: "2-digit" });

/** A timestamp with seconds, "9:05:12 AM", for timelines. */
export const formatTimeSeconds = (iso: string | null | undefined, timeZone: string | undefined) =>
  zoned(iso, timeZone, { hour: "numeric", minute: "2-digit", second: "2-digit" });
