/**
 * The phone's position sent with a scan (decision 0552): the server keeps a scan from clearly
 * away for a person instead of believing it, so a code relayed from a friend's screen does not
 * count on its own.
 */
import type { Fix } from "./location-tracker.ts";

/**
 * A fix goes with a scan only while this fresh: in a minute a student walks less than the
 * server's away margin (100 m past the fence), so a fix taken on the way in cannot make an
 * honest scan look far away.
 */
export const SCAN_FIX_MAX_AGE_MS = 60_000;
/** A fix stamped this far ahead of the phone's clock still counts (the platform's own rounding). */
const AHEAD_SLACK_MS = 5_000;

export interface ScanPosition {
  latitude?: number;
  longitude?: number;
  accuracy?: number;
}

/** The fields to add to POST /scan: the last fix when it is fresh, else none (as an older app sends). */
export function scanPosition(fix: Fix | null, now = Date.now()): ScanPosition {
  if (!fix) return {};
  const age = now - fix.at;
  if (!Number.isFinite(age) || age > SCAN_FIX_MAX_AGE_MS || age < -AHEAD_SLACK_MS) return {};
  if (!Number.isFinite(fix.latitude) || !Number.isFinite(fix.longitude)) return {};
  const out: ScanPosition = { latitude: fix.latitude, longitude: fix.longitude };
  if (Number.isFinite(fix.accuracy) && fix.accuracy >= 0) out.accuracy = fix.accuracy;
  return out;
}
