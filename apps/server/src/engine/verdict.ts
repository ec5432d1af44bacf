import {
  addSample,
  addToTally,
  type ConfidenceTally,
  confidenceOfTally,
  type Evaluation,
  emptyTally,
  evaluateSession,
  evaluateTimeline,
  inTimeline,
  isLiveDelivery,
  judgePresence,
  needsReview,
  type PingEvidence,
  type PlaceSignals,
  type PositionFix,
  pingEvidence,
  presenceRank,
  type RunningTimeline,
  STATUS,
  type StatusId,
  timelineOf,
} from "@rollbook/domain";
import type { AttendanceEvidence } from "../db/schema/attendance.ts";
import { isPresentAt, PRESENCE_PREFIX, type StoredPing, samplesFor } from "./presence.ts";
import type { ActiveSession } from "./sessions-for-student.ts";

/** What the engine and the finaliser conclude for one student and session (decision 0550). */
export interface Verdict {
  /** from the presence that is believed: the live pings when the confidence reaches the threshold, else codes only */
  evaluation: Evaluation;
  /** every ping believed: what staff confirm in a review */
  unbelieved: Evaluation;
  /** null when there is no signal at all */
  confidence: number | null;
  evidence: AttendanceEvidence | null;
  /** the running state to store, so the next ping costs the same (null: it holds a check-in) */
  state: RunningState | null;
}

/**
 * The engine's running state of one attendance (issue 9, point 2), stored as JSON with it: the
 * presence timeline of every phone ping in the session's window and that of the live ones, the
 * confidence tally and the phone's last fix. `key` names what it was computed for; a change of
 * times, rules or place makes it stale, and the next ping recomputes from every stored ping, as
 * does a state of an older version `v`.
 */
export interface RunningState {
  v: 2;
  key: string;
  timeline: RunningTimeline;
  /** the live pings' timeline: the presence that can be believed (decision 0551) */
  live: RunningTimeline;
  tally: ConfidenceTally;
  previous: { at: number; latitude: number; longitude: number; accuracy: number | null } | null;
}

const isCheckIn = (p: StoredPing) => p.device_ping_id.startsWith(PRESENCE_PREFIX);
const isLive = (p: StoredPing) => isLiveDelivery(p.recorded_at, p.received_at);

function checkInKind(p: StoredPing): "scan_code" | "offline_code" {
  const source = (p.extra as { source?: unknown } | null)?.source;
  return source === "offline_code" ? "offline_code" : "scan_code";
}

/** A check-in meant for another course or event says nothing about this one. */
function checkInFor(p: StoredPing, session: ActiveSession): boolean {
  const x = (p.extra ?? {}) as { attendable_type?: string; attendable_id?: number };
  if (!x.attendable_type) return true;
  return x.attendable_type === session.attendable_type && x.attendable_id === session.attendable_id;
}

const byRecorded = (a: StoredPing, b: StoredPing) =>
  a.recorded_at.getTime() - b.recorded_at.getTime() || (a.device_ping_id < b.device_ping_id ? -1 : 1);

const fixOf = (p: RunningState["previous"]): PositionFix | null =>
  p && { recorded_at: new Date(p.at), latitude: p.latitude, longitude: p.longitude, accuracy: p.accuracy };

function phoneEvidence(p: StoredPing, place: PlaceSignals, previous: PositionFix | null): PingEvidence {
  return pingEvidence(
    {
      recorded_at: p.recorded_at,
      received_at: p.received_at,
      latitude: p.latitude,
      longitude: p.longitude,
      accuracy: p.accuracy,
      beacons: p.beacons,
      extra: p.extra,
    },
    { place, previous },
  );
}

/** What the state is valid for: the session's times and rules and the place's fence and beacons. */
export function stateKey(session: ActiveSession, place: PlaceSignals): string {
  return JSON.stringify([session.start.getTime(), session.end.getTime(), session.rules, place]);
}

/** Every ping's evidence in recorded order (each phone ping against the phone's fix before it), tallied. */
function tallyOf(pings: readonly StoredPing[], place: PlaceSignals) {
  let tally = emptyTally();
  let previous: RunningState["previous"] = null;
  for (const p of [...pings].sort(byRecorded)) {
    if (isCheckIn(p)) {
      const check_in = checkInKind(p);
      const evidence = pingEvidence({ recorded_at: p.recorded_at, received_at: p.received_at, check_in }, { place });
      tally = addToTally(tally, evidence);
      continue;
    }
    tally = addToTally(tally, phoneEvidence(p, place, fixOf(previous)));
    if (p.latitude !== null && p.longitude !== null)
      previous = { at: p.recorded_at.getTime(), latitude: p.latitude, longitude: p.longitude, accuracy: p.accuracy };
  }
  return { tally, previous };
}

/** The phone pings of the window folded into a running state. */
function buildState(pings: readonly StoredPing[], session: ActiveSession, place: PlaceSignals): RunningState {
  const { tally, previous } = tallyOf(pings, place);
  const samples = pings.map((p) => ({ at: p.recorded_at, present: isPresentAt(p, session, place) }));
  const live = samples.filter((_, i) => isLive(pings[i] as StoredPing));
  return {
    v: 2,
    key: stateKey(session, place),
    timeline: timelineOf(session, samples),
    live: timelineOf(session, live),
    tally,
    previous,
  };
}

/**
 * The state with `fresh` phone pings added, or null when only a recompute from every stored ping
 * is right: a stale or missing state, a check-in, or a ping not newer than every one so far.
 */
export function advanceState(
  stored: unknown,
  fresh: readonly StoredPing[],
  session: ActiveSession,
  place: PlaceSignals,
): RunningState | null {
  const state = stored as RunningState | null;
  if (state?.v !== 2 || state.key !== stateKey(session, place)) return null;
  let { timeline, live, tally, previous } = state;
  for (const p of [...fresh].sort(byRecorded)) {
    if (!inTimeline(session, p.recorded_at)) continue;
    if (isCheckIn(p)) return null;
    const sample = { at: p.recorded_at, present: isPresentAt(p, session, place) };
    const next = addSample(timeline, session, sample);
    if (!next) return null;
    timeline = next;
    if (isLive(p)) {
      const nextLive = addSample(live, session, sample);
      if (!nextLive) return null;
      live = nextLive;
    }
    tally = addToTally(tally, phoneEvidence(p, place, fixOf(previous)));
    if (p.latitude !== null && p.longitude !== null)
      previous = { at: p.recorded_at.getTime(), latitude: p.latitude, longitude: p.longitude, accuracy: p.accuracy };
  }
  return { v: 2, key: state.key, timeline, live, tally, previous };
}

/** Only presence worth confirming: arriving after the absent limit is no better than not coming. */
const raises = (unbelieved: Evaluation, evaluation: Evaluation) =>
  presenceRank(unbelieved.status as StatusId) >
  Math.max(presenceRank(evaluation.status as StatusId), presenceRank(STATUS.absent));

/**
 * The status from the presence that is believed: the live pings' (`livePresence()`) when the
 * confidence reaches the school's threshold, else `codesOnly()`; what every ping would give
 * (`unbelieved`) beyond that is kept as unconfirmed, for a person to confirm.
 */
function conclude(
  unbelieved: Evaluation,
  tally: ConfidenceTally,
  session: ActiveSession,
  livePresence: () => Evaluation,
  codesOnly: () => Evaluation,
  state: RunningState | null,
): Verdict {
  if (tally.phone === 0 && tally.codes.length === 0)
    return { evaluation: unbelieved, unbelieved, confidence: null, evidence: null, state };
  const { confidence, reasons } = confidenceOfTally(tally);
  const believed = !needsReview(confidence, session.rules.review_threshold);
  const evaluation = believed ? livePresence() : codesOnly();
  // late pings or unbelieved ones that would give more: kept for a person to confirm
  const unconfirmed = raises(unbelieved, evaluation) ? unbelieved.status : null;
  return { evaluation, unbelieved, confidence, evidence: { reasons, unconfirmed }, state };
}

/** The verdict of a running state (no check-ins in it). */
export function verdictOfState(state: RunningState, session: ActiveSession, finished: boolean): Verdict {
  const s = { start: session.start, end: session.end };
  const unbelieved = evaluateTimeline({ state: state.timeline, session: s, rules: session.rules, finished });
  const live = () => evaluateTimeline({ state: state.live, session: s, rules: session.rules, finished });
  const none = () => judgePresence({ session: s, rules: session.rules, summary: null, finished });
  return conclude(unbelieved, state.tally, session, live, none, state);
}

/**
 * The verdict from every ping of the session's window. The status comes from presence only as
 * far as it is believed: under the school's threshold the phone's pings change nothing on their
 * own (a faked stream stays absent) and what they would give is kept as `unconfirmed` for a
 * person to confirm (decision 0550). Codes stand on their own.
 */
export function verdictOf(input: {
  pings: readonly StoredPing[];
  session: ActiveSession;
  place: PlaceSignals;
  now: Date;
  finished: boolean;
}): Verdict {
  const { session, place, now, finished } = input;
  const pings = input.pings.filter(
    (p) => inTimeline(session, p.recorded_at) && (!isCheckIn(p) || checkInFor(p, session)),
  );
  if (!pings.some(isCheckIn)) return verdictOfState(buildState(pings, session, place), session, finished);

  // a check-in holds presence until the end (or now): not a running state, recomputed each time
  const judge = (from: readonly StoredPing[]) =>
    evaluateSession({
      session: { start: session.start, end: session.end },
      rules: session.rules,
      samples: samplesFor(from, session, place, now),
      finished,
    });
  return conclude(
    judge(pings),
    tallyOf(pings, place).tally,
    session,
    () => judge(pings.filter((p) => isCheckIn(p) || isLive(p))),
    () => judge(pings.filter(isCheckIn)),
    null,
  );
}
