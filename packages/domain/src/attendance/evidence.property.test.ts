import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { attendanceConfidence, DEFAULT_REVIEW_THRESHOLD } from "./confidence.ts";
import { type EvidencePing, type PingEvidence, pingEvidence } from "./evidence.ts";
import type { Fence, LatLng, PlaceSignals } from "./geofence.ts";
import { MAX_SPEED_ACCURACY_ALLOWANCE_M, MAX_SPEED_MPS } from "./plausibility.ts";

const T0 = Date.parse("2026-01-05T14:00:00Z");
const SPACING_MS = 30_000;
const M_PER_DEG = 111_195;

/** The point `east`, `north` metres from `from` (flat-earth offsets are exact enough at school scale). */
const offset = (from: LatLng, east: number, north: number): LatLng => ({
  latitude: from.latitude + north / M_PER_DEG,
  longitude: from.longitude + east / (M_PER_DEG * Math.cos((from.latitude * Math.PI) / 180)),
});
const polar = (from: LatLng, metres: number, bearing: number) =>
  offset(from, metres * Math.sin(bearing), metres * Math.cos(bearing));

const fenceArb: fc.Arbitrary<Fence> = fc.record({
  latitude: fc.double({ min: -60, max: 60, noNaN: true }),
  longitude: fc.double({ min: -179, max: 179, noNaN: true }),
  radius: fc.integer({ min: 30, max: 150 }),
});
const placeOf = (fence: Fence): PlaceSignals => ({ fence, beaconIds: ["AB12CD34"] });
const bearing = fc.double({ min: 0, max: 2 * Math.PI, noNaN: true });

/** Each ping judged against the one before it, as the engine will. */
const evidenceOf = (pings: readonly EvidencePing[], place: PlaceSignals): PingEvidence[] =>
  pings.map((p, i) => pingEvidence(p, { place, previous: i > 0 ? pings[i - 1] : null }));
const confidenceOf = (pings: readonly EvidencePing[], place: PlaceSignals) =>
  attendanceConfidence(evidenceOf(pings, place)).confidence;

/**
 * An honest phone in class: a seat within 70% of the radius, a fix every 30 s with a GPS error
 * smaller than its reported accuracy (3-40 m) that never comes out exactly the same twice
 * (the golden-angle turn per ping), delivered within 20 s; with `cachedAgain`, at most one fix
 * sent twice (a cached position).
 */
const honestStreamOf = (cachedAgain: boolean) =>
  fenceArb.chain((fence) =>
    fc
      .record({
        seat: fc.record({ share: fc.double({ min: 0, max: 0.7, noNaN: true }), bearing }),
        fixes: fc.array(
          fc.record({
            accuracy: fc.double({ min: 3, max: 40, noNaN: true }),
            error: fc.double({ min: 0.05, max: 0.8, noNaN: true }),
            bearing,
            delayMs: fc.integer({ min: 0, max: 20_000 }),
            skewMs: fc.integer({ min: 0, max: 2_000 }),
          }),
          { minLength: 6, maxLength: 40 },
        ),
        again: cachedAgain ? fc.option(fc.nat(), { nil: null }) : fc.constant(null),
      })
      .map(({ seat, fixes, again }) => {
        const at = polar(fence, seat.share * fence.radius, seat.bearing);
        const pings: EvidencePing[] = fixes.map((f, i) => {
          const recorded = T0 + i * SPACING_MS + f.skewMs;
          return {
            ...polar(at, f.error * f.accuracy, f.bearing + i * 2.39996),
            accuracy: f.accuracy,
            recorded_at: new Date(recorded),
            received_at: new Date(recorded + f.delayMs),
            extra: { source: "checkin-web" },
          };
        });
        if (again !== null) {
          const i = 1 + (again % (pings.length - 1));
          const before = pings[i - 1] as EvidencePing;
          // the platform hands back its cached fix whole: the same position with the same accuracy
          pings[i] = {
            ...(pings[i] as EvidencePing),
            latitude: before.latitude,
            longitude: before.longitude,
            accuracy: before.accuracy,
          };
        }
        return { place: placeOf(fence), pings };
      }),
  );
const honestStream = honestStreamOf(true);

/** A student at home faking presence: the ways the checks are meant to catch. */
// exactly repeated fixes are not among them: a phone that does not move indoors sends those too (decision 0550)
const spoofKind = fc.constantFrom("from_home", "mocked", "teleporting", "backdated");
const spoofedStream = fc
  .tuple(honestStream, spoofKind, fc.integer({ min: 1_500, max: 50_000 }), bearing, fc.boolean())
  .map(([{ place, pings }, kind, homeMetres, homeBearing, startAtHome]) => {
    const fence = place.fence as Fence;
    const home = polar(fence, homeMetres + fence.radius + 100, homeBearing);
    // teleporting between home and class every 30 s needs a home further than 50 m/s can cover
    const farHome = polar(fence, homeMetres + 5_000, homeBearing);
    const faked = pings.map((p, i): EvidencePing => {
      switch (kind) {
        case "from_home": // the same honest-looking jitter, translated home
          return {
            ...p,
            latitude: (p.latitude as number) - fence.latitude + home.latitude,
            longitude: (p.longitude as number) - fence.longitude + home.longitude,
          };
        case "mocked":
          return { ...p, extra: { mocked: true } };
        case "teleporting":
          return i % 2 === (startAtHome ? 0 : 1) ? { ...p, ...farHome } : p;
        default: // sent days later with a made-up time
          return { ...p, received_at: new Date(p.recorded_at.getTime() + 2 * 86_400_000) };
      }
    });
    return { place, pings: faked, kind };
  });

/** Any ping near or far from the fence, timely or not, flagged or not. */
const anyPing = (fence: Fence) =>
  fc
    .record({
      metres: fc.double({ min: 0, max: 20_000, noNaN: true }),
      bearing,
      accuracy: fc.option(fc.double({ min: -10, max: 50_000, noNaN: true }), { nil: null }),
      delayMs: fc.integer({ min: -600_000, max: 3 * 86_400_000 }),
      secondsAfterT0: fc.integer({ min: 0, max: 7200 }),
      beacon: fc.option(fc.integer({ min: -110, max: -40 }), { nil: null }),
      mocked: fc.boolean(),
      queued: fc.boolean(),
    })
    .map(
      (r): EvidencePing => ({
        ...polar(fence, r.metres, r.bearing),
        accuracy: r.accuracy,
        recorded_at: new Date(T0 + r.secondsAfterT0 * 1000),
        received_at: new Date(T0 + r.secondsAfterT0 * 1000 + r.delayMs),
        beacons: r.beacon === null ? [] : [{ factory_id: "AB12CD34", rssi: r.beacon }],
        extra: { mocked: r.mocked, offline_queued: r.queued },
      }),
    );
const pingCase = fenceArb.chain((fence) =>
  fc.record({
    place: fc.constant(placeOf(fence)),
    ping: anyPing(fence),
    previous: fc.option(anyPing(fence), { nil: null }),
  }),
);

describe("pingEvidence properties", () => {
  it("a mocked flag always lowers the weight and names itself", () => {
    fc.assert(
      fc.property(pingCase, ({ place, ping, previous }) => {
        const honest = pingEvidence({ ...ping, extra: { offline_queued: false } }, { place, previous });
        const mocked = pingEvidence({ ...ping, extra: { offline_queued: false, mocked: true } }, { place, previous });
        expect(mocked.evidence.map((i) => i.kind)).toContain("mocked_location");
        expect(honest.evidence.map((i) => i.kind)).not.toContain("mocked_location");
        if (honest.weight > 0) expect(mocked.weight).toBeLessThan(honest.weight);
        else expect(mocked.weight).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it("an impossible speed since the previous fix always lowers the weight and names itself", () => {
    const jump = pingCase.chain((c) =>
      fc.record({ c: fc.constant(c), seconds: fc.integer({ min: 0, max: 900 }), bearing }),
    );
    fc.assert(
      fc.property(jump, ({ c: { place, ping }, seconds, bearing: b }) => {
        // further than the accuracies can excuse and any allowed speed can cover
        const metres = 2 * MAX_SPEED_ACCURACY_ALLOWANCE_M + MAX_SPEED_MPS * Math.max(1, seconds) * 1.2 + 100;
        const previous = {
          ...polar({ latitude: ping.latitude as number, longitude: ping.longitude as number }, metres, b),
          accuracy: 5,
          recorded_at: new Date(ping.recorded_at.getTime() - seconds * 1000),
        };
        const alone = pingEvidence(ping, { place, previous: null });
        const after = pingEvidence(ping, { place, previous });
        expect(after.evidence.map((i) => i.kind)).toContain("impossible_speed");
        if (alone.weight > 0) expect(after.weight).toBeLessThan(alone.weight);
        else expect(after.weight).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it("flags exactly repeated coordinates, and only those", () => {
    const moved = fc.double({ min: 1e-9, max: 1e-4, noNaN: true });
    fc.assert(
      fc.property(pingCase, moved, fc.integer({ min: 1, max: 3600 }), ({ place, ping }, delta, seconds) => {
        const before = new Date(ping.recorded_at.getTime() - seconds * 1000);
        const same = { latitude: ping.latitude, longitude: ping.longitude, accuracy: 10, recorded_at: before };
        const jitter = { ...same, longitude: (ping.longitude as number) + delta };
        expect(pingEvidence(ping, { place, previous: same }).evidence.map((i) => i.kind)).toContain(
          "repeated_coordinates",
        );
        expect(pingEvidence(ping, { place, previous: jitter }).evidence.map((i) => i.kind)).not.toContain(
          "repeated_coordinates",
        );
      }),
      { numRuns: 300 },
    );
  });

  it("never weighs a ping more for arriving later", () => {
    fc.assert(
      fc.property(pingCase, fc.integer({ min: 0, max: 86_400_000 }), ({ place, ping, previous }, later) => {
        const delayed = { ...ping, received_at: new Date(ping.received_at.getTime() + later) };
        expect(pingEvidence(delayed, { place, previous }).weight).toBeLessThanOrEqual(
          pingEvidence(ping, { place, previous }).weight,
        );
      }),
      { numRuns: 300 },
    );
  });

  it("keeps weights and effects in range", () => {
    fc.assert(
      fc.property(pingCase, ({ place, ping, previous }) => {
        const e = pingEvidence(ping, { place, previous });
        expect(e.weight).toBeGreaterThanOrEqual(0);
        expect(e.weight).toBeLessThanOrEqual(1);
        for (const i of e.evidence) expect(Math.abs(i.effect)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });
});

describe("attendanceConfidence properties", () => {
  it("puts random honest streams above the threshold", () => {
    fc.assert(
      fc.property(honestStream, ({ place, pings }) => {
        expect(confidenceOf(pings, place)).toBeGreaterThanOrEqual(DEFAULT_REVIEW_THRESHOLD);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps random spoofed streams below the threshold", () => {
    fc.assert(
      fc.property(spoofedStream, ({ place, pings }) => {
        expect(confidenceOf(pings, place)).toBeLessThan(DEFAULT_REVIEW_THRESHOLD);
      }),
      { numRuns: 300 },
    );
  });

  it("never lowers when an honest stream goes on", () => {
    fc.assert(
      fc.property(honestStreamOf(false), fc.nat(), ({ place, pings }, cut) => {
        const prefix = pings.slice(0, 1 + (cut % pings.length));
        expect(confidenceOf(pings, place)).toBeGreaterThanOrEqual(confidenceOf(prefix, place));
      }),
      { numRuns: 300 },
    );
  });

  it("never lowers when a timely, consistent ping inside the fence joins any evidence", () => {
    const mixed = fc.tuple(honestStream, spoofedStream, fc.nat()).map(([honest, spoofed, cut]) => {
      const place = honest.place;
      const evidence = [
        ...evidenceOf(honest.pings.slice(0, cut % honest.pings.length), place),
        ...evidenceOf(spoofed.pings, spoofed.place),
      ];
      const last = honest.pings.at(-1) as EvidencePing;
      return { evidence, clean: pingEvidence(last, { place, previous: null }) };
    });
    fc.assert(
      fc.property(mixed, fc.nat(), ({ evidence, clean }, at) => {
        expect(clean.weight).toBeGreaterThan(0);
        const i = at % (evidence.length + 1);
        const more = [...evidence.slice(0, i), clean, ...evidence.slice(i)];
        expect(attendanceConfidence(more).confidence).toBeGreaterThanOrEqual(attendanceConfidence(evidence).confidence);
      }),
      { numRuns: 300 },
    );
  });

  it("does not depend on the order of the evidence", () => {
    const shuffled = spoofedStream.chain(({ place, pings }) => {
      const evidence = evidenceOf(pings, place);
      return fc
        .shuffledSubarray(evidence, { minLength: evidence.length, maxLength: evidence.length })
        .map((other) => ({ evidence, other }));
    });
    fc.assert(
      fc.property(shuffled, ({ evidence, other }) => {
        expect(attendanceConfidence(other)).toEqual(attendanceConfidence(evidence));
      }),
      { numRuns: 200 },
    );
  });
});
