/**
 * What a virtual student does about one session: when they arrive and leave, and when their
 * phone is offline. Pure: the same student, session and window give the same plan.
 */

export const BEHAVIOURS = ["on_time", "late", "leaves_early", "never_comes", "offline_catch_up"] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];

/** Share of students per behaviour, in tenths (sums to 10). */
const MIX: readonly [Behaviour, number][] = [
  ["on_time", 5],
  ["late", 1.5],
  ["leaves_early", 1.5],
  ["never_comes", 1],
  ["offline_catch_up", 1],
];

export interface SimSession {
  start: Date;
  end: Date;
}

/** Arrival and departure (null: never comes); while offline the phone queues its pings. */
export interface Visit {
  arrive: Date | null;
  leave: Date | null;
  offline: { from: Date; to: Date } | null;
}

const MIN = 60_000;
/** Longer than this a session is a drop-in (a study hall): one visit inside the simulated window. */
export const DROP_IN_MIN = 6 * 60;

/** A small deterministic hash in [0, 1) of a few integers (no shared random state). */
export function unit(...keys: number[]): number {
  let h = 2166136261;
  for (const k of keys) {
    h ^= k | 0;
    h = Math.imul(h, 16777619);
    h ^= h >>> 13;
    h = Math.imul(h, 0x5bd1e995);
  }
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296;
}

/** The behaviour of the student at this index; the mix holds over any long run of indexes. */
export function behaviourOf(index: number): Behaviour {
  const x = unit(index, 7) * 10;
  let acc = 0;
  for (const [b, share] of MIX) {
    acc += share;
    if (x < acc) return b;
  }
  return "on_time";
}

/** Minutes offset in [lo, hi] for this student and session. */
const between = (lo: number, hi: number, ...keys: number[]) => lo + Math.floor(unit(...keys) * (hi - lo + 1));

/**
 * The visit of one student to one session. Lateness uses the school's demo rules (late after
 * 5 minutes, absent after 15), so `late` arrives 7-12 minutes after the start. A drop-in session
 * gets one visit of 45-90 minutes inside `window` (the part of the day being simulated).
 */
export function planVisit(
  behaviour: Behaviour,
  session: SimSession,
  student: number,
  window: { from: Date; to: Date },
): Visit {
  const key = Math.floor(session.start.getTime() / MIN);
  const length = (session.end.getTime() - session.start.getTime()) / MIN;
  if (behaviour === "never_comes") return { arrive: null, leave: null, offline: null };
  let start = session.start.getTime();
  let end = session.end.getTime();
  let len = length;
  if (length > DROP_IN_MIN) {
    // a visit somewhere in the simulated part of the day, clipped to the session
    const from = Math.max(start, window.from.getTime());
    const to = Math.min(end, window.to.getTime());
    if (to <= from) return { arrive: null, leave: null, offline: null };
    len = Math.min(between(45, 90, student, key, 1), (to - from) / MIN);
    start = from + Math.floor(unit(student, key, 2) * Math.max(0, to - from - len * MIN));
    end = start + len * MIN;
  }
  const at = (min: number) => new Date(start + min * MIN);
  switch (behaviour) {
    case "on_time":
      return {
        arrive: at(-between(1, 8, student, key, 3)),
        leave: new Date(end + between(0, 3, student, key, 4) * MIN),
        offline: null,
      };
    case "late":
      return { arrive: at(between(7, 12, student, key, 5)), leave: new Date(end + MIN), offline: null };
    case "leaves_early":
      return { arrive: at(-between(0, 5, student, key, 6)), leave: at(Math.round(len * 0.45)), offline: null };
    case "offline_catch_up": {
      // on time, but the phone is offline from arrival until 40% of the session: one late batch
      const arrive = at(-between(1, 6, student, key, 7));
      return {
        arrive,
        leave: new Date(end + MIN),
        offline: { from: new Date(arrive.getTime() - 5 * MIN), to: at(Math.round(len * 0.4)) },
      };
    }
  }
  return { arrive: null, leave: null, offline: null };
}

export const isPresentAt = (v: Visit, at: Date) =>
  v.arrive !== null && v.leave !== null && v.arrive.getTime() <= at.getTime() && at.getTime() <= v.leave.getTime();

export const isOfflineAt = (v: Visit, at: Date) =>
  v.offline !== null && v.offline.from.getTime() <= at.getTime() && at.getTime() < v.offline.to.getTime();
