/**
 * What one ping says about the student being at the session's place, and how far to believe it
 * (decision 0530). For staff only: nothing here is meant to be told to the phone.
 */
import { distanceMetres, isClearlyAway, isInFence, type PlaceSignals } from "./geofence.ts";
import {
  implausibleAccuracy,
  implausibleRssi,
  impossibleSpeed,
  lateDelivery,
  mockedLocation,
  offlineQueued,
  type PlausibilityCheck,
  type PositionFix,
  plausibleRssi,
  repeatedCoordinates,
} from "./plausibility.ts";
import { scanNeedsWitness } from "./scan-witness.ts";

/** What supports presence, then what gives no presence, then the checks that lower a ping's weight. */
export const EVIDENCE_KINDS = [
  "offline_code",
  "scan_code",
  "beacon_seen",
  "inside_fence",
  "outside_fence",
  "no_position",
  "mocked_location",
  "impossible_speed",
  "repeated_coordinates",
  "implausible_accuracy",
  "implausible_rssi",
  "scan_away",
  "scan_unplaced",
  "late_delivery",
] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/**
 * The plausibility checks that mark a ping as suspicious. Exactly repeated coordinates are not
 * among them (decision 0550): indoor Wi-Fi positioning and desktop browsers give a device that
 * does not move the same fix again and again, so a repeat only lowers that ping's weight.
 */
export const SUSPICION_KINDS: readonly EvidenceKind[] = [
  "mocked_location",
  "impossible_speed",
  "implausible_accuracy",
  "implausible_rssi",
];

/**
 * effect: what the item does to the ping's weight, -1..1. Positive = the presence it supports;
 * negative = the share of the weight a check took away; 0 = gives no presence (outside, nothing).
 */
export interface EvidenceItem {
  kind: EvidenceKind;
  effect: number;
  detail: Record<string, number | string | boolean>;
}

export interface PingEvidence {
  /** 0..1: how much this ping counts as presence at the place. */
  weight: number;
  evidence: EvidenceItem[];
}

/** A stored ping as the engine sees it. `check_in` marks presence the server recorded from a code. */
export interface EvidencePing extends PositionFix {
  received_at: Date;
  beacons?: { factory_id: string; rssi?: number | null }[] | null;
  extra?: unknown;
  check_in?: "scan_code" | "offline_code" | null;
  /**
   * For a scan that needs a witness (scan-witness.ts): whether the student's own live pings put
   * them at the place around it. The caller decides; it sees the other pings.
   */
  witnessed?: boolean;
}

export interface EvidenceContext {
  place: PlaceSignals;
  /** The student's previous accepted phone ping (any session), for speed and repetition. */
  previous?: PositionFix | null;
}

/**
 * A scan sent with the phone's own position clearly away from the place: the code was relayed
 * (a photo from a friend), not seen on the event's screen (decision 0552).
 */
export const SCAN_AWAY_FACTOR = 0.1;

/**
 * A scan that nothing put at the place: no position of its own inside the fence, and no live ping
 * of the student's phone there around it (decision 0552). Weighed as little as a scan from away:
 * a code relayed from a friend's screen looks exactly like this.
 */
export const SCAN_UNPLACED_FACTOR = 0.1;

/** Typed by staff from the student's phone: someone saw the student. */
export const OFFLINE_CODE_WEIGHT = 1;
/** Scanned from the event's screen; the code rotates every 30 s, but the phone could be anyone's. */
export const SCAN_CODE_WEIGHT = 0.9;
/** A phone's own claim of position: the best it can be, before its accuracy. */
export const INSIDE_FENCE_WEIGHT = 0.8;
/** A beacon heard clearly (rssi -80 dBm or better); fainter down to -100 dBm, missing rssi in between. */
export const BEACON_WEIGHT_STRONG = 0.85;
export const BEACON_WEIGHT_FAINT = 0.6;
export const BEACON_WEIGHT_NO_RSSI = 0.7;

const round = (n: number, places = 3) => Math.round(n * 10 ** places) / 10 ** places;
const finite = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n);
const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

/** 1 up to 20 m, falling to 0.5 at 100 m and beyond; 0.6 when the phone gave none (or nonsense). */
function accuracyFactor(accuracy: number | null | undefined): number {
  if (!finite(accuracy) || accuracy <= 0) return 0.6;
  if (accuracy <= 20) return 1;
  return Math.max(0.5, 1 - (0.5 * (accuracy - 20)) / 80);
}

/**
 * An rssi no phone reports says nothing of the distance: weighed as none (the check marks the
 * ping). Nor does exactly 0 dBm: iOS reports 0 when it could not measure the signal
 * (CLBeacon.rssi), and no receiver reads a beacon at full transmit power.
 */
function beaconWeight(rssi: number | null | undefined): number {
  if (!finite(rssi) || !plausibleRssi(rssi) || rssi === 0) return BEACON_WEIGHT_NO_RSSI;
  if (rssi >= -80) return BEACON_WEIGHT_STRONG;
  const t = Math.min(1, (-80 - rssi) / 20);
  return BEACON_WEIGHT_STRONG - t * (BEACON_WEIGHT_STRONG - BEACON_WEIGHT_FAINT);
}

/** Support items: the fence and beacons. */
function positionItems(ping: EvidencePing, place: PlaceSignals): EvidenceItem[] {
  const items: EvidenceItem[] = [];
  const hasCoordinates = finite(ping.latitude) && finite(ping.longitude);
  if (place.fence && hasCoordinates) {
    const at = { latitude: ping.latitude as number, longitude: ping.longitude as number };
    const detail = {
      distance_m: Math.round(distanceMetres(at, place.fence)),
      radius_m: place.fence.radius,
      // + 0 turns a phone's -0 into 0: the detail is stored as JSON, which has no -0
      accuracy_m: finite(ping.accuracy) ? ping.accuracy + 0 : "none",
    };
    const inside = isInFence(ping, place.fence);
    const effect = inside ? INSIDE_FENCE_WEIGHT * accuracyFactor(ping.accuracy) : 0;
    items.push({ kind: inside ? "inside_fence" : "outside_fence", effect: round(effect), detail });
  }
  if (ping.beacons?.length && place.beaconIds.length) {
    const ids = new Set(place.beaconIds.map((id) => id.toUpperCase()));
    let best: { factory_id: string; rssi?: number | null } | null = null;
    for (const b of ping.beacons) {
      if (typeof b?.factory_id !== "string" || !ids.has(b.factory_id.toUpperCase())) continue;
      if (!best || beaconWeight(b.rssi) > beaconWeight(best.rssi)) best = b;
    }
    if (best) {
      const detail = { factory_id: best.factory_id.toUpperCase(), rssi: finite(best.rssi) ? best.rssi : "none" };
      items.push({ kind: "beacon_seen", effect: round(beaconWeight(best.rssi)), detail });
    }
  }
  if (!items.some((i) => i.effect > 0) && !items.some((i) => i.kind === "outside_fence")) {
    items.push({
      kind: "no_position",
      effect: 0,
      detail: { has_coordinates: hasCoordinates, place_has_fence: !!place.fence },
    });
  }
  return items;
}

/** The checks that lower a phone ping's weight, in EVIDENCE_KINDS order. */
function checks(
  ping: EvidencePing,
  previous: PositionFix | null | undefined,
): [EvidenceKind, PlausibilityCheck | null][] {
  return [
    ["mocked_location", mockedLocation(ping.extra)],
    ["impossible_speed", impossibleSpeed(ping, previous)],
    ["repeated_coordinates", repeatedCoordinates(ping, previous)],
    ["implausible_accuracy", implausibleAccuracy(ping.accuracy)],
    ["implausible_rssi", implausibleRssi(ping.beacons)],
    ["late_delivery", lateDelivery(ping.recorded_at, ping.received_at, offlineQueued(ping.extra))],
  ];
}

/** A scan whose own position (sent with it) was clearly away from the place, with the figures. */
function scanAway(ping: EvidencePing, place: PlaceSignals): EvidenceItem | null {
  if (ping.check_in !== "scan_code" || !place.fence || !isClearlyAway(ping, place)) return null;
  const at = { latitude: ping.latitude as number, longitude: ping.longitude as number };
  const detail = {
    distance_m: Math.round(distanceMetres(at, place.fence)),
    radius_m: place.fence.radius,
    accuracy_m: finite(ping.accuracy) ? ping.accuracy + 0 : "none",
  };
  return { kind: "scan_away", effect: round(SCAN_AWAY_FACTOR - 1), detail };
}

/** A scan at a place with a fence that neither its own position nor a ping of the phone put there. */
function scanUnplaced(ping: EvidencePing, place: PlaceSignals): EvidenceItem | null {
  if (ping.check_in !== "scan_code" || ping.witnessed || !scanNeedsWitness(ping, place)) return null;
  const hasPosition = finite(ping.latitude) && finite(ping.longitude);
  return { kind: "scan_unplaced", effect: round(SCAN_UNPLACED_FACTOR - 1), detail: { has_position: hasPosition } };
}

/**
 * Whether a phone ping, by its evidence, puts the student at the place: inside the fence or a
 * beacon of the place, and no check that marks a fake failed. Such a live ping vouches for a scan.
 */
export function placesStudent(p: PingEvidence): boolean {
  return (
    p.evidence.some((i) => (i.kind === "inside_fence" || i.kind === "beacon_seen") && i.effect > 0) &&
    !p.evidence.some((i) => SUSPICION_KINDS.includes(i.kind))
  );
}

/**
 * A ping's weight: the presence its signals support (fence and beacon combine as independent
 * witnesses), times the factor of every check it fails. Codes are recorded by the server and
 * need no plausibility checks, except a scan sent from clearly away, or one nothing put at the
 * place (decision 0552).
 */
export function pingEvidence(ping: EvidencePing, context: EvidenceContext): PingEvidence {
  if (ping.check_in === "offline_code" || ping.check_in === "scan_code") {
    const weight = ping.check_in === "offline_code" ? OFFLINE_CODE_WEIGHT : SCAN_CODE_WEIGHT;
    const evidence: EvidenceItem[] = [{ kind: ping.check_in, effect: weight, detail: {} }];
    const away = scanAway(ping, context.place);
    if (away) return { weight: weight * SCAN_AWAY_FACTOR, evidence: [...evidence, away] };
    const unplaced = scanUnplaced(ping, context.place);
    if (unplaced) return { weight: weight * SCAN_UNPLACED_FACTOR, evidence: [...evidence, unplaced] };
    return { weight, evidence };
  }
  const evidence = positionItems(ping, context.place);
  let miss = 1;
  for (const i of evidence) if (i.effect > 0) miss *= 1 - i.effect;
  let weight = 1 - miss;
  for (const [kind, check] of checks(ping, context.previous)) {
    if (!check) continue;
    weight *= check.factor;
    evidence.push({ kind, effect: round(check.factor - 1), detail: check.detail });
  }
  return { weight: clamp01(weight), evidence };
}
