/**
 * Display helpers of the /Students list alone. Pure, tested without a browser. Percentages are the
 * detail pages' helper (ui/detail/format.ts: formatPercent), not a copy of it.
 */
import { localDate } from "@rollbook/domain";

const dayNumber = (ymd: string) => {
  const [y = 0, m = 1, d = 1] = ymd.split("-").map(Number);
  return Date.UTC(y, m - 1, d) / 86_400_000;
};

/** MM/DD/YYYY h:mm AM/PM of an instant in the school's time zone. */
export function formatInZone(at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-US", {
      timeZone,
      month: "2-digit",
      day: "2-digit",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
    }).format(at);
  } catch {
    return at.toISOString();
  }
}

/**
 * "Last seen" relative to now, by the school's calendar: "just now", "5 minutes ago",
 * "3 hours ago" (today), "yesterday", "4 days ago" (within a week), else the date MM/DD/YYYY.
 * Null (never seen) is "Never".
 */
export function lastSeenText(iso: string | null | undefined, now: Date, timeZone: string): string {
  if (!iso) return "Never";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "Never";
  const seconds = Math.round((now.getTime() - at.getTime()) / 1000);
  const days = dayNumber(localDate(now, timeZone)) - dayNumber(localDate(at, timeZone));
  if (seconds < 0 || days < 0) return formatInZone(at, timeZone).split(",")[0] ?? "";
  if (days === 0 || seconds < 3600) {
    if (seconds < 60) return "just now";
    if (seconds < 3600) {
      const m = Math.floor(seconds / 60);
      return m === 1 ? "1 minute ago" : `${m} minutes ago`;
    }
    const h = Math.floor(seconds / 3600);
    return h === 1 ? "1 hour ago" : `${h} hours ago`;
  }
  if (days === 1) return "yesterday";
  if (days < 7) return `${days} days ago`;
  return formatInZone(at, timeZone).split(",")[0] ?? "";
}
