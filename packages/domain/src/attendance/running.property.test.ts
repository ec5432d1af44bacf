import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addToTally, attendanceConfidence, confidenceOfTally, emptyTally } from "./confidence.ts";
import { EARLY_WINDOW_MIN, evaluateSession, type PresenceSample } from "./evaluate.ts";
import { type PingEvidence, pingEvidence } from "./evidence.ts";
import type { Rules } from "./rules.ts";
import { addSample, emptyTimeline, evaluateTimeline, type RunningTimeline, timelineOf } from "./running.ts";

const START = Date.parse("2026-01-05T14:00:00Z");
const SEC = 1000;

const rules: fc.Arbitrary<Rules> = fc.record({
  late_time: fc.integer({ min: 0, max: 60 }),
  absent_time: fc.integer({ min: 0, max: 120 }),
  leave_time: fc.integer({ min: 0, max: 30 }),
  min_percentage: fc.integer({ min: 0, max: 100 }),
});
/** Phone samples present, away, or neither; now and then a check-in (decision 0552). */
const sample = (len: number): fc.Arbitrary<PresenceSample> =>
  fc.record({
    at: fc.integer({ min: -(EARLY_WINDOW_MIN + 5) * 60, max: (len + 5) * 60 }).map((s) => new Date(START + s * SEC)),
    present: fc.boolean(),
    hold: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    away: fc.boolean(),
  });
const scenario = fc.integer({ min: 1, max: 600 }).chain((len) =>
  fc.record({
    session: fc.constant({ start: new Date(START), end: new Date(START + len * 60 * SEC) }),
    rules,
    samples: fc.array(sample(len), { maxLength: 60 }),
    finished: fc.boolean(),
    // while the session runs, a check-in's presence holds until now
    now: fc.option(
      fc.integer({ min: -10 * 60, max: (len + 10) * 60 }).map((s) => new Date(START + s * SEC)),
      { nil: undefined },
    ),
  }),
);

/** The samples one at a time in the order given; null once one is not newer than all before. */
function fold(session: { start: Date; end: Date }, samples: readonly PresenceSample[]): RunningTimeline | null {
  let state: RunningTimeline | null = emptyTimeline();
  for (const s of samples) {
    if (!state) return null;
    state = addSample(state, session, s);
  }
  return state;
}

describe("the running timeline", () => {
  it("evaluates as evaluateSession does, for every stream, built at once or a sample at a time", () => {
    fc.assert(
      fc.property(scenario, ({ session, rules, samples, finished, now }) => {
        const full = evaluateSession({ session, rules, samples, finished, now });
        expect(evaluateTimeline({ state: timelineOf(session, samples), session, rules, finished, now })).toEqual(full);
        // in time order with distinct instants (what a live phone sends), a sample at a time agrees too
        const distinct = [...new Map(samples.map((s) => [s.at.getTime(), s])).values()].sort(
          (a, b) => a.at.getTime() - b.at.getTime(),
        );
        const live = fold(session, distinct);
        expect(live).not.toBeNull();
        const expected = evaluateSession({ session, rules, samples: distinct, finished, now });
        expect(evaluateTimeline({ state: live as RunningTimeline, session, rules, finished, now })).toEqual(expected);
        // stored as JSON between pings, as the engine does
        const k = Math.floor(distinct.length / 2);
        const stored = JSON.parse(JSON.stringify(fold(session, distinct.slice(0, k))));
        const resumed = distinct
          .slice(k)
          .reduce<RunningTimeline | null>((st, x) => st && addSample(st, session, x), stored);
        expect(evaluateTimeline({ state: resumed as RunningTimeline, session, rules, finished, now })).toEqual(
          expected,
        );
      }),
      { numRuns: 500 },
    );
  });

  it("refuses a sample that is not newer than every one so far, and changes nothing outside the window", () => {
    const session = { start: new Date(START), end: new Date(START + 3_600_000) };
    const one = addSample(emptyTimeline(), session, { at: new Date(START + 60_000), present: true });
    expect(one).not.toBeNull();
    expect(addSample(one as RunningTimeline, session, { at: new Date(START + 60_000), present: true })).toBeNull();
    expect(addSample(one as RunningTimeline, session, { at: new Date(START + 30_000), present: false })).toBeNull();
    const outside = { at: new Date(START + 2 * 3_600_000), present: true };
    expect(addSample(one as RunningTimeline, session, outside)).toBe(one);
  });
});

describe("the confidence tally", () => {
  const place = { fence: { latitude: 40, longitude: -75, radius: 60 }, beaconIds: ["AB12CD34"] };
  const ping = fc
    .record({
      dLat: fc.double({ min: -0.01, max: 0.01, noNaN: true }),
      dLng: fc.double({ min: -0.01, max: 0.01, noNaN: true }),
      accuracy: fc.option(fc.double({ min: -5, max: 20_000, noNaN: true }), { nil: null }),
      t: fc.integer({ min: 0, max: 7200 }),
      delay: fc.integer({ min: 0, max: 86_400 }),
      mocked: fc.boolean(),
      code: fc.constantFrom(null, "scan_code", "offline_code"),
    })
    .map((r) =>
      pingEvidence(
        {
          latitude: 40 + r.dLat,
          longitude: -75 + r.dLng,
          accuracy: r.accuracy,
          recorded_at: new Date(START + r.t * SEC),
          received_at: new Date(START + (r.t + r.delay) * SEC),
          extra: { mocked: r.mocked },
          check_in: r.code as "scan_code" | "offline_code" | null,
        },
        { place },
      ),
    );

  it("gives what the whole list gives, in any order, and survives a trip through JSON", () => {
    fc.assert(
      fc.property(fc.array(ping, { maxLength: 40 }), fc.nat(), (pings: PingEvidence[], cut) => {
        const whole = attendanceConfidence(pings);
        const k = pings.length ? cut % pings.length : 0;
        // stored as jsonb, which orders an object's keys its own way: reversed here
        const reorder = (_key: string, v: unknown) =>
          v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v;
        const stored = JSON.parse(JSON.stringify(pings.slice(0, k).reduce(addToTally, emptyTally())), reorder);
        const resumed = pings.slice(k).reduce(addToTally, stored);
        expect(confidenceOfTally(resumed)).toEqual(whole);
        expect(attendanceConfidence([...pings].reverse())).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps no -0 in a reason's detail, which the trip through JSON would turn into 0 (a CI counterexample)", () => {
    const evidence = pingEvidence(
      {
        latitude: 40,
        longitude: -75,
        accuracy: -0,
        recorded_at: new Date(START),
        received_at: new Date(START),
        extra: { mocked: false },
        check_in: null,
      },
      { place },
    );
    const details = evidence.evidence.map((e) => e.detail);
    expect(details.length).toBeGreaterThan(0);
    expect(JSON.parse(JSON.stringify(details))).toEqual(details);
  });
});
