import fc from "fast-check";

/** One property over one entry, run `runs` times. */
export interface Lane {
  name: string;
  runs: number;
  property: fc.IAsyncProperty<never> | fc.IAsyncProperty<any>;
}

/** FUZZ_RUNS scales every lane (default 1; e.g. FUZZ_RUNS=10 for a long run), FUZZ_SEED replays one. */
export const SCALE = Number(process.env.FUZZ_RUNS ?? "1") || 1;
export const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
export const runs = (n: number) => Math.max(1, Math.round(n * SCALE));

/**
 * Runs the lanes (those whose name holds FUZZ_ONLY, when set) `parallel` at a time (a handful of clients at once, as a school's rush
 * would be) and answers the failures, one per lane, with fast-check's counterexample.
 */
export async function runLanes(lanes: Lane[], parallel: number) {
  const only = process.env.FUZZ_ONLY;
  // each lane its own seed, derived from the run's: FUZZ_SEED replays every lane
  const queue = lanes.map((lane, i) => ({ ...lane, seed: SEED + i })).filter((l) => !only || l.name.includes(only));
  const failures: string[] = [];
  const timings: string[] = [];
  async function worker() {
    for (let lane = queue.shift(); lane; lane = queue.shift()) {
      const t0 = performance.now();
      const out = await fc.check(lane.property, { numRuns: lane.runs, seed: lane.seed, endOnFailure: true });
      timings.push(`${lane.name}: ${out.numRuns} runs in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      if (out.failed) {
        const error = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
        failures.push(`${lane.name}: ${error} (replay with FUZZ_SEED=${SEED})`);
      }
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker));
  return { failures, timings };
}
