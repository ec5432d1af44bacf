/**
 * evaluateSession one sample at a time (issue 9, point 2): a running state per attendance that a
 * ping newer than every sample so far updates in constant time, whatever the session's history.
 * A sample that is not newer (out of order, or at the same instant) cannot be added: the caller
 * recomputes from every sample, which gives the same state (property-tested).
 */
import {
  EARLY_WINDOW_MIN,
  type Evaluation,
  heldUntil,
  judgePresence,
  mergePoint,
  PRESENCE_GAP_MIN,
  type PresencePoint,
  type PresenceSample,
} from "./evaluate.ts";
import type { Rules } from "./rules.ts";

const MIN = 60_000;

/** JSON-safe (times in ms), so it is stored with the attendance. */
export interface RunningTimeline {
  /** the newest sample so far; present = it counts as presence (after a check-in: unless away) */
  last: { at: number; present: boolean } | null;
  /** a check-in came before: presence holds over every sample not away (decision 0552) */
  held: boolean;
  /** the first present sample */
  enter: number | null;
  /** where the presence of the last present sample before `last` ended (`last`'s own is provisional) */
  exit: number | null;
  /** ms of [start, end] covered by present samples before `last` */
  covered: number;
}

export const emptyTimeline = (): RunningTimeline => ({ last: null, held: false, enter: null, exit: null, covered: 0 });

interface Bounds {
  start: number;
  end: number;
}

const bounds = (session: { start: Date; end: Date }): Bounds => ({
  start: session.start.getTime(),
  end: session.end.getTime(),
});

/**
 * A present sample at `at` holds until the next one, at most PRESENCE_GAP_MIN, at most the end;
 * after a check-in (`held`) until the next one or the end, without the gap.
 */
const until = (at: number, next: number, b: Bounds, held: boolean) =>
  held ? Math.max(at, Math.min(next, b.end)) : Math.min(next, at + PRESENCE_GAP_MIN * MIN, b.end);

/** Whether the sample counts at all (evaluateSession ignores the others). */
export function inTimeline(session: { start: Date; end: Date }, at: Date): boolean {
  const t = at.getTime();
  const b = bounds(session);
  return Number.isFinite(t) && t >= b.start - EARLY_WINDOW_MIN * MIN && t <= b.end;
}

/**
 * The state with one more sample, or null when the sample is not newer than every one so far
 * (then only a recompute from every sample is right). Samples outside the session's window leave
 * the state as it is.
 */
export function addSample(
  state: RunningTimeline,
  session: { start: Date; end: Date },
  sample: PresenceSample,
): RunningTimeline | null {
  if (!inTimeline(session, sample.at)) return state;
  const t = sample.at.getTime();
  const b = bounds(session);
  const { last } = state;
  if (last && t <= last.at) return null;
  const point = mergePoint(undefined, sample);
  const held = state.held === true || point.hold;
  const present = point.present || (held && !point.away);
  const next: RunningTimeline = { ...state, held, last: { at: t, present } };
  if (last?.present) {
    const u = until(last.at, t, b, state.held === true);
    next.covered += Math.max(0, u - Math.max(last.at, b.start));
    next.exit = u;
  }
  if (present && next.enter === null) next.enter = t;
  return next;
}

/** The state of a whole list of samples (any order). */
export function timelineOf(session: { start: Date; end: Date }, samples: readonly PresenceSample[]): RunningTimeline {
  const byTime = new Map<number, PresencePoint>();
  for (const s of samples) {
    if (!inTimeline(session, s.at)) continue;
    const t = s.at.getTime();
    byTime.set(t, mergePoint(byTime.get(t), s));
  }
  let state = emptyTimeline();
  for (const [at, point] of [...byTime.entries()].sort((a, b) => a[0] - b[0]))
    state = addSample(state, session, { at: new Date(at), ...point }) as RunningTimeline;
  return state;
}

/**
 * evaluateSession of the samples the state was built from, without them: the presence of the
 * last sample is counted as evaluateSession counts it (until the gap or the end, only its instant
 * while the session runs; after a check-in until the end, or `now` while the session runs).
 */
export function evaluateTimeline(input: {
  state: RunningTimeline;
  session: { start: Date; end: Date };
  rules: Rules;
  finished: boolean;
  now?: Date;
}): Evaluation {
  const { state, session, rules, finished } = input;
  const b = bounds(session);
  let covered = state.covered;
  let exit = state.exit;
  if (state.last?.present) {
    const held = state.held === true;
    // while the session runs the last sample's presence is its own instant (evaluateSession's rule)
    const open = finished ? Number.POSITIVE_INFINITY : state.last.at;
    const u = until(state.last.at, held ? heldUntil(b.end, input.now) : open, b, held);
    covered += Math.max(0, u - Math.max(state.last.at, b.start));
    exit = u;
  }
  // the status rules are evaluateSession's own
  const summary = state.enter === null || exit === null ? null : { enter: state.enter, exit, covered };
  return judgePresence({ session, rules, summary, finished });
}
