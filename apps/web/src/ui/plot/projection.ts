/**
 * Pings around a geofence on a flat plot: an equirectangular projection in metres around the
 * fence's centre (exact enough for a few kilometres), then scaled into a square SVG viewBox with
 * north up. Pure, so it is tested without a browser.
 */

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface Fence extends GeoPoint {
  /** Metres. */
  radius: number;
}

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Metres east (x) and north (y) of `centre`. */
export function toMetres(p: GeoPoint, centre: GeoPoint): { x: number; y: number } {
  const x = (p.longitude - centre.longitude) * RAD * Math.cos(centre.latitude * RAD) * EARTH_RADIUS_M;
  const y = (p.latitude - centre.latitude) * RAD * EARTH_RADIUS_M;
  return { x, y };
}

/** Metres between two points, on the same projection. */
export function distanceMetres(a: GeoPoint, centre: GeoPoint): number {
  const { x, y } = toMetres(a, centre);
  return Math.hypot(x, y);
}

/** A round length for a scale bar no longer than `max` metres: 1, 2, 5, 10, 20, 50... */
export function niceLength(max: number): number {
  if (!(max > 0)) return 1;
  const pow = 10 ** Math.floor(Math.log10(max));
  for (const step of [5, 2, 1]) if (step * pow <= max) return step * pow;
  return pow;
}

export interface PlottedPoint<T> {
  item: T;
  /** SVG coordinates in the viewBox. */
  sx: number;
  sy: number;
  /** Metres from the centre. */
  distance: number;
  /** Inside the fence (null without a fence). */
  inside: boolean | null;
}

export interface Plot<T> {
  size: number;
  /** The centre in SVG coordinates (always the middle). */
  cx: number;
  cy: number;
  /** The fence's radius in SVG units, null without a fence. */
  fenceR: number | null;
  /** SVG units per metre. */
  scale: number;
  points: PlottedPoint<T>[];
  /** The centre used: the fence's, or the pings' mean when there is no fence. */
  centre: GeoPoint | null;
}

const hasCoords = <T extends { latitude?: number | null; longitude?: number | null }>(p: T): p is T & GeoPoint =>
  typeof p.latitude === "number" &&
  typeof p.longitude === "number" &&
  Number.isFinite(p.latitude) &&
  Number.isFinite(p.longitude);

/**
 * Places `pings` (those without coordinates are left out) in a `size` square around `fence`:
 * the fence and every ping fit with a margin of `padding` units; the scale is the same on both
 * axes, so the fence stays a circle. Without a fence the pings' mean is the centre.
 */
export function projectPings<T extends { latitude?: number | null; longitude?: number | null }>(
  pings: readonly T[],
  fence: Fence | null,
  size = 240,
  padding = 16,
): Plot<T> {
  const located = pings.filter(hasCoords) as (T & GeoPoint)[];
  const centre: GeoPoint | null = fence
    ? { latitude: fence.latitude, longitude: fence.longitude }
    : located.length > 0
      ? {
          latitude: located.reduce((s, p) => s + p.latitude, 0) / located.length,
          longitude: located.reduce((s, p) => s + p.longitude, 0) / located.length,
        }
      : null;
  const half = size / 2;
  if (!centre) return { size, cx: half, cy: half, fenceR: null, scale: 1, points: [], centre };
  const metres = located.map((p) => ({ p, m: toMetres(p, centre) }));
  const extent = Math.max(
    fence && fence.radius > 0 ? fence.radius : 0,
    ...metres.map(({ m }) => Math.max(Math.abs(m.x), Math.abs(m.y))),
    // a lone ping on the centre still gets a sensible scale
    10,
  );
  const scale = (half - padding) / extent;
  const points = metres.map(({ p, m }) => {
    const distance = Math.hypot(m.x, m.y);
    return {
      item: p as T,
      sx: half + m.x * scale,
      sy: half - m.y * scale,
      distance,
      inside: fence ? distance <= fence.radius : null,
    };
  });
  return {
    size,
    cx: half,
    cy: half,
    fenceR: fence && fence.radius > 0 ? fence.radius * scale : null,
    scale,
    points,
    centre,
  };
}
