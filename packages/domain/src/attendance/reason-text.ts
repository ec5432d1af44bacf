/**
 * A reason behind an attendance's confidence in words, for staff (decision 0550). Never sent to
 * the phone: it says which check a ping failed.
 */
import type { Reason } from "./confidence.ts";
import { SCAN_WITNESS_WINDOW_MS } from "./scan-witness.ts";

const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
/** A detail as shown: a missing one is "?" rather than "undefined". */
const v = (x: unknown) => (x === undefined || x === null || x === "" ? "?" : String(x));
const times = (pings: number) => (pings === 1 ? "1 ping" : `${pings} pings`);

function duration(seconds: number | null): string {
  if (seconds === null) return "an unknown time";
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}

export function reasonText(r: Reason): string {
  const d = r.detail;
  switch (r.kind) {
    case "offline_code":
      return "Offline code typed in by staff";
    case "scan_code":
      return "Scanned the event's code";
    case "beacon_seen":
      return `Heard beacon ${v(d.factory_id)}${n(d.rssi) !== null ? ` at ${v(d.rssi)} dBm` : ""} (${times(r.pings)})`;
    case "inside_fence": {
      const acc = n(d.accuracy_m);
      return `Inside the geofence, ${v(d.distance_m)} m from its centre${acc !== null ? `, accuracy ${acc} m` : ", no accuracy given"} (${times(r.pings)})`;
    }
    case "outside_fence":
      return `Outside the geofence, ${v(d.distance_m)} m from its centre (radius ${v(d.radius_m)} m) (${times(r.pings)})`;
    case "no_position":
      return d.place_has_fence ? `No position to compare (${times(r.pings)})` : "The place has no geofence";
    case "mocked_location":
      return `The phone reported a simulated location (${times(r.pings)})`;
    case "impossible_speed":
      return `Moved ${v(d.distance_m)} m in ${v(d.seconds)} s, faster than anyone travels (${times(r.pings)})`;
    case "repeated_coordinates":
      return `Exactly the same coordinates as the ping before (${times(r.pings)})`;
    case "implausible_accuracy":
      return `An accuracy no phone reports: ${v(d.accuracy_m)} m (${times(r.pings)})`;
    case "implausible_rssi":
      return `A beacon signal no phone reports: ${v(d.factory_id)} at ${v(d.rssi)} dBm (${times(r.pings)})`;
    case "scan_away": {
      const acc = n(d.accuracy_m);
      return `Scanned the event's code ${v(d.distance_m)} m from the place's centre, far outside its geofence (radius ${v(d.radius_m)} m${acc !== null ? `, accuracy ${acc} m` : ""}) (${times(r.pings)})`;
    }
    case "scan_unplaced":
      return `Scanned the event's code ${d.has_position ? "from a position outside the place's geofence" : "without a position"}, and the phone put them at the place neither then nor within ${Math.round(SCAN_WITNESS_WINDOW_MS / 60_000)} min (${times(r.pings)})`;
    case "late_delivery":
      return `Arrived ${duration(n(d.delay_s))} after it was recorded${d.offline_queued ? ", queued offline" : ""} (${times(r.pings)})`;
  }
}
