/** Whether a phone's report places the student at a location: inside its geofence or near one of its beacons. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** A circular geofence; radius in metres. */
export interface Fence extends LatLng {
  radius: number;
}

/** What a phone reports. */
export interface PingSignal {
  recorded_at: Date;
  latitude?: number | null;
  longitude?: number | null;
  accuracy?: number | null;
  beacons?: { factory_id: string; rssi?: number | null }[] | null;
}

/** A location's signals; beaconIds are factory_ids (compared case-insensitively). */
export interface PlaceSignals {
  fence: Fence | null;
  beaconIds: readonly string[];
}

/**
 * A ping's reported accuracy widens the fence by at most this much, so a
 * coarse fix (cell tower, 2 km) cannot place a student in every room nearby.
 */
export const MAX_ACCURACY_ALLOWANCE_M = 50;

const EARTH_RADIUS_M = 6_371_008.8; // mean radius (IUGG)
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

const finite = (n: number | null | undefined): n is number => typeof n === "number" && Number.isFinite(n);

/** Inside when distance - min(accuracy, cap) <= radius; no coordinates is never inside. */
export function isInFence(p: PingSignal, fence: Fence): boolean {
  if (!finite(p.latitude) || !finite(p.longitude)) return false;
  const allowance = finite(p.accuracy) && p.accuracy > 0 ? Math.min(p.accuracy, MAX_ACCURACY_ALLOWANCE_M) : 0;
  return distanceMetres({ latitude: p.latitude, longitude: p.longitude }, fence) - allowance <= fence.radius;
}

/** At the place when inside its fence or reporting any of its beacons. */
export function isAtLocation(p: PingSignal, place: PlaceSignals): boolean {
  if (place.fence && isInFence(p, place.fence)) return true;
  if (!p.beacons?.length || place.beaconIds.length === 0) return false;
  const ids = new Set(place.beaconIds.map((id) => id.toUpperCase()));
  return p.beacons.some((b) => typeof b.factory_id === "string" && ids.has(b.factory_id.toUpperCase()));
}

/**
 * A fix must lie beyond the fence's edge by more than this, and more than its own accuracy, to
 * place the student clearly away: an indoor Wi-Fi fix can be a street off (decision 0552).
 */
export const AWAY_MARGIN_M = 100;

/**
 * Whether a phone's report places the student clearly away from the place: a fix outside the
 * fence by more than its accuracy and AWAY_MARGIN_M, with no beacon of the place heard. No
 * coordinates, or a place without a fence, is never away: it says nothing.
 */
export function isClearlyAway(p: PingSignal, place: PlaceSignals): boolean {
  if (!place.fence || !finite(p.latitude) || !finite(p.longitude)) return false;
  if (isAtLocation(p, place)) return false;
  const accuracy = finite(p.accuracy) && p.accuracy > 0 ? p.accuracy : 0;
  const beyond = distanceMetres({ latitude: p.latitude, longitude: p.longitude }, place.fence) - place.fence.radius;
  return beyond > Math.max(AWAY_MARGIN_M, accuracy);
}
