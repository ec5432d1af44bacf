import { createHash } from "node:crypto";
import {
  addSample,
  addToTally,
  type ConfidenceTally,
  confidenceOfTally,
  type Evaluation,
  emptyTally,
  evaluateTimeline,
  inTimeline,
  inWitnessWindow,
  isLiveDelivery,
  needsReview,
  type PingEvidence,
  type PlaceSignals,
  type PositionFix,
  type PresenceSample,
  pingEvidence,
  placesStudent,
  presenceRank,
  type RunningTimeline,
  STATUS,
  type StatusId,
  timelineOf,
} from "@rollbook/domain";
import type { AttendanceEvidence } from "../db/schema/attendance.ts";
import { isCheckIn, pingAtPlace, type StoredPing, sampleOf, scanWantsWitness } from "./presence.ts";
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
  /** the running state to store, so the next ping costs the same */
  state: RunningState;
}

/**
 * The engine's running state of one attendance (issue 9, point 2), stored as JSON with it: the
 * presence timeline of every ping in the session's window, that of the check-ins and live
 * pings, and that of the check-ins alone, the confidence tally and the phone's last fix. `key`
 * names what it was computed for; a change of times, rules or place makes it stale, and the next
 * ping recomputes from every stored ping, as does a state of an older version `v`.
 */
export interface RunningState {
  v: 4;
  key: string;
  /** every ping, a scan from clearly away included: what a person could confirm */
  timeline: RunningTimeline;
  /** check-ins and live pings: the presence that can be believed (decisions 0551, 0552) */
  live: RunningTimeline;
  /**
   * check-ins, ended only by live pings clearly away: the presence when the phone's is not
   * believed. A scan waiting for a witness is on neither this nor `live` (decision 0552).
   */
  codes: RunningTimeline;
  tally: ConfidenceTally;
  previous: { at: number; latitude: number; longitude: number; accuracy: number | null } | null;
  /** when the scans that still want a witness were made (ms): a live ping at the place near one recomputes */
  unwitnessed: number[];
}

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

/**
 * What the state is valid for: the session's times and rules and the place's fence and beacons, as
 * a digest. The state is stored on the attendance row and rewritten on most pings; the plain text
 * (300 bytes and more) made a day's rows pass PostgreSQL's 2 kB compression threshold (decision 0567).
 */
export function stateKey(session: ActiveSession, place: PlaceSignals): string {
  const text = JSON.stringify([session.start.getTime(), session.end.getTime(), session.rules, place]);
  return createHash("sha256").update(text).digest("base64url").slice(0, 22);
}

/**
 * A check-in's evidence: a code the server checked, for a scan the position it was sent from, and
 * whether the phone's own pings vouched for a scan that wanted it.
 */
function checkInEvidence(p: StoredPing, place: PlaceSignals, witnessed: boolean): PingEvidence {
  const { recorded_at, received_at, latitude, longitude, accuracy } = p;
  const fix = { recorded_at, received_at, latitude, longitude, accuracy };
  return pingEvidence({ ...fix, check_in: checkInKind(p), witnessed }, { place });
}

/** The phone's fix after a ping: its own position, if it has one (check-ins are not the phone's fixes). */
function fixAfter(previous: RunningState["previous"], p: StoredPing): RunningState["previous"] {
  if (isCheckIn(p) || p.latitude === null || p.longitude === null) return previous;
  return { at: p.recorded_at.getTime(), latitude: p.latitude, longitude: p.longitude, accuracy: p.accuracy };
}

/**
 * The tally and the phone's last fix with one more ping. A scan that wants a witness is never
 * added here: it and its witnesses go through a recompute from every ping (advanceState).
 */
function tallied(tally: ConfidenceTally, previous: RunningState["previous"], p: StoredPing, place: PlaceSignals) {
  const evidence = isCheckIn(p) ? checkInEvidence(p, place, false) : phoneEvidence(p, place, fixOf(previous));
  return { tally: addToTally(tally, evidence), previous: fixAfter(previous, p) };
}

/**
 * Every ping's evidence in recorded order (each phone ping against the phone's fix before it),
 * tallied, and the scans that wanted a witness and found none: a live phone ping within the
 * window that puts the student at the place and fails no check that marks a fake (decision 0552).
 */
function tallyOf(pings: readonly StoredPing[], place: PlaceSignals) {
  const sorted = [...pings].sort(byRecorded);
  const phone = new Map<StoredPing, PingEvidence>();
  let previous: RunningState["previous"] = null;
  for (const p of sorted) {
    if (isCheckIn(p)) continue;
    phone.set(p, phoneEvidence(p, place, fixOf(previous)));
    previous = fixAfter(previous, p);
  }
  const witnesses = [...phone].filter(([p, e]) => isLive(p) && placesStudent(e)).map(([p]) => p.recorded_at);
  const unwitnessed = new Set(
    sorted.filter((p) => scanWantsWitness(p, place) && !witnesses.some((at) => inWitnessWindow(p.recorded_at, at))),
  );
  let tally = emptyTally();
  for (const p of sorted) tally = addToTally(tally, phone.get(p) ?? checkInEvidence(p, place, !unwitnessed.has(p)));
  return { tally, previous, unwitnessed };
}

/**
 * One ping's sample on each of the three timelines (null: not on that one). A scan without a
 * witness is on every ping's timeline only: what a person may confirm.
 */
function samplesOf(p: StoredPing, session: ActiveSession, place: PlaceSignals, unwitnessed = false) {
  const every = sampleOf(p, session, place, false);
  if (unwitnessed) return { every, live: null, codes: null };
  const believed = sampleOf(p, session, place, true);
  const checkIn = isCheckIn(p);
  const live = checkIn || isLive(p);
  return {
    every,
    live: live ? believed : null,
    // a live phone ping only ends a check-in's presence here: the phone's own presence is not believed
    codes: checkIn ? believed : live && believed.away ? { at: p.recorded_at, present: false, away: true } : null,
  };
}

/** The pings of the window folded into a running state. */
function buildState(pings: readonly StoredPing[], session: ActiveSession, place: PlaceSignals): RunningState {
  const { tally, previous, unwitnessed } = tallyOf(pings, place);
  const all = pings.map((p) => samplesOf(p, session, place, unwitnessed.has(p)));
  const on = (k: "live" | "codes") => all.map((x) => x[k]).filter((x): x is PresenceSample => x !== null);
  return {
    v: 4,
    key: stateKey(session, place),
    timeline: timelineOf(
      session,
      all.map((x) => x.every),
    ),
    live: timelineOf(session, on("live")),
    codes: timelineOf(session, on("codes")),
    tally,
    previous,
    unwitnessed: [...unwitnessed].map((p) => p.recorded_at.getTime()).sort((a, b) => a - b),
  };
}

/** A timeline with one more sample (none: as it is); null when the sample is not newer than all. */
const added = (t: RunningTimeline, session: ActiveSession, sample: PresenceSample | null) =>
  sample ? addSample(t, session, sample) : t;

/**
 * Whether a fresh ping needs the other pings to be judged: a scan that wants a witness (the
 * phone's pings before it may be one), or a live ping at the place near a scan still without one.
 * Both are rare (a scan a session), so they recompute from every stored ping.
 */
function needsTheOthers(p: StoredPing, state: RunningState, place: PlaceSignals): boolean {
  if (scanWantsWitness(p, place)) return true;
  return (
    isLive(p) && pingAtPlace(p, place) && state.unwitnessed.some((at) => inWitnessWindow(new Date(at), p.recorded_at))
  );
}

/**
 * The state with `fresh` pings (phone pings or check-ins) added, or null when only a recompute
 * from every stored ping is right: a stale or missing state, a ping not newer than every one so
 * far, or one that needs the others (a scan wanting a witness, or its witness).
 */
export function advanceState(
  stored: unknown,
  fresh: readonly StoredPing[],
  session: ActiveSession,
  place: PlaceSignals,
): RunningState | null {
  const state = stored as RunningState | null;
  if (state?.v !== 4 || state.key !== stateKey(session, place)) return null;
  let { timeline, live, codes, tally, previous } = state;
  for (const p of [...fresh].sort(byRecorded)) {
    if (!inTimeline(session, p.recorded_at) || (isCheckIn(p) && !checkInFor(p, session))) continue;
    if (needsTheOthers(p, state, place)) return null;
    const x = samplesOf(p, session, place);
    const [t, l, c] = [added(timeline, session, x.every), added(live, session, x.live), added(codes, session, x.codes)];
    if (!t || !l || !c) return null;
    [timeline, live, codes] = [t, l, c];
    ({ tally, previous } = tallied(tally, previous, p, place));
  }
  return { v: 4, key: state.key, timeline, live, codes, tally, previous, unwitnessed: state.unwitnessed };
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
  state: RunningState,
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

/**
 * The verdict of a running state. `now`, while the session runs, is where a check-in's presence
 * ends for now (decision 0552); without it, the session's end.
 */
export function verdictOfState(state: RunningState, session: ActiveSession, finished: boolean, now?: Date): Verdict {
  const s = { start: session.start, end: session.end };
  const judge = (t: RunningTimeline) => evaluateTimeline({ state: t, session: s, rules: session.rules, finished, now });
  const unbelieved = judge(state.timeline);
  return conclude(
    unbelieved,
    state.tally,
    session,
    () => judge(state.live),
    () => judge(state.codes),
    state,
  );
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
  return verdictOfState(buildState(pings, session, place), session, finished, now);
}
