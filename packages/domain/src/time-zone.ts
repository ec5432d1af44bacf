/**
 * Wall-clock arithmetic in a school's IANA time zone using only Intl, so the
 * same code runs in Node and the browser with no time-zone database to ship.
 */
export interface ZonedParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 0 = Sunday
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    formatters.set(tz, f);
  }
  return f;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export function isValidTimeZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

export function zonedParts(at: Date, tz: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const p of formatter(tz).formatToParts(at)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? "Sun"),
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(at: Date, tz: string): string {
  const p = zonedParts(at, tz);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** Minutes past local midnight of an instant in a time zone. */
export function localMinutes(at: Date, tz: string): number {
  const p = zonedParts(at, tz);
  return p.hour * 60 + p.minute + p.second / 60;
}

/** Offset of the zone from UTC at an instant, in minutes (New York in winter: -300). */
export function zoneOffsetMinutes(at: Date, tz: string): number {
  const p = zonedParts(at, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - (at.getTime() - at.getUTCMilliseconds())) / 60000);
}

export function parseDate(date: string): { year: number; month: number; day: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`Invalid date "${date}": expected YYYY-MM-DD`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

/** "HH:MM" or "HH:MM:SS" to minutes past midnight. */
export function parseClock(time: string): number {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!m) throw new RangeError(`Invalid time "${time}": expected HH:MM`);
  return Number(m[1]) * 60 + Number(m[2]) + Number(m[3] ?? 0) / 60;
}

/**
 * The instant at which a wall clock in `tz` reads `date` `minutes`.
 * A time skipped by a spring-forward change moves forward by the gap (02:30 -> 03:30,
 * as Date and Temporal's "compatible" do);
 * a repeated one (fall back) to its first occurrence.
 */
export function zonedToUtc(date: string, minutes: number, tz: string): Date {
  const { year, month, day } = parseDate(date);
  const naive = Date.UTC(year, month - 1, day, 0, 0, 0) + Math.round(minutes * 60000);
  // Two passes settle the offset on either side of a change.
  let guess = naive - zoneOffsetMinutes(new Date(naive), tz) * 60000;
  const second = naive - zoneOffsetMinutes(new Date(guess), tz) * 60000;
  if (second !== guess) {
    const a = Math.min(guess, second);
    const b = Math.max(guess, second);
    // Repeated hour: both map back to the wall time; take the earlier. Gap: neither does; take the later.
    guess = localMatches(a, naive, tz) ? a : b;
  }
  return new Date(guess);
}

function localMatches(instant: number, naive: number, tz: string): boolean {
  return instant + zoneOffsetMinutes(new Date(instant), tz) * 60000 === naive;
}

/** Weekday (0 = Sunday) of a calendar date, independent of any zone. */
export function weekdayOf(date: string): number {
  const { year, month, day } = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function addDays(date: string, days: number): string {
  const { year, month, day } = parseDate(date);
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
