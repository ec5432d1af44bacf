import {
  isAtLocation,
  isClearlyAway,
  type PingSignal,
  type PlaceSignals,
  type PresenceSample,
  scanNeedsWitness,
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
  return isAtLocation(signalOf(p), place);
}

/** A stored ping as the domain's position report. */
const signalOf = (p: StoredPing): PingSignal => ({
  recorded_at: p.recorded_at,
  latitude: p.latitude,
  longitude: p.longitude,
  accuracy: p.accuracy,
  beacons: p.beacons,
});

export const isCheckIn = (p: StoredPing) => p.device_ping_id.startsWith(PRESENCE_PREFIX);

/**
 * A check-in whose own position places the student clearly away from the place: a scan sent
 * with the phone's fix far from the event (a relayed code, decision 0552).
 */
const checkInAway = (p: StoredPing, place: PlaceSignals) => isCheckIn(p) && isClearlyAway(signalOf(p), place);

/**
 * A check-in sent with a position that does not put the student at the place's fence: its
 * position is no coordinate of the attendance (the coordinates are where the student was there).
 */
export const checkInElsewhere = (p: StoredPing, place: PlaceSignals) =>
  isCheckIn(p) && p.latitude !== null && p.longitude !== null && !!place.fence && !isAtLocation(signalOf(p), place);

const isScan = (p: StoredPing) => (p.extra as { source?: unknown } | null)?.source === "scan";

/**
 * A scan that is believed only with a witness: at a place with a fence, with no position of its
 * own that puts the student there (none, or a vague one). The student's own live pings at the
 * place around it are the witness (decision 0552).
 */
export const scanWantsWitness = (p: StoredPing, place: PlaceSignals) =>
  isCheckIn(p) && isScan(p) && scanNeedsWitness(signalOf(p), place);

/** Whether a phone ping's own signals put the student at the place (its plausibility aside). */
export const pingAtPlace = (p: StoredPing, place: PlaceSignals) => !isCheckIn(p) && isAtLocation(signalOf(p), place);

/**
 * What a stored ping says on the session's timeline (decision 0552). A check-in meant for the
 * session holds presence until the end unless the phone later places the student clearly away;
 * one sent from clearly away holds only in what every ping would give (`believed` false, what a
 * person may confirm) and is an away sample in what is believed. A phone ping is present at the
 * place, or away when it places the student clearly elsewhere.
 */
export function sampleOf(
  p: StoredPing,
  session: ActiveSession,
  place: PlaceSignals,
  believed: boolean,
): PresenceSample {
  if (isCheckIn(p)) {
    if (!isPresentAt(p, session, place)) return { at: p.recorded_at, present: false };
    if (believed && checkInAway(p, place)) return { at: p.recorded_at, present: false, away: true };
    return { at: p.recorded_at, present: true, hold: true };
  }
  const present = isAtLocation(signalOf(p), place);
  return { at: p.recorded_at, present, away: !present && isClearlyAway(signalOf(p), place) };
}
