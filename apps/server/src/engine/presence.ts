import {
  isAtLocation,
  type PingSignal,
  type PlaceSignals,
  PRESENCE_GAP_MIN,
  type PresenceSample,
} from "@rollbook/domain";
import type { ActiveSession } from "./sessions-for-student.ts";

/**
 * Presence that is not a phone ping (an event scan, an offline code typed by staff) is stored as
 * a ping whose device id starts with this prefix; the device API refuses such ids from phones,
 * so a phone cannot fake one.
 */
export const PRESENCE_PREFIX = "presence:";

export interface StoredPing {
  device_ping_id: string;
  recorded_at: Date;
  /** when the server stored it (pings.created_at): how live it was */
  received_at: Date;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  low_power: boolean;
  bluetooth: boolean;
  beacons: { factory_id: string; rssi?: number | null }[] | null;
  extra: unknown;
}

interface PresenceExtra {
  source?: string;
  attendable_type?: string;
  attendable_id?: number;
}

/** Whether a stored ping puts the student at the session: at its place, or a presence meant for it. */
export function isPresentAt(p: StoredPing, session: ActiveSession, place: PlaceSignals): boolean {
  if (p.device_ping_id.startsWith(PRESENCE_PREFIX)) {
    const x = (p.extra ?? {}) as PresenceExtra;
    if (!x.attendable_type) return true;
    return x.attendable_type === session.attendable_type && x.attendable_id === session.attendable_id;
  }
  const signal: PingSignal = {
    recorded_at: p.recorded_at,
    latitude: p.latitude,
    longitude: p.longitude,
    accuracy: p.accuracy,
    beacons: p.beacons,
  };
  return isAtLocation(signal, place);
}

/**
 * The evaluation's samples. A check-in (scan, offline code) is one moment but means the student
 * is there: it holds, as if pinged every few minutes, until the session ends (or now, while live).
 */
export function samplesFor(
  stored: readonly StoredPing[],
  session: ActiveSession,
  place: PlaceSignals,
  now: Date,
): PresenceSample[] {
  const out: PresenceSample[] = [];
  const step = Math.max(1, PRESENCE_GAP_MIN - 1) * 60_000;
  const until = Math.min(session.end.getTime(), now.getTime());
  for (const p of stored) {
    const present = isPresentAt(p, session, place);
    out.push({ at: p.recorded_at, present });
    if (!present || !p.device_ping_id.startsWith(PRESENCE_PREFIX)) continue;
    const from = Math.max(p.recorded_at.getTime(), session.start.getTime());
    for (let t = from + step; t <= until; t += step) out.push({ at: new Date(t), present: true });
    if (until > from) out.push({ at: new Date(until), present: true });
  }
  return out;
}
