/**
 * The phone's clock against the school server's. Every device API answer carries `server_time`
 * (ISO 8601, UTC); each answer gives one sample of the offset: server time minus the local time
 * halfway through the request (receive time - half the round trip). The estimate is the median of
 * the last few samples, kept in localStorage so pings recorded offline after a reload are still
 * corrected. Pings are stamped with local time + offset: a phone whose clock runs fast or slow
 * still says when it really was somewhere (decision 0520).
 */
import type { Ping } from "./device-api.ts";

export const MAX_SAMPLES = 5;
/** a slower answer is too vague to use: a sample may be wrong by up to half its round trip */
export const MAX_ROUND_TRIP_MS = 30_000;
/** a sample this much further from the estimate than its own uncertainty: the phone's clock was changed */
export const JUMP_MS = 30_000;

export interface OffsetSample {
  offset: number;
  rtt: number;
}

/** A queued ping; `clock_unchecked_at` (the phone's own time) is set while no server time was known. */
export type QueuedPing = Ping & { clock_unchecked_at?: number };

const ZONED = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/** One sample from an answer's `server_time`, or null when the answer has none or is unusable. */
export function offsetSample(serverTime: unknown, sentAt: number, receivedAt: number): OffsetSample | null {
  if (typeof serverTime !== "string" || !ZONED.test(serverTime)) return null;
  const server = Date.parse(serverTime);
  const rtt = receivedAt - sentAt;
  // a negative round trip: the phone's clock moved during the request
  if (!Number.isFinite(server) || rtt < 0 || rtt > MAX_ROUND_TRIP_MS) return null;
  return { offset: Math.round(server - (receivedAt - rtt / 2)), rtt };
}

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** The offset to use (ms to add to the phone's clock), or null before the first answer. */
export function estimate(samples: OffsetSample[]): number | null {
  const m = median(samples.map((s) => s.offset));
  return m === null ? null : Math.round(m);
}

/** The samples after a new one: the last MAX_SAMPLES, or only the new one when the clock jumped. */
export function addSample(samples: OffsetSample[], sample: OffsetSample): OffsetSample[] {
  const current = estimate(samples);
  if (current !== null && Math.abs(sample.offset - current) > JUMP_MS + sample.rtt / 2) return [sample];
  return [...samples, sample].slice(-MAX_SAMPLES);
}

/** What goes on the wire: a ping stamped before any server time is re-stamped once one is known. */
export function wirePing(p: QueuedPing, offset: number | null): Ping {
  const { clock_unchecked_at: local, ...ping } = p;
  if (local === undefined || offset === null) return ping;
  return {
    ...ping,
    recorded_at: new Date(local + offset).toISOString(),
    extra: { ...(ping.extra ?? {}), clock_offset_ms: offset },
  };
}

const KEY = "rollbook.checkin.clock";

function parseSamples(raw: string | null): OffsetSample[] {
  try {
    const v = JSON.parse(raw ?? "[]") as unknown;
    if (!Array.isArray(v)) return [];
    return v
      .filter(
        (s): s is OffsetSample =>
          typeof s?.offset === "number" && Number.isFinite(s.offset) && typeof s?.rtt === "number",
      )
      .slice(-MAX_SAMPLES);
  } catch {
    return [];
  }
}

/** The phone's offset to the server, fed by every device API answer. */
export class DeviceClock {
  private samples: OffsetSample[];

  constructor(private readonly storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null) {
    let raw: string | null = null;
    try {
      raw = storage?.getItem(KEY) ?? null;
    } catch {
      // storage blocked: start without a known offset
    }
    this.samples = parseSamples(raw);
  }

  /** Takes a sample from an answer (success or error); answers without `server_time` are ignored. */
  observe(serverTime: unknown, sentAt: number, receivedAt: number) {
    const sample = offsetSample(serverTime, sentAt, receivedAt);
    if (!sample) return;
    this.samples = addSample(this.samples, sample);
    try {
      this.storage?.setItem(KEY, JSON.stringify(this.samples));
    } catch {
      // storage full or blocked: the estimate still holds for this page
    }
  }

  /** ms to add to the phone's clock to get the server's; null until an answer said. */
  get offset(): number | null {
    return estimate(this.samples);
  }

  /** The server's time now as best known (the phone's own clock before any answer). */
  now(local = Date.now()): number {
    return local + (this.offset ?? 0);
  }

  clear() {
    this.samples = [];
    try {
      this.storage?.removeItem(KEY);
    } catch {
      // nothing kept
    }
  }
}

function localStore() {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** The phone has one clock: one offset for the page, whoever is signed in. */
export const deviceClock = new DeviceClock(localStore());
