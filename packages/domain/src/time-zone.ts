/**
 * Wall-clock arithmetic in a school's IANA time zone. Offsets come from @date-fns/tz
 * (Intl underneath, so Node and the browser need no zone database); the rule for skipped
 * and repeated local times is ours (decision 0500).
 */
import { tzOffset } from "@date-fns/tz";

export interface ZonedParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 0 = Sunday
}

const DAY_MS = 86_400_000;
const known = new Set<string>();

export function isValidTimeZone(tz: string): boolean {
  if (known.has(tz)) return true;
  try {
    // Intl rejects unknown names; tzOffset alone would read "Mars+05" as an offset.
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
  } catch {
    return false;
  }
  if (Number.isNaN(tzOffset(tz, new Date(0)))) return false;
  known.add(tz);
  return true;
}

function checkZone(tz: string): void {
  if (!isValidTimeZone(tz)) throw new RangeError(`Invalid time zone "${tz}"`);
}

/** Offset in ms, rounded to the second as @date-fns/tz does for historical offsets. */
const offsetMs = (tz: string, t: number) => Math.round(tzOffset(tz, new Date(t)) * 60) * 1000;

/** The wall clock of `at` in `tz` in the UTC fields of a Date (one Intl call; TZDate takes two). */
function wallClock(at: Date, tz: string): Date {
  const t = at.getTime();
  if (Number.isNaN(t)) throw new RangeError("Invalid time value");
  checkZone(tz);
  return new Date(t + offsetMs(tz, t));
}

export function zonedParts(at: Date, tz: string): ZonedParts {
  const w = wallClock(at, tz);
  return {
    year: w.getUTCFullYear(),
    month: w.getUTCMonth() + 1,
    day: w.getUTCDate(),
    hour: w.getUTCHours(),
    minute: w.getUTCMinutes(),
    second: w.getUTCSeconds(),
    weekday: w.getUTCDay(),
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(at: Date, tz: string): string {
  const w = wallClock(at, tz);
  return `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`;
}

/** Minutes past local midnight of an instant in a time zone (seconds as a fraction). */
export function localMinutes(at: Date, tz: string): number {
  const w = wallClock(at, tz);
  return w.getUTCHours() * 60 + w.getUTCMinutes() + w.getUTCSeconds() / 60;
}

/** Offset of the zone from UTC at an instant, in minutes (New York in winter: -300). */
export function zoneOffsetMinutes(at: Date, tz: string): number {
  checkZone(tz);
  return tzOffset(tz, at);
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
 * The instant at which a wall clock in `tz` reads `date` `minutes` (decision 0500).
 * A repeated local time (fall back) is its first occurrence, the earlier instant; a local
 * time skipped by a spring-forward change is the first instant after the gap (02:30 -> 03:00),
 * so a later local time never maps to an earlier instant and a session never ends before it starts.
 */
export function zonedToUtc(date: string, minutes: number, tz: string): Date {
  const key = `${tz} ${date} ${minutes}`;
  let t = memo.get(key);
  if (t === undefined) {
    t = toUtc(date, minutes, tz);
    // Schedules ask the same few (zone, date, time) for every student: a small bounded memo.
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(key, t);
  }
  return new Date(t);
}

const MEMO_SIZE = 4096;
const memo = new Map<string, number>();

function toUtc(date: string, minutes: number, tz: string): number {
  checkZone(tz);
  const { year, month, day } = parseDate(date);
  // The wall time written as if it were UTC.
  const wall = Date.UTC(year, month - 1, day) + Math.round(minutes * 60_000);
  // Read with the offsets in force a day either side: a zone changes at most once in that span.
  const early = wall - offsetMs(tz, wall - DAY_MS);
  const late = wall - offsetMs(tz, wall + DAY_MS);
  const reads = (t: number) => t + offsetMs(tz, t) === wall;
  // In a repeated hour both read back and `early` is the earlier instant (the clock went back).
  if (reads(early)) return early;
  if (late !== early && reads(late)) return late;
  // Skipped: the change lies between `late` (old offset) and `early` (new offset).
  return firstChangeAfter(tz, late, early);
}

/** The first instant in (lo, hi] whose offset differs from lo's (bisection to the millisecond). */
function firstChangeAfter(tz: string, lo: number, hi: number): number {
  const before = offsetMs(tz, lo);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetMs(tz, mid) === before) lo = mid;
    else hi = mid;
  }
  return hi;
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
