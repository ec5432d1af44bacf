import { STATUS, type StatusId } from "../statuses.ts";
import type { Rules } from "./rules.ts";

/**
 * One observation of the student: present = a ping at the session's location. `hold` marks a
 * check-in (scan or offline code): witnessed presence that holds until the session ends, except
 * while a sample `away` places the student clearly elsewhere (decision 0552).
 */
export interface PresenceSample {
  at: Date;
  present: boolean;
  /** a check-in: from here on the student counts as there unless a sample says `away` */
  hold?: boolean;
  /** the student's own phone places them clearly away from the place (never with `present`) */
  away?: boolean;
}

/** What a point of the timeline says once the samples at its instant are merged. */
export interface PresencePoint {
  present: boolean;
  hold: boolean;
  away: boolean;
}

/** Samples at one instant merge: present (or a check-in) wins over away. */
export function mergePoint(a: PresencePoint | undefined, s: PresenceSample): PresencePoint {
  const hold = (a?.hold ?? false) || s.hold === true;
  const present = (a?.present ?? false) || s.present === true || hold;
  return { present, hold, away: !present && ((a?.away ?? false) || s.away === true) };
}

/** Presence this many minutes before start counts as arriving at start. */
export const EARLY_WINDOW_MIN = 15;
/** A present sample covers time until the next sample, at most this long (phones ping every few minutes). */
export const PRESENCE_GAP_MIN = 10;

export interface Evaluation {
  enter: Date | null;
  exit: Date | null;
  percentage: number;
  status: StatusId;
}

const MIN = 60_000;

/** Where a check-in's presence ends when nothing follows it: the end, or `now` while the session runs. */
export function heldUntil(end: number, now?: Date): number {
  const t = now instanceof Date ? now.getTime() : Number.NaN;
  return Number.isFinite(t) ? Math.min(end, t) : end;
}

/**
 * Samples outside [start - EARLY_WINDOW_MIN, end] are ignored. Samples at the same
 * instant merge (present wins), so the result does not depend on their order.
 */
function timeline(samples: readonly PresenceSample[], from: number, to: number): [number, PresencePoint][] {
  const byTime = new Map<number, PresencePoint>();
  for (const s of samples) {
    const t = s.at instanceof Date ? s.at.getTime() : Number.NaN;
    if (!Number.isFinite(t) || t < from || t > to) continue;
    byTime.set(t, mergePoint(byTime.get(t), s));
  }
  return [...byTime.entries()].sort((a, b) => a[0] - b[0]);
}

/** What the status rules need of a session's presence: first arrival, end of the last, ms covered. */
export interface PresenceSummary {
  enter: number;
  exit: number;
  covered: number;
}

/**
 * Order-independent; percentage in 0..100; finished=false gives the live status (pending when no
 * presence). A present sample holds until the next one, at most PRESENCE_GAP_MIN. After a
 * check-in every sample that does not place the student clearly away counts as presence, and
 * holds until the next sample or the end (`now`, when given, while the session runs). While the
 * session runs (not finished), the last sample without a check-in holds only its own instant.
 */
export function evaluateSession(input: {
  session: { start: Date; end: Date };
  rules: Rules;
  samples: readonly PresenceSample[];
  finished: boolean;
  now?: Date;
}): Evaluation {
  const start = input.session.start.getTime();
  const end = input.session.end.getTime();
  const points = timeline(input.samples, start - EARLY_WINDOW_MIN * MIN, end);
  const open = heldUntil(end, input.now);

  let enter: number | null = null;
  let exit: number | null = null;
  let covered = 0; // ms of [start, end] covered by presence
  let held = false; // a check-in came before
  for (let i = 0; i < points.length; i++) {
    const [t, point] = points[i] as [number, PresencePoint];
    held ||= point.hold;
    if (!point.present && !(held && !point.away)) continue;
    const next = points[i + 1]?.[0];
    // while the session runs, the last sample's presence is its own instant: a live row never shows
    // an exit, nor minutes present, still to come (the gap is for the finished count)
    const last = input.finished ? Number.POSITIVE_INFINITY : t;
    const until = held
      ? Math.max(t, Math.min(next ?? open, end))
      : Math.min(next ?? last, t + PRESENCE_GAP_MIN * MIN, end);
    if (enter === null) enter = t;
    exit = until;
    covered += Math.max(0, until - Math.max(t, start));
  }
  const summary = enter === null || exit === null ? null : { enter, exit, covered };
  return judgePresence({ session: input.session, rules: input.rules, summary, finished: input.finished });
}

/** The status rules, from a summary of the presence (null: none at all). */
export function judgePresence(input: {
  session: { start: Date; end: Date };
  rules: Rules;
  summary: PresenceSummary | null;
  finished: boolean;
}): Evaluation {
  const { rules, finished, summary } = input;
  const start = input.session.start.getTime();
  const end = input.session.end.getTime();
  if (summary === null) {
    return { enter: null, exit: null, percentage: 0, status: finished ? STATUS.absent : STATUS.pending };
  }
  const { enter, exit, covered } = summary;
  const length = end - start;
  const ratio = length > 0 ? covered / length : 1;
  const percentage = Math.min(100, Math.max(0, Math.round(ratio * 1000) / 10));
  const result = (status: StatusId): Evaluation => ({
    enter: new Date(enter),
    exit: new Date(exit),
    percentage,
    status,
  });

  // Early arrival counts as arriving at start; lateness is measured from start.
  const delayMin = (Math.max(enter, start) - start) / MIN;
  if (delayMin > rules.absent_time) return result(STATUS.absent);
  if (delayMin > rules.late_time) return result(STATUS.late);
  // Leaving early can only be judged once the session is over.
  if (!finished) return result(STATUS.present);
  if (exit < end - rules.leave_time * MIN || percentage < rules.min_percentage) return result(STATUS.left_early);
  return result(STATUS.present);
}

const RANK: Partial<Record<StatusId, number>> = {
  [STATUS.absent]: 1,
  [STATUS.late]: 2,
  [STATUS.left_early]: 3,
  [STATUS.present]: 4,
};

/** Rank for "more presence never lowers a status": absent < late < left_early < present; pending and covered statuses rank 0. */
export function presenceRank(status: StatusId): number {
  return RANK[status] ?? 0;
}
