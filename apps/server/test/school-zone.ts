import { zoneOffsetMinutes } from "@rollbook/domain";
import { DEMO_TZ } from "../src/db/seed/demo.ts";

/** A zone of the spec's list that never changes its clocks. */
export const ZONE_WITHOUT_DST = "America/Phoenix";
const HOUR = 3_600_000;
/** Wide enough for the fixtures' sessions (yesterday's, for the finaliser) and a long run. */
const CALM_HOURS = 48;

/** True when the zone keeps one UTC offset from `hours` before `at` to `hours` after it. */
export function keepsOffset(tz: string, at: Date, hours = CALM_HOURS): boolean {
  const offset = zoneOffsetMinutes(at, tz);
  for (let h = -hours; h <= hours; h++) {
    if (zoneOffsetMinutes(new Date(at.getTime() + h * HOUR), tz) !== offset) return false;
  }
  return true;
}

/**
 * The demo school's zone in tests. The fixtures write sessions as local clock times around now
 * ("now less 30 minutes" as "HH:MM"). Near a clock change such a time can name an hour that
 * happens twice, or a wall-clock span that lasts an hour more or less than the test assumes. The
 * engine is right there (decision 0500: the earlier of a repeated time); the fixtures' arithmetic
 * is not. So within two days of New York's change the tests' school runs in Phoenix, a zone of
 * the spec without DST; on every other day in New York, whose DST the engine must handle.
 */
export function testSchoolZone(at: Date): string {
  return keepsOffset(DEMO_TZ, at) ? DEMO_TZ : ZONE_WITHOUT_DST;
}
