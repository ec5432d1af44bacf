/**
 * Follows the phone's position while the page is open and turns it into pings: one on the first
 * fix, then one every PING_EVERY_MS, or sooner after a significant move (but never more than one
 * per MIN_GAP_MS, so a jittery GPS does not flood the queue).
 */
import type { QueuedPing } from "./clock-offset.ts";

export const PING_EVERY_MS = 30_000;
export const MOVE_METRES = 50;
export const MIN_GAP_MS = 5_000;

export type LocationPermission = "unknown" | "prompt" | "granted" | "denied" | "unsupported";

export interface Fix {
  latitude: number;
  longitude: number;
  accuracy: number;
  at: number;
}

export interface TrackerState {
  permission: LocationPermission;
  watching: boolean;
  lastFix: Fix | null;
  /** when the last ping was recorded */
  lastPingAt: number | null;
  error: string | null;
}

/** Great-circle distance in metres (haversine). */
export function metresBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a new fix is worth a ping, given the fix of the last ping. */
export function shouldRecord(last: Fix | null, next: Fix): boolean {
  if (!last) return true;
  const gap = next.at - last.at;
  // the heartbeat's fix may come a little early: allow it the minimum gap of slack
  if (gap >= PING_EVERY_MS - MIN_GAP_MS) return true;
  return gap >= MIN_GAP_MS && metresBetween(last, next) >= MOVE_METRES;
}

export function newPingId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The ping of a fix, stamped in the server's time: the phone's clock plus `offset`. Before any
 * server time is known (offset null) it keeps the phone's own time to be re-stamped when sent.
 */
export function pingOf(fix: Fix, coords?: GeolocationCoordinates, offset: number | null = null): QueuedPing {
  const extra: Record<string, unknown> = { source: "checkin-web" };
  if (coords?.speed != null) extra.speed = coords.speed;
  if (coords?.heading != null && !Number.isNaN(coords.heading)) extra.heading = coords.heading;
  if (offset !== null) extra.clock_offset_ms = offset;
  return {
    ...(offset === null ? { clock_unchecked_at: fix.at } : {}),
    id: newPingId(),
    recorded_at: new Date(fix.at + (offset ?? 0)).toISOString(),
    latitude: fix.latitude,
    longitude: fix.longitude,
    accuracy: fix.accuracy,
    // a web page can neither read power saving nor scan for beacons
    low_power: false,
    bluetooth: false,
    beacons: [],
    extra,
  };
}

const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 15_000, timeout: 30_000 };

function describe(err: GeolocationPositionError): string {
  if (err.code === err.PERMISSION_DENIED) return "Location access is blocked for this site.";
  if (err.code === err.POSITION_UNAVAILABLE) return "Your phone cannot find its location right now.";
  return "Finding your location is taking longer than usual.";
}

export class LocationTracker {
  private state: TrackerState = {
    permission: "unknown",
    watching: false,
    lastFix: null,
    lastPingAt: null,
    error: null,
  };
  private readonly listeners = new Set<() => void>();
  private watchId: number | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private lastPinged: Fix | null = null;
  private status: PermissionStatus | null = null;
  private disposed = false;

  constructor(
    private readonly record: (ping: QueuedPing) => void,
    /** ms to add to the phone's clock (deviceClock.offset); null while unknown */
    private readonly clockOffset: () => number | null = () => null,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
  getState = () => this.state;

  private set(patch: Partial<TrackerState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /** Reads the permission without prompting; starts following at once when already granted. */
  async init() {
    if (!("geolocation" in navigator)) {
      this.set({ permission: "unsupported" });
      return;
    }
    try {
      this.status = await navigator.permissions.query({ name: "geolocation" });
      if (this.disposed) return;
      const apply = () => {
        const p = this.status?.state ?? "prompt";
        this.set({ permission: p });
        if (p === "granted") this.start();
        if (p === "denied") this.stop();
      };
      this.status.onchange = apply;
      apply();
    } catch {
      // no Permissions API (older Safari): ask when the student chooses to share
      this.set({ permission: "prompt" });
    }
  }

  /** Starts following the position; the browser asks for permission if it has not yet. */
  start() {
    if (this.watchId !== null || this.disposed || !("geolocation" in navigator)) return;
    this.watchId = navigator.geolocation.watchPosition(this.onPosition, this.onError, GEO_OPTIONS);
    // watchPosition reports moves only: a phone sitting still in class still needs its pings
    this.heartbeat = setInterval(() => {
      navigator.geolocation.getCurrentPosition(this.onPosition, this.onError, GEO_OPTIONS);
    }, PING_EVERY_MS);
    this.set({ watching: true, error: null });
  }

  stop() {
    if (this.watchId !== null) navigator.geolocation.clearWatch(this.watchId);
    this.watchId = null;
    clearInterval(this.heartbeat);
    this.set({ watching: false });
  }

  dispose() {
    this.disposed = true;
    this.stop();
    if (this.status) this.status.onchange = null;
    this.listeners.clear();
  }

  private readonly onPosition = (pos: GeolocationPosition) => {
    const fix: Fix = {
      latitude: pos.coords.latitude,
      longitude: pos.coords.longitude,
      accuracy: pos.coords.accuracy,
      // when the page learnt it: a fix is at most maximumAge old, and browsers differ in what
      // timestamp they give a cached or emulated position
      at: Date.now(),
    };
    const patch: Partial<TrackerState> = { lastFix: fix, error: null };
    if (this.state.permission !== "granted") patch.permission = "granted";
    if (shouldRecord(this.lastPinged, fix)) {
      this.lastPinged = fix;
      patch.lastPingAt = fix.at;
      this.record(pingOf(fix, pos.coords, this.clockOffset()));
    }
    this.set(patch);
  };

  private readonly onError = (err: GeolocationPositionError) => {
    if (err.code === err.PERMISSION_DENIED) {
      this.stop();
      this.set({ permission: "denied", error: describe(err) });
      return;
    }
    this.set({ error: describe(err) });
  };
}
