import { describe, expect, it } from "vitest";
import type { Ping } from "./device-api.ts";
import { markQueued, QUEUED_AFTER_MS } from "./queued-mark.ts";

const T0 = Date.parse("2026-11-23T14:00:00Z");
const ping = (extra: Ping["extra"] = { source: "checkin-web" }): Ping => ({
  id: "p1",
  recorded_at: new Date(T0).toISOString(),
  latitude: 40,
  longitude: -75,
  accuracy: 10,
  low_power: false,
  bluetooth: false,
  beacons: [],
  extra,
});

describe("markQueued", () => {
  it("leaves a ping sent soon after it was taken as it is", () => {
    const p = ping();
    expect(markQueued(p, T0 + 5_000)).toBe(p);
    expect(markQueued(p, T0 + QUEUED_AFTER_MS)).toBe(p);
  });

  it("marks one that waited on the phone, keeping what else it carries", () => {
    const sent = markQueued(ping(), T0 + QUEUED_AFTER_MS + 1);
    expect(sent.extra).toEqual({ source: "checkin-web", offline_queued: true });
    expect(markQueued(ping(null), T0 + 3_600_000).extra).toEqual({ offline_queued: true });
  });
});
