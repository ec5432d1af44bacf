import { test } from "@playwright/test";
import { addDays, EARLY_WINDOW_MIN, localDate, localMinutes } from "@rollbook/domain";
import { DEMO_TZ } from "./demo.ts";

/**
 * The school's clock for specs that need a session in progress now, at any hour. Events and
 * courses are clock times of one day (HH:MM, end after start, 23:59 at most), so none runs past
 * midnight: near the day's end a spec must look to tomorrow, or wait for it.
 */

const DAY_MIN = 24 * 60;
const LAST_MINUTE = DAY_MIN - 1;

/** 545 -> "09:05". */
export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The school's minute of the day now (whole minutes). */
export const schoolMinute = (timeZone: string, at = new Date()) => Math.floor(localMinutes(at, timeZone));

/**
 * An event's date and times such that a phone may check in to it now and for a quarter of an
 * hour at least: from this minute for an hour (to 23:59 at most), or, in the day's last
 * EARLY_WINDOW_MIN minutes, tomorrow from midnight, whose early-arrival window (the server takes
 * check-ins that long before the start) is open now.
 */
export function eventOpenNow(timeZone: string, at = new Date()) {
  const now = schoolMinute(timeZone, at);
  const today = localDate(at, timeZone);
  if (now >= DAY_MIN - EARLY_WINDOW_MIN) return { date: addDays(today, 1), start_time: "00:00", end_time: "01:00" };
  return { date: today, start_time: hhmm(now), end_time: hhmm(Math.min(now + 60, LAST_MINUTE)) };
}

/**
 * For a spec that needs a session in progress for `minutes` more (the demo's "Open Study Hall"
 * meets 00:00-23:59, a spec's own course or event no later): when fewer are left before 23:59 in
 * the school's zone, waits for its midnight, when the next day's sessions begin, and lengthens
 * the test's timeout by the wait. Answers the milliseconds waited (0 on most runs).
 */
export async function roomInSchoolDay(minutes: number, timeZone = DEMO_TZ): Promise<number> {
  const left = LAST_MINUTE - localMinutes(new Date(), timeZone);
  if (left >= minutes) return 0;
  // to midnight, and a few seconds for the server's clock to be past it too
  const ms = Math.ceil((left + 1) * 60_000) + 5_000;
  test.info().setTimeout(test.info().timeout + ms);
  test.info().annotations.push({ type: "waited", description: `${Math.round(ms / 1000)} s for the school's midnight` });
  await new Promise((resolve) => setTimeout(resolve, ms));
  return ms;
}
