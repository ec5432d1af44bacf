/**
 * Where a virtual student's phone says it is: a point inside the fence of the session it is at
 * (sometimes with one of the room's beacons), else somewhere off campus. Pure and deterministic.
 */
import { isPresentAt, unit, type Visit } from "./behaviour.ts";

export interface SimFence {
  latitude: number;
  longitude: number;
  radius: number;
}

export interface SimPlace {
  fence: SimFence | null;
  beaconIds: readonly string[];
}

/** The body a phone sends for one ping (POST /api/v2/device/pings). */
export interface PingBody {
  id: string;
  recorded_at: string;
  latitude: number;
  longitude: number;
  accuracy: number;
  low_power: boolean;
  bluetooth: boolean;
  beacons: { factory_id: string; rssi: number }[];
  extra: { source: string };
}

const M_PER_DEG_LAT = 111_320;

/** A point `metres` from the centre at `bearing` (radians); flat-earth is exact enough at this scale. */
export function offset(c: { latitude: number; longitude: number }, metres: number, bearing: number) {
  const dLat = (metres * Math.cos(bearing)) / M_PER_DEG_LAT;
  const dLon = (metres * Math.sin(bearing)) / (M_PER_DEG_LAT * Math.cos((c.latitude * Math.PI) / 180));
  return { latitude: c.latitude + dLat, longitude: c.longitude + dLon };
}

/** Share of pings at a location that also report one of its beacons. */
export const BEACON_SHARE = 0.3;
/** Off campus: this far from every session's location. */
export const AWAY_M = 1500;

/** Where the phone is at `at`, given the visits it makes today (first matching visit wins). */
export function pingAt(
  student: number,
  at: Date,
  visits: readonly { visit: Visit; place: SimPlace }[],
  home: { latitude: number; longitude: number },
): PingBody {
  const minute = Math.floor(at.getTime() / 60_000);
  const r = (k: number) => unit(student, minute, k);
  const accuracy = 5 + Math.round(r(1) * 25);
  const here = visits.find((v) => v.place.fence && isPresentAt(v.visit, at));
  const base = {
    id: `sim-${student}-${at.getTime()}`,
    recorded_at: at.toISOString(),
    accuracy,
    low_power: r(2) < 0.1,
    extra: { source: "simulator" },
  };
  if (here?.place.fence) {
    const f = here.place.fence;
    // well inside: at most half the radius from the centre, so accuracy never pushes it out
    const point = offset(f, r(3) * f.radius * 0.5, r(4) * 2 * Math.PI);
    const ids = here.place.beaconIds;
    const beacon = ids.length > 0 && r(5) < BEACON_SHARE ? ids[Math.floor(r(6) * ids.length)] : undefined;
    return {
      ...base,
      ...point,
      bluetooth: beacon !== undefined,
      beacons: beacon ? [{ factory_id: beacon, rssi: -50 - Math.round(r(7) * 40) }] : [],
    };
  }
  const point = offset(home, r(3) * 200, r(4) * 2 * Math.PI);
  return { ...base, ...point, bluetooth: false, beacons: [] };
}

/** A point AWAY_M north of the first fence: outside every campus fence (all are within a few hundred metres). */
export function homeFor(places: readonly SimPlace[], fallback: { latitude: number; longitude: number }) {
  const f = places.find((p) => p.fence)?.fence ?? fallback;
  return offset(f, AWAY_M, 0);
}
