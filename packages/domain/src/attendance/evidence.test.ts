import { describe, expect, it } from "vitest";
import * as confidenceModule from "./confidence.ts";
import { attendanceConfidence, DEFAULT_REVIEW_THRESHOLD, MAX_REASONS, needsReview } from "./confidence.ts";
import * as evidenceModule from "./evidence.ts";
import { type EvidencePing, type PingEvidence, pingEvidence } from "./evidence.ts";
import type { Fence } from "./geofence.ts";
import * as plausibilityModule from "./plausibility.ts";

const fence: Fence = { latitude: 40.7128, longitude: -74.006, radius: 50 };
const place = { fence, beaconIds: ["AB12CD34"] };
const T0 = Date.parse("2026-01-05T14:00:00Z");
/** A point `m` metres due north of the fence centre. */
const north = (m: number) => ({ latitude: fence.latitude + m / 111_195, longitude: fence.longitude });
const ping = (over: Partial<EvidencePing> = {}): EvidencePing => ({
  recorded_at: new Date(T0),
  received_at: new Date(T0 + 5_000),
  ...north(10),
  accuracy: 12,
  ...over,
});
const kinds = (e: PingEvidence) => e.evidence.map((i) => i.kind);

describe("pingEvidence", () => {
  it("weighs a timely fix inside the fence by its accuracy", () => {
    const sharp = pingEvidence(ping({ accuracy: 8 }), { place });
    const coarse = pingEvidence(ping({ accuracy: 90 }), { place });
    expect(kinds(sharp)).toEqual(["inside_fence"]);
    expect(sharp.weight).toBeCloseTo(0.8, 5);
    expect(sharp.evidence[0]?.detail).toMatchObject({ distance_m: 10, radius_m: 50, accuracy_m: 8 });
    expect(coarse.weight).toBeLessThan(sharp.weight);
    expect(coarse.weight).toBeGreaterThan(0);
  });

  it("gives no weight outside the fence or without a position, and says so", () => {
    const outside = pingEvidence(ping(north(5000)), { place });
    expect(outside.weight).toBe(0);
    expect(outside.evidence).toEqual([
      { kind: "outside_fence", effect: 0, detail: { distance_m: 5000, radius_m: 50, accuracy_m: 12 } },
    ]);
    const nowhere = pingEvidence(ping({ latitude: null, longitude: null, accuracy: null }), { place });
    expect(nowhere.weight).toBe(0);
    expect(kinds(nowhere)).toEqual(["no_position"]);
  });

  it("counts a beacon of the place by its rssi, case-insensitively, alongside the fence", () => {
    const far = north(3000);
    const strong = pingEvidence(ping({ ...far, beacons: [{ factory_id: "ab12cd34", rssi: -60 }] }), { place });
    const faint = pingEvidence(ping({ ...far, beacons: [{ factory_id: "AB12CD34", rssi: -99 }] }), { place });
    const foreign = pingEvidence(ping({ ...far, beacons: [{ factory_id: "FFFF0000", rssi: -50 }] }), { place });
    expect(kinds(strong)).toEqual(["outside_fence", "beacon_seen"]);
    expect(strong.weight).toBeCloseTo(0.85, 5);
    expect(faint.weight).toBeLessThan(strong.weight);
    expect(foreign.weight).toBe(0);
    const both = pingEvidence(ping({ beacons: [{ factory_id: "AB12CD34", rssi: -60 }] }), { place });
    expect(both.weight).toBeGreaterThan(strong.weight);
  });

  it("gives codes their weight and skips the phone checks for them", () => {
    const late = { received_at: new Date(T0 + 86_400_000), extra: { mocked: true } };
    const typed = pingEvidence(ping({ ...late, check_in: "offline_code" }), { place });
    const scanned = pingEvidence(ping({ ...late, check_in: "scan_code" }), { place });
    expect(typed).toEqual({ weight: 1, evidence: [{ kind: "offline_code", effect: 1, detail: {} }] });
    expect(kinds(scanned)).toEqual(["scan_code"]);
    expect(scanned.weight).toBeGreaterThan(DEFAULT_REVIEW_THRESHOLD);
  });

  it("discounts a scan nothing puts at the place, unless a ping vouched for it or the place has no fence", () => {
    const scan = (over: Partial<EvidencePing> = {}) =>
      pingEvidence(ping({ check_in: "scan_code", ...over }), { place });
    const blind = { latitude: null, longitude: null, accuracy: null };
    // no position; one from 5 km claiming 100 km accuracy (neither inside nor clearly away)
    for (const unplaced of [scan(blind), scan({ ...north(5000), accuracy: 100_000 })]) {
      expect(kinds(unplaced)).toEqual(["scan_code", "scan_unplaced"]);
      expect(unplaced.weight).toBeCloseTo(0.9 * evidenceModule.SCAN_UNPLACED_FACTOR, 5);
      expect(needsReview(unplaced.weight)).toBe(true);
    }
    expect(scan(blind).evidence[1]).toEqual({ kind: "scan_unplaced", effect: -0.9, detail: { has_position: false } });
    // vouched for by the phone's pings; inside by its own position; a place without a fence
    expect(scan({ ...blind, witnessed: true })).toEqual(scan());
    expect(kinds(scan())).toEqual(["scan_code"]);
    const unfenced = pingEvidence(ping({ check_in: "scan_code", ...blind }), { place: { fence: null, beaconIds: [] } });
    expect(unfenced.weight).toBeCloseTo(0.9, 5);
    // from clearly away it stays a scan from away, vouched for or not
    expect(kinds(scan({ ...north(5000), witnessed: true }))).toEqual(["scan_code", "scan_away"]);
  });

  it("lets only a plausible ping at the place vouch for a scan", () => {
    const vouches = (over: Partial<EvidencePing>) => evidenceModule.placesStudent(pingEvidence(ping(over), { place }));
    expect(vouches({})).toBe(true);
    expect(vouches({ ...north(3000), beacons: [{ factory_id: "AB12CD34", rssi: -60 }] })).toBe(true);
    expect(vouches({ ...north(5000) })).toBe(false);
    expect(vouches({ latitude: null, longitude: null })).toBe(false);
    expect(vouches({ extra: { mocked: true } })).toBe(false);
    expect(vouches({ accuracy: 0 })).toBe(false);
  });

  it("keeps full weight in the live window, then decays, lower still when queued offline", () => {
    const at = (delayMin: number, extra?: unknown) =>
      pingEvidence(ping({ received_at: new Date(T0 + delayMin * 60_000), extra }), { place });
    expect(at(3).weight).toBeCloseTo(0.8, 5);
    expect(kinds(at(3))).toEqual(["inside_fence"]);
    expect(at(13).weight).toBeCloseTo(0.4, 5);
    expect(at(13).evidence[1]).toEqual({
      kind: "late_delivery",
      effect: -0.5,
      detail: { delay_s: 780, offline_queued: false },
    });
    expect(at(7 * 24 * 60).weight).toBeLessThan(0.02);
    expect(at(1, { offline_queued: true }).weight).toBeCloseTo(0.4, 5);
    // a recorded_at ahead of the server is not late
    expect(at(-5).weight).toBeCloseTo(0.8, 5);
  });

  it("calls a ping live only within the live window after its time, and at most a minute ahead", () => {
    const t = new Date(T0);
    const after = (ms: number) => new Date(T0 + ms);
    expect(plausibilityModule.isLiveDelivery(t, after(0))).toBe(true);
    expect(plausibilityModule.isLiveDelivery(t, after(plausibilityModule.LIVE_WINDOW_MS))).toBe(true);
    expect(plausibilityModule.isLiveDelivery(t, after(plausibilityModule.LIVE_WINDOW_MS + 1))).toBe(false);
    // dated ahead of its arrival: a clock a little fast, or presence booked in advance
    expect(plausibilityModule.isLiveDelivery(t, after(-plausibilityModule.LIVE_AHEAD_MS))).toBe(true);
    expect(plausibilityModule.isLiveDelivery(t, after(-plausibilityModule.LIVE_AHEAD_MS - 1))).toBe(false);
    expect(plausibilityModule.isLiveDelivery(new Date(Number.NaN), after(0))).toBe(false);
  });

  it("flags a mocked location from the platform's flag under any of its names", () => {
    for (const flag of ["mocked", "is_mock", "isMock", "isFromMockProvider", "isSimulatedBySoftware"]) {
      const e = pingEvidence(ping({ extra: { [flag]: true } }), { place });
      expect(e.evidence[1]).toEqual({ kind: "mocked_location", effect: -0.9, detail: { flag } });
      expect(e.weight).toBeCloseTo(0.08, 5);
    }
    expect(kinds(pingEvidence(ping({ extra: { mocked: false, isMock: "true" } }), { place }))).toEqual([
      "inside_fence",
    ]);
  });

  it("flags an impossible speed since the previous fix, excusing the accuracies", () => {
    const previous = { recorded_at: new Date(T0 - 30_000), ...north(3000), accuracy: 10 };
    const e = pingEvidence(ping(), { place, previous });
    expect(kinds(e)).toEqual(["inside_fence", "impossible_speed"]);
    expect(e.evidence[1]?.detail).toMatchObject({ distance_m: 2990, seconds: 30 });
    // 1490 m in 30 s, but each fix may be 1000 m off: explainable
    const vague = { ...previous, ...north(1500), accuracy: 1000 };
    expect(kinds(pingEvidence(ping({ accuracy: 1000 }), { place, previous: vague }))).not.toContain("impossible_speed");
    // the same 3 km in 10 minutes is a bus ride
    const bus = { ...previous, recorded_at: new Date(T0 - 600_000) };
    expect(kinds(pingEvidence(ping(), { place, previous: bus }))).toEqual(["inside_fence"]);
  });

  it("flags exactly repeated coordinates but not jitter", () => {
    const p = ping();
    const same = { recorded_at: new Date(T0 - 30_000), latitude: p.latitude, longitude: p.longitude, accuracy: 12 };
    expect(kinds(pingEvidence(p, { place, previous: same }))).toEqual(["inside_fence", "repeated_coordinates"]);
    const jitter = { ...same, latitude: (p.latitude as number) + 1e-7 };
    expect(kinds(pingEvidence(p, { place, previous: jitter }))).toEqual(["inside_fence"]);
  });

  it("flags an accuracy no phone reports", () => {
    for (const accuracy of [0, -5, 0.4, 50_000, Number.NaN]) {
      expect(kinds(pingEvidence(ping({ accuracy }), { place }))).toContain("implausible_accuracy");
    }
    for (const accuracy of [1, 4, 65, 2000, 10_000]) {
      expect(kinds(pingEvidence(ping({ accuracy }), { place }))).not.toContain("implausible_accuracy");
    }
  });

  it("flags a beacon rssi no phone reports, weighs it as no rssi, and counts it as suspicious", () => {
    const far = north(3000);
    const heard = (rssi: number) =>
      pingEvidence(ping({ ...far, beacons: [{ factory_id: "AB12CD34", rssi }] }), { place });
    for (const rssi of [100, 0.5, 1, -127.5, -200, 37.25]) {
      const e = heard(rssi);
      expect(kinds(e), String(rssi)).toEqual(["outside_fence", "beacon_seen", "implausible_rssi"]);
      expect(e.evidence.find((i) => i.kind === "implausible_rssi")?.detail).toEqual({ factory_id: "AB12CD34", rssi });
      // weighed as a beacon without rssi (0.7), times the check's 0.3
      expect(e.weight).toBeCloseTo(0.7 * 0.3, 5);
    }
    // plausible values keep their weights; 0 dBm is iOS's "no reading": weighed as no rssi
    for (const [rssi, weight] of [
      [0, 0.7],
      [-60, 0.85],
      [-80, 0.85],
      [-90, 0.725],
      [-100, 0.6],
      [-127, 0.6],
      [-72.5, 0.85],
    ] as const) {
      const e = heard(rssi);
      expect(kinds(e), String(rssi)).toEqual(["outside_fence", "beacon_seen"]);
      expect(e.weight, String(rssi)).toBeCloseTo(weight, 5);
    }
    // a stream of +100 dBm beacon sightings is a suspicious claim: it stays under the threshold
    const streamOf = Array.from({ length: 6 }, (_, i) =>
      pingEvidence(
        ping({
          ...north(3000 + i),
          recorded_at: new Date(T0 + i * 30_000),
          received_at: new Date(T0 + i * 30_000 + 2000),
          beacons: [{ factory_id: "AB12CD34", rssi: 100 }],
        }),
        { place },
      ),
    );
    const c = attendanceConfidence(streamOf);
    expect(c.confidence).toBe(0);
    expect(c.reasons.map((r) => r.kind)).toContain("implausible_rssi");
  });
});

describe("attendanceConfidence", () => {
  const stream = (pings: EvidencePing[]) =>
    pings.map((p, i) => pingEvidence(p, { place, previous: i > 0 ? pings[i - 1] : null }));

  it("is 0 with no pings and with pings only from far away", () => {
    expect(attendanceConfidence([])).toEqual({ confidence: 0, reasons: [] });
    const home = stream([0, 1, 2].map((i) => ping({ ...north(4000 + i), recorded_at: new Date(T0 + i * 30_000) })));
    const c = attendanceConfidence(home);
    expect(c.confidence).toBe(0);
    expect(c.reasons).toEqual([expect.objectContaining({ kind: "outside_fence", pings: 3 })]);
  });

  it("puts a code alone above the threshold", () => {
    for (const check_in of ["offline_code", "scan_code"] as const) {
      const c = attendanceConfidence([pingEvidence(ping({ check_in }), { place })]);
      expect(needsReview(c.confidence, DEFAULT_REVIEW_THRESHOLD)).toBe(false);
      expect(c.reasons[0]?.kind).toBe(check_in);
    }
  });

  it("lets a code stand even beside a faked phone stream", () => {
    const fakes = stream(
      [0, 1, 2].map((i) => ping({ recorded_at: new Date(T0 + i * 30_000), extra: { mocked: true } })),
    );
    expect(needsReview(attendanceConfidence(fakes).confidence)).toBe(true);
    const withCode = [...fakes, pingEvidence(ping({ check_in: "offline_code" }), { place })];
    expect(needsReview(attendanceConfidence(withCode).confidence)).toBe(false);
  });

  it("is not talked up by padding a faked stream with pings that claim nothing", () => {
    // class and home 4 km apart every 30 s: every fix an impossible jump from the one before
    const alternating = [0, 1, 2, 3, 4, 5].map((i) =>
      ping({ ...north(i % 2 ? 4000 : 10), recorded_at: new Date(T0 + i * 30_000) }),
    );
    const faked = stream(alternating);
    const alone = attendanceConfidence(faked).confidence;
    expect(needsReview(alone)).toBe(true);
    const empty = (i: number) =>
      ping({ latitude: null, longitude: null, accuracy: null, recorded_at: new Date(T0 + i) });
    const away = (i: number) => ping({ ...north(4000), recorded_at: new Date(T0 + 200_000 + i * 30_000) });
    const padded = [
      ...faked,
      ...Array.from({ length: 200 }, (_, i) => pingEvidence(empty(i), { place })),
      ...stream(Array.from({ length: 200 }, (_, i) => away(i))),
    ];
    expect(attendanceConfidence(padded).confidence).toBe(alone);
    // a plain accuracy no phone reports stays unbelieved however many empty pings come with it
    const zero = stream([0, 1, 2].map((i) => ping({ accuracy: 0, recorded_at: new Date(T0 + i * 30_000) })));
    const zeroPadded = [...zero, ...Array.from({ length: 200 }, (_, i) => pingEvidence(empty(i), { place }))];
    expect(needsReview(attendanceConfidence(zeroPadded).confidence)).toBe(true);
  });

  it("names the strongest reasons, each kind once with its count", () => {
    const same = north(10);
    const pings = stream([0, 1, 2, 3].map((i) => ping({ ...same, recorded_at: new Date(T0 + i * 30_000) })));
    const c = attendanceConfidence(pings);
    expect(c.reasons.map((r) => [r.kind, r.pings])).toEqual([
      ["inside_fence", 4],
      ["repeated_coordinates", 3],
    ]);
    // a phone that does not move indoors repeats its fix: each repeat weighs less, the first carries it
    expect(c.confidence).toBeGreaterThanOrEqual(DEFAULT_REVIEW_THRESHOLD);
    expect(c.confidence).toBeLessThan(
      attendanceConfidence(
        stream([0, 1, 2, 3].map((i) => ping({ ...north(10 + i), recorded_at: new Date(T0 + i * 30_000) }))),
      ).confidence,
    );
    const many = pingEvidence(
      ping({
        ...north(4000),
        accuracy: 0,
        received_at: new Date(T0 + 3_600_000),
        beacons: [{ factory_id: "AB12CD34", rssi: -70 }],
        extra: { mocked: true },
      }),
      { place, previous: { recorded_at: new Date(T0 - 1000), ...north(4000) } },
    );
    expect(attendanceConfidence([many]).reasons).toHaveLength(MAX_REASONS);
  });
});

describe("needsReview", () => {
  it("reviews under the school's threshold and falls back to the default for a broken one", () => {
    expect(needsReview(0.5, 0.6)).toBe(true);
    expect(needsReview(0.6, 0.6)).toBe(false);
    expect(needsReview(0.3, 0.2)).toBe(false);
    expect(needsReview(0.55, null)).toBe(true);
    expect(needsReview(0.65, Number.NaN)).toBe(false);
    expect(needsReview(Number.NaN, 0.1)).toBe(true);
    expect(needsReview(0.99, 5)).toBe(true);
  });
});

describe("what the phone is told", () => {
  it("offers nothing that answers the phone: evidence is for staff", () => {
    const names = [confidenceModule, evidenceModule, plausibilityModule].flatMap((m) => Object.keys(m));
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((n) => /phone|device|answer|reply|response/i.test(n))).toEqual([]);
  });
});
