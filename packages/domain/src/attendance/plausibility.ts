/**
 * The plausibility checks of one phone ping (decision 0530). Each returns the factor (0..1) it
 * multiplies the ping's weight by, and what it measured, or null when it finds nothing.
 */
import { distanceMetres, type LatLng } from "./geofence.ts";

const MIN = 60_000;

/** A ping counts at full weight when received within this long of recorded_at. */
export const LIVE_WINDOW_MS = 3 * MIN;
/** Past the live window the weight halves every this long... */
export const LATE_HALF_LIFE_MS = 10 * MIN;
/** ...down to this floor: a backdated ping is stored and shown, but never weighs much. */
export const LATE_FLOOR = 0.02;
/** A ping the app queued while offline: honest, but nobody saw it arrive live. */
export const OFFLINE_QUEUED_FACTOR = 0.5;

/** Faster than this between consecutive fixes (after their accuracies) is no school commute. */
export const MAX_SPEED_MPS = 50;
/** Each fix's accuracy excuses at most this much of the distance, so a huge claimed accuracy cannot hide a jump. */
export const MAX_SPEED_ACCURACY_ALLOWANCE_M = 1000;
/** Consecutive fixes are at least this far apart in time for the speed (same-instant fixes). */
const MIN_SPEED_INTERVAL_S = 1;

/** No phone reports a fix better than this (GPS best case is a few metres). */
export const MIN_PLAUSIBLE_ACCURACY_M = 1;
/** Nor worse than this: even a cell-tower fix is a few km; beyond is an IP guess or made up. */
export const MAX_PLAUSIBLE_ACCURACY_M = 10_000;

/**
 * Bluetooth signal strengths phones report: BLE RSSI is negative, down to about -127 dBm, and 0
 * at most (iOS reports 0 when it has no reading). Beyond is made up: +100 dBm is no beacon.
 */
export const MIN_PLAUSIBLE_RSSI_DBM = -127;
export const MAX_PLAUSIBLE_RSSI_DBM = 0;

export const MOCKED_FACTOR = 0.1;
export const IMPOSSIBLE_SPEED_FACTOR = 0.2;
export const REPEATED_COORDINATES_FACTOR = 0.4;
export const IMPLAUSIBLE_ACCURACY_FACTOR = 0.3;
export const IMPLAUSIBLE_RSSI_FACTOR = 0.3;

export interface PlausibilityCheck {
  factor: number;
  detail: Record<string, number | string | boolean>;
}

const finite = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n);
const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;
const time = (d: Date | null | undefined) => (d instanceof Date ? d.getTime() : Number.NaN);

/** A position fix: coordinates in degrees and accuracy in metres, any of them possibly missing. */
export interface PositionFix {
  recorded_at: Date;
  latitude?: number | null;
  longitude?: number | null;
  accuracy?: number | null;
}

function position(f: PositionFix): LatLng | null {
  return finite(f.latitude) && finite(f.longitude) ? { latitude: f.latitude, longitude: f.longitude } : null;
}

/**
 * A phone's clock may run this far ahead of the server's and its ping still be live: the app
 * corrects its clock from the server's time in every answer (decision 0520), so only a first ping
 * is ever ahead by more than network jitter.
 */
export const LIVE_AHEAD_MS = 60_000;

/**
 * Whether a ping arrived live: received within LIVE_WINDOW_MS after recorded_at, and recorded no
 * more than LIVE_AHEAD_MS ahead of its arrival. Only live pings put a student at the place in the
 * presence that is believed (decision 0551): a backdated batch, or pings dated in the future to
 * cover a departure, would otherwise fill a session with presence nobody saw arrive.
 */
export function isLiveDelivery(recordedAt: Date, receivedAt: Date): boolean {
  const delay = time(receivedAt) - time(recordedAt);
  return Number.isFinite(delay) && delay <= LIVE_WINDOW_MS && delay >= -LIVE_AHEAD_MS;
}

/**
 * Live means live: full weight within LIVE_WINDOW_MS of recorded_at, then halving. A recorded_at
 * ahead of the server counts as no delay (clock drift is the acceptance rule's business).
 */
export function lateDelivery(recordedAt: Date, receivedAt: Date, offlineQueued: boolean): PlausibilityCheck | null {
  const delay = time(receivedAt) - time(recordedAt);
  const decay = !Number.isFinite(delay)
    ? LATE_FLOOR
    : delay <= LIVE_WINDOW_MS
      ? 1
      : Math.max(LATE_FLOOR, 2 ** (-(delay - LIVE_WINDOW_MS) / LATE_HALF_LIFE_MS));
  const factor = decay * (offlineQueued ? OFFLINE_QUEUED_FACTOR : 1);
  if (factor >= 1) return null;
  return {
    factor,
    detail: {
      delay_s: Number.isFinite(delay) ? Math.round(delay / 1000) : "unknown",
      offline_queued: offlineQueued,
    },
  };
}

/** Distance over time between this fix and the previous one, each accuracy excusing up to a cap. */
export function impossibleSpeed(fix: PositionFix, previous: PositionFix | null | undefined): PlausibilityCheck | null {
  const here = position(fix);
  const there = previous ? position(previous) : null;
  if (!here || !there || !previous) return null;
  const dt = Math.abs(time(fix.recorded_at) - time(previous.recorded_at)) / 1000;
  if (!Number.isFinite(dt)) return null;
  const allowance = (a: number | null | undefined) =>
    finite(a) && a > 0 ? Math.min(a, MAX_SPEED_ACCURACY_ALLOWANCE_M) : 0;
  const distance = distanceMetres(here, there);
  const unexplained = Math.max(0, distance - allowance(fix.accuracy) - allowance(previous.accuracy));
  const speed = unexplained / Math.max(dt, MIN_SPEED_INTERVAL_S);
  if (speed <= MAX_SPEED_MPS) return null;
  return {
    factor: IMPOSSIBLE_SPEED_FACTOR,
    detail: { speed_mps: round(speed), distance_m: Math.round(distance), seconds: round(dt) },
  };
}

/** Real fixes jitter in the last digits; the same latitude and longitude again is a replayed or typed position. */
export function repeatedCoordinates(
  fix: PositionFix,
  previous: PositionFix | null | undefined,
): PlausibilityCheck | null {
  const here = position(fix);
  const there = previous ? position(previous) : null;
  if (!here || !there || here.latitude !== there.latitude || here.longitude !== there.longitude) return null;
  return { factor: REPEATED_COORDINATES_FACTOR, detail: { latitude: here.latitude, longitude: here.longitude } };
}

/** An accuracy no phone reports: non-finite, under a metre (0 and negative included), or beyond any real fix. */
export function implausibleAccuracy(accuracy: number | null | undefined): PlausibilityCheck | null {
  if (accuracy === null || accuracy === undefined) return null;
  if (finite(accuracy) && accuracy >= MIN_PLAUSIBLE_ACCURACY_M && accuracy <= MAX_PLAUSIBLE_ACCURACY_M) return null;
  return {
    factor: IMPLAUSIBLE_ACCURACY_FACTOR,
    // + 0 turns -0 into 0: the detail is stored as JSON, which has no -0
    detail: { accuracy_m: finite(accuracy) ? accuracy + 0 : String(accuracy) },
  };
}

/** Whether a reported rssi is one a phone could give; a missing one is no claim and passes. */
export function plausibleRssi(rssi: number | null | undefined): boolean {
  if (rssi === null || rssi === undefined) return true;
  return finite(rssi) && rssi >= MIN_PLAUSIBLE_RSSI_DBM && rssi <= MAX_PLAUSIBLE_RSSI_DBM;
}

/** A beacon sighting with a signal strength no phone reports (any beacon: an honest phone reports none). */
export function implausibleRssi(
  beacons: readonly { factory_id?: unknown; rssi?: number | null }[] | null | undefined,
): PlausibilityCheck | null {
  const bad = beacons?.find((b) => b && !plausibleRssi(b.rssi));
  if (!bad) return null;
  return {
    factor: IMPLAUSIBLE_RSSI_FACTOR,
    detail: {
      factory_id: typeof bad.factory_id === "string" ? bad.factory_id.toUpperCase() : "?",
      // + 0 turns -0 into 0 (JSON has no -0)
      rssi: finite(bad.rssi) ? bad.rssi + 0 : String(bad.rssi),
    },
  };
}

/**
 * The app copies the platform's flag into `extra.mocked` (Android Location.isMock /
 * isFromMockProvider, iOS CLLocationSourceInformation.isSimulatedBySoftware); the platform's own
 * names are read too, so a native app need not rename them.
 */
const MOCK_KEYS = ["mocked", "is_mock", "isMock", "isFromMockProvider", "isSimulatedBySoftware"] as const;

export function mockedLocation(extra: unknown): PlausibilityCheck | null {
  if (!extra || typeof extra !== "object") return null;
  const x = extra as Record<string, unknown>;
  const key = MOCK_KEYS.find((k) => x[k] === true);
  return key ? { factor: MOCKED_FACTOR, detail: { flag: key } } : null;
}

/** The app sets `extra.offline_queued` on pings it could not send when they were taken. */
export function offlineQueued(extra: unknown): boolean {
  return !!extra && typeof extra === "object" && (extra as Record<string, unknown>).offline_queued === true;
}
