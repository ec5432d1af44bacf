import { describe, expect, it } from "vitest";
import {
  addSample,
  DeviceClock,
  estimate,
  JUMP_MS,
  MAX_ROUND_TRIP_MS,
  MAX_SAMPLES,
  median,
  type OffsetSample,
  offsetSample,
  wirePing,
} from "./clock-offset.ts";
import { parseRetryAfter } from "./device-api.ts";
import { type Fix, pingOf } from "./location-tracker.ts";

const MIN = 60_000;
const T0 = Date.parse("2026-11-23T09:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();
const sample = (offset: number, rtt = 100): OffsetSample => ({ offset, rtt });

describe("the offset from one answer", () => {
  it("is the server's time minus the local midpoint of the request", () => {
    // sent at T0, answered 400 ms later; the server stamped its answer 200 ms in, 10 minutes behind us
    expect(offsetSample(iso(T0 - 10 * MIN + 200), T0, T0 + 400)).toEqual({ offset: -10 * MIN, rtt: 400 });
    expect(offsetSample(iso(T0 + 3_000 + 50), T0, T0 + 100)).toEqual({ offset: 3_000, rtt: 100 });
    expect(offsetSample("2026-11-23T09:00:00.000+00:00", T0, T0)).toEqual({ offset: 0, rtt: 0 });
  });

  it("ignores answers without a usable server_time", () => {
    expect(offsetSample(undefined, T0, T0 + 10)).toBeNull();
    expect(offsetSample(T0, T0, T0 + 10)).toBeNull();
    expect(offsetSample("yesterday", T0, T0 + 10)).toBeNull();
    // no zone: the phone would read it in its own zone
    expect(offsetSample("2026-11-23T09:00:00", T0, T0 + 10)).toBeNull();
  });

  it("ignores a round trip that is negative (clock changed meanwhile) or too slow to be precise", () => {
    expect(offsetSample(iso(T0), T0, T0 - 1)).toBeNull();
    expect(offsetSample(iso(T0), T0, T0 + MAX_ROUND_TRIP_MS + 1)).toBeNull();
    expect(offsetSample(iso(T0), T0, T0 + MAX_ROUND_TRIP_MS)).not.toBeNull();
  });
});

describe("the smoothed estimate", () => {
  it("is the median of the samples, unknown without any", () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(estimate([])).toBeNull();
    expect(estimate([sample(-600_000), sample(-600_400), sample(-599_000)])).toBe(-600_000);
  });

  it("keeps the last few samples, so one slow answer does not move it", () => {
    let s: OffsetSample[] = [];
    for (const o of [100, 120, 90, 110, 105, 95]) s = addSample(s, sample(o));
    expect(s.map((x) => x.offset)).toEqual([120, 90, 110, 105, 95]);
    expect(s).toHaveLength(MAX_SAMPLES);
    s = addSample(s, sample(8_000, 16_000)); // within its own uncertainty: an ordinary outlier
    expect(s).toHaveLength(MAX_SAMPLES);
    expect(estimate(s)).toBe(105);
  });

  it("starts over when the phone's clock was changed", () => {
    const before = [sample(10 * MIN), sample(10 * MIN + 50), sample(10 * MIN - 50)];
    const after = addSample(before, sample(20));
    expect(after).toEqual([sample(20)]);
    expect(estimate(after)).toBe(20);
    // just within the jump allowance: still smoothed
    expect(addSample(before, sample(10 * MIN + JUMP_MS))).toHaveLength(4);
  });
});

describe("the phone's clock, kept between visits", () => {
  it("corrects the time from the answers it saw and remembers them", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    const clock = new DeviceClock(storage);
    expect(clock.offset).toBeNull();
    expect(clock.now(T0)).toBe(T0);
    clock.observe(undefined, T0, T0 + 100); // an answer from a server that does not say
    expect(clock.offset).toBeNull();
    // the phone runs 10 minutes fast
    clock.observe(iso(T0 - 10 * MIN + 100), T0, T0 + 200);
    expect(clock.offset).toBe(-10 * MIN);
    expect(clock.now(T0 + 5_000)).toBe(T0 + 5_000 - 10 * MIN);
    expect(new DeviceClock(storage).offset).toBe(-10 * MIN);
    clock.clear();
    expect(new DeviceClock(storage).offset).toBeNull();
  });

  it("survives storage that holds junk or is blocked", () => {
    const junk = { getItem: () => "{not json", setItem: () => {}, removeItem: () => {} };
    expect(new DeviceClock(junk).offset).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
      removeItem: () => {},
    };
    const clock = new DeviceClock(blocked);
    clock.observe(iso(T0 + 1_000), T0, T0);
    expect(clock.offset).toBe(1_000);
  });
});

describe("stamping pings", () => {
  const fix: Fix = { latitude: 42.65, longitude: -73.75, accuracy: 12, at: T0 };

  it("stamps a ping with the corrected time once the offset is known", () => {
    const p = pingOf(fix, undefined, -10 * MIN);
    expect(p.recorded_at).toBe(iso(T0 - 10 * MIN));
    expect(p.extra).toMatchObject({ clock_offset_ms: -10 * MIN });
    expect(p.clock_unchecked_at).toBeUndefined();
    // already corrected: sent as recorded, even if the estimate moved since
    expect(wirePing(p, -9 * MIN).recorded_at).toBe(iso(T0 - 10 * MIN));
  });

  it("re-stamps a ping recorded before any server time, and never sends the phone's own time field", () => {
    const p = pingOf(fix, undefined, null);
    expect(p.recorded_at).toBe(iso(T0));
    expect(p.clock_unchecked_at).toBe(T0);
    const later = wirePing(p, -10 * MIN);
    expect(later.recorded_at).toBe(iso(T0 - 10 * MIN));
    expect(later).not.toHaveProperty("clock_unchecked_at");
    expect(later.extra).toMatchObject({ source: "checkin-web", clock_offset_ms: -10 * MIN });
    const unknown = wirePing(p, null);
    expect(unknown.recorded_at).toBe(iso(T0));
    expect(unknown).not.toHaveProperty("clock_unchecked_at");
  });
});

describe("Retry-After", () => {
  it("reads seconds or an HTTP date", () => {
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter("7")).toBe(7_000);
    expect(parseRetryAfter(new Date(T0 + 30_000).toUTCString(), T0)).toBe(30_000);
    expect(parseRetryAfter(new Date(T0 - 30_000).toUTCString(), T0)).toBe(0);
    expect(parseRetryAfter("soon")).toBeNull();
  });
});
