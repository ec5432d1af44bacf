/**
 * A scan whose own position does not put the student at the place is not believed on its own: a
 * code relayed from a friend's screen goes into a hand-made request without a position
 * (decision 0552). It counts when the student's own live pings place them there around the
 * scan; else a person decides.
 */
import { PRESENCE_GAP_MIN } from "./evaluate.ts";
import { isAtLocation, isClearlyAway, type PingSignal, type PlaceSignals } from "./geofence.ts";

/**
 * How far a phone ping may be from a scan, either way, to vouch for it: a ping's presence lasts
 * this long in the timeline anyway (PRESENCE_GAP_MIN), the check-in app pings every 30 s or so
 * while open, and a phone that finds its first indoor fix minutes after the scan is still in
 * time. Longer would let a ping from the room an hour before vouch for a code relayed home.
 */
export const SCAN_WITNESS_WINDOW_MS = PRESENCE_GAP_MIN * 60_000;

/**
 * Whether a scan needs a witness: the place has a fence and the scan's own position (none, or one
 * neither inside nor clearly away) does not put the student there. A place without a fence has
 * nothing to compare, so its scans are believed; a scan from clearly away is never believed.
 */
export function scanNeedsWitness(scan: PingSignal, place: PlaceSignals): boolean {
  return place.fence !== null && !isAtLocation(scan, place) && !isClearlyAway(scan, place);
}

/** Whether a phone ping recorded at `pingAt` is near enough in time to vouch for a scan at `scanAt`. */
export const inWitnessWindow = (scanAt: Date, pingAt: Date) =>
  Math.abs(scanAt.getTime() - pingAt.getTime()) <= SCAN_WITNESS_WINDOW_MS;
