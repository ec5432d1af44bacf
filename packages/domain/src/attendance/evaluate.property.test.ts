import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STATUS } from "../statuses.ts";
import { coveredStatus, finalStatus } from "./coverage.ts";
import { EARLY_WINDOW_MIN, evaluateSession, type PresenceSample, presenceRank } from "./evaluate.ts";
import type { Rules } from "./rules.ts";

const START = Date.parse("2026-01-05T14:00:00Z");
const SEC = 1000;

const lengthMin = fc.integer({ min: 1, max: 180 });
const rules: fc.Arbitrary<Rules> = fc.record({
  late_time: fc.integer({ min: 0, max: 60 }),
  absent_time: fc.integer({ min: 0, max: 120 }),
  leave_time: fc.integer({ min: 0, max: 30 }),
  min_percentage: fc.integer({ min: 0, max: 100 }),
});
/** Samples from a little before the early window to a little after the end (seconds granularity). */
const sample = (len: number): fc.Arbitrary<PresenceSample> =>
  fc.record({
    at: fc.integer({ min: -(EARLY_WINDOW_MIN + 5) * 60, max: (len + 5) * 60 }).map((s) => new Date(START + s * SEC)),
    present: fc.boolean(),
  });
const scenario = lengthMin.chain((len) =>
  fc.record({
    session: fc.constant({ start: new Date(START), end: new Date(START + len * 60 * SEC) }),
    rules,
    samples: fc.array(sample(len), { maxLength: 30 }),
    finished: fc.boolean(),
    extra: sample(len).map((s) => ({ ...s, present: true })),
  }),
);

describe("evaluateSession properties", () => {
  it("never lowers the status when a present sample is added", () => {
    fc.assert(
      fc.property(scenario, ({ extra, ...input }) => {
        const before = evaluateSession(input);
        const after = evaluateSession({ ...input, samples: [...input.samples, extra] });
        expect(presenceRank(after.status)).toBeGreaterThanOrEqual(presenceRank(before.status));
        expect(after.percentage).toBeGreaterThanOrEqual(before.percentage);
      }),
      { numRuns: 500 },
    );
  });

  it("does not depend on the order of samples", () => {
    const shuffled = scenario.chain((input) =>
      fc
        .shuffledSubarray(input.samples, { minLength: input.samples.length, maxLength: input.samples.length })
        .map((samples) => ({ input, samples })),
    );
    fc.assert(
      fc.property(shuffled, ({ input, samples }) => {
        expect(evaluateSession({ ...input, samples })).toEqual(evaluateSession(input));
      }),
      { numRuns: 500 },
    );
  });

  it("keeps percentage in 0..100, enter <= exit <= end, and enter within the early window", () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const e = evaluateSession(input);
        expect(e.percentage).toBeGreaterThanOrEqual(0);
        expect(e.percentage).toBeLessThanOrEqual(100);
        expect(e.enter === null).toBe(e.exit === null);
        if (e.enter && e.exit) {
          expect(e.enter.getTime()).toBeLessThanOrEqual(e.exit.getTime());
          expect(e.exit.getTime()).toBeLessThanOrEqual(input.session.end.getTime());
          expect(e.enter.getTime()).toBeGreaterThanOrEqual(START - EARLY_WINDOW_MIN * 60 * SEC);
        } else {
          expect(e.percentage).toBe(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("never leaves a finished session pending, covered or not", () => {
    fc.assert(
      fc.property(scenario, fc.boolean(), fc.boolean(), fc.boolean(), (input, cancelled, excused, travelling) => {
        const evaluated = evaluateSession({ ...input, finished: true }).status;
        expect(evaluated).not.toBe(STATUS.pending);
        const cover = { evaluated, cancelled, excused, travelling };
        expect(coveredStatus(cover)).not.toBe(STATUS.pending);
        expect(finalStatus(cover)).not.toBe(STATUS.pending);
      }),
      { numRuns: 300 },
    );
  });

  it("is pending live exactly when there is no presence in the window", () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const e = evaluateSession({ ...input, finished: false });
        expect(e.status === STATUS.pending).toBe(e.enter === null);
      }),
    );
  });
});
