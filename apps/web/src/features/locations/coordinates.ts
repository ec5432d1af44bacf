/** A geofence centre typed or pasted as "lat, lng" (a map's "Copy coordinates"). Pure. */

export interface Coordinates {
  latitude: number;
  longitude: number;
}

const NUMBER = "[-+]?\\d{1,3}(?:\\.\\d+)?";
const PAIR = new RegExp(`^\\(?\\s*(${NUMBER})\\s*[,;\\s]\\s*(${NUMBER})\\s*\\)?$`);

/**
 * "40.7128, -74.0060", "40.7128 -74.006", "(40.7128,-74.006)": the two numbers, or null when
 * the text is not a pair or a number is out of range (latitude -90..90, longitude -180..180).
 */
export function parseCoordinates(text: string): Coordinates | null {
  const m = PAIR.exec(text.trim());
  if (!m) return null;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** The pair as the paste box shows it. */
export const formatCoordinates = (c: Coordinates | null) => (c ? `${c.latitude}, ${c.longitude}` : "");

/** A coordinate as people read it: at most 6 decimals (about 10 cm), no float noise. */
export const roundCoordinate = (x: number) => String(Number(x.toFixed(6)));
