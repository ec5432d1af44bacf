import { isDeepStrictEqual } from "node:util";
import { type PlaceSignals, presenceRank, STATUS, type StatusId, timelineOf } from "@rollbook/domain";
import type { Db } from "../db/client.ts";
import type { Services } from "../services.ts";
import { checkInElsewhere, isCheckIn, isPresentAt, type StoredPing, sampleOf } from "./presence.ts";
import { publishAttendanceChanges } from "./publish-attendance.ts";
import { askForReview } from "./review-tasks.ts";
import {
  type ActiveSession,
  earlyStart,
  inWindow,
  loadPlaces,
  placeSignals,
  type SessionPlace,
} from "./sessions-for-student.ts";
import {
  type AttendanceRow,
  type RowsOnly,
  readSnapshot,
  type SeenRow,
  type Snapshot,
  type SnapshotRange,
} from "./snapshot.ts";
import { advanceState, type RunningState, type Verdict, verdictOf, verdictOfState } from "./verdict.ts";
import { type AttendanceWrite, type Plan, writeAttendances } from "./write-attendance.ts";

export type { AttendanceRow };

export interface Recomputed {
  row: AttendanceRow;
  session: ActiveSession;
  /** whether anything was written */
  changed: boolean;
}

/** Statuses that come from presence; a finished attendance with another (excused, travel...) keeps it. */
const PRESENCE_STATUSES = new Set<number>([
  STATUS.pending,
  STATUS.present,
  STATUS.late,
  STATUS.absent,
  STATUS.left_early,
]);
/** Statuses staff set to cover a session (excused, cancelled, travel): presence does not replace them. */
const COVER_STATUSES = new Set<number>([STATUS.excused, STATUS.cancelled, STATUS.travel]);
/** Optimistic writes retried this often when another writer got there first, then given up (logged). */
const MAX_ATTEMPTS = 6;

const sameTime = (a: Date | null | undefined, b: Date | null | undefined) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

const keyOf = (x: { attendable_type: string; attendable_id: number; meets: string }) =>
  `${x.attendable_type}:${x.attendable_id}:${x.meets}`;

export const sessionKey = keyOf;

/** The snapshot's row for a session, if any. */
export const seenRowOf = (snap: RowsOnly, session: ActiveSession) =>
  snap.rows.find((r) => keyOf(r.row) === keyOf(session)) ?? null;

/**
 * Whether the student is gone, not just between pings: their latest sample in the window is away
 * (or the session is over and presence ended before its end). While they stay, exit moves with
 * every ping and is no "exited" event.
 */
function hasLeft(latestAway: boolean, session: ActiveSession, exit: Date, now: Date): boolean {
  if (now.getTime() >= session.end.getTime()) return exit.getTime() < session.end.getTime();
  return latestAway;
}

/** How a plan judges the session: from the running state (one ping's cost) or from every stored ping. */
interface Judged {
  judge: (finished: boolean) => Verdict;
  latestAway: boolean;
  /** pings in the window the verdict was computed from, checked at the write; null: from the running state */
  count: number | null;
}

function fromAll(
  session: ActiveSession,
  signals: PlaceSignals,
  stored: readonly StoredPing[],
  fresh: readonly StoredPing[],
  now: Date,
): Judged {
  const ids = new Set<string>();
  const all: StoredPing[] = [];
  for (const p of [...stored, ...fresh]) {
    if (!inWindow(session, p.recorded_at) || ids.has(p.device_ping_id)) continue;
    ids.add(p.device_ping_id);
    all.push(p);
  }
  return {
    judge: (finished) => verdictOf({ pings: all, session, place: signals, now, finished }),
    // the latest sample in the window gives no presence (after a check-in: it is away)
    latestAway:
      timelineOf(
        session,
        all.map((p) => sampleOf(p, session, signals, false)),
      ).last?.present === false,
    count: all.length,
  };
}

function fromState(state: RunningState, session: ActiveSession, now: Date): Judged {
  const last = state.timeline.last;
  return {
    judge: (finished) => verdictOfState(state, session, finished, now),
    latestAway: last !== null && !last.present,
    count: null,
  };
}

/**
 * What to write for a session, from what is stored plus `fresh`; null: nothing to write;
 * `review`: a finished attendance the pings would raise to that status (nothing is written).
 * The status comes from the presence that is believed (verdict.ts, decision 0550).
 */
function plan(
  session: ActiveSession,
  seen: SeenRow | null,
  judged: Judged,
  freshPresent: readonly StoredPing[],
  now: Date,
  checkIn: boolean,
): Plan | { review: StatusId; confidence: number | null } | null {
  const existing = seen?.row;
  const { judge, latestAway } = judged;
  let v = judge(now.getTime() >= session.end.getTime());
  let ev = v.evaluation;
  // a check-in always leaves a row, believed or not: staff see it, and the scan's answer is the same
  if (!existing && ev.enter === null && v.evidence?.unconfirmed == null && !checkIn) return null;
  // gone before end - leave_time and still away after it: left early already, unless they come back
  const cutoff = session.end.getTime() - session.rules.leave_time * 60_000;
  if (
    ev.status === STATUS.present &&
    ev.exit &&
    now.getTime() < session.end.getTime() &&
    now.getTime() >= cutoff &&
    ev.exit.getTime() < cutoff &&
    hasLeft(latestAway, session, ev.exit, now)
  ) {
    const judged = judge(true);
    if (judged.evaluation.status === STATUS.left_early) {
      v = judged;
      ev = judged.evaluation;
    }
  }

  // a finished attendance is final: a ping never changes it (a backdated ping from home would buy
  // credit). One that would raise it is kept, and staff are asked to review it (issue 9), with
  // every ping believed: the person decides, the confidence tells them how far to trust it.
  if (existing?.finished) {
    const would = v.unbelieved.status;
    const raise =
      PRESENCE_STATUSES.has(existing.status) && presenceRank(would) > presenceRank(existing.status as StatusId);
    return raise ? { review: would, confidence: v.confidence } : null;
  }
  // an open session covered by staff (an excuse, decision 0302) stays covered: a ping moves enter,
  // exit and the evidence, not the status; removing the cover hands the status back (students/rejudge.ts).
  // An excuse the student's schedule knows of covers it too, a first row included (decision 0553)
  const status: StatusId =
    existing && COVER_STATUSES.has(existing.status)
      ? (existing.status as StatusId)
      : session.excused
        ? STATUS.excused
        : ev.status;
  const activity: Plan["activity"] = [];
  if (!existing?.enter && ev.enter) activity.push({ event: "entered", at: ev.enter.toISOString() });
  if (ev.exit && !sameTime(existing?.exit, ev.exit) && hasLeft(latestAway, session, ev.exit, now)) {
    activity.push({ event: "exited", at: ev.exit.toISOString() });
  }
  if (status !== (existing?.status ?? STATUS.pending))
    activity.push({ event: "status changed", at: now.toISOString() });
  const coords = freshPresent
    .filter((p) => p.latitude !== null && p.longitude !== null)
    .map((p) => ({
      latitude: p.latitude,
      longitude: p.longitude,
      low_power: p.low_power,
      bluetooth: p.bluetooth,
      extra: p.extra ?? null,
      at: p.recorded_at.toISOString(),
    }));
  const same =
    existing &&
    existing.status === status &&
    sameTime(existing.enter, ev.enter) &&
    sameTime(existing.exit, ev.exit) &&
    existing.percentage === ev.percentage &&
    existing.location_id === session.location_id &&
    existing.confidence === v.confidence &&
    // jsonb keeps its own key order: compare values, not text
    isDeepStrictEqual(existing.evidence ?? null, v.evidence);
  const sameState = existing && isDeepStrictEqual(existing.engine_state ?? null, v.state);
  if (same && coords.length === 0 && sameState) return null;
  return {
    status,
    enter: ev.enter,
    exit: ev.exit,
    percentage: ev.percentage,
    confidence: v.confidence,
    evidence: v.evidence,
    state: v.state,
    visible: !same || coords.length > 0,
    activity,
    coords,
    count: judged.count,
  };
}

const windowRange = (session: ActiveSession) => ({
  from: earlyStart(session),
  to: session.end,
  fromDate: session.meets,
  toDate: session.meets,
});

/** One session's recompute as far as its write: done (nothing to write), or the write to make. */
export type Step =
  | { done: Recomputed | null }
  | { write: AttendanceWrite; row: (id: number) => Recomputed; snap: Snapshot | RowsOnly };

/** What a recompute works from: the pings it adds, the session's place, when, what was read. */
interface StepInput {
  fresh: readonly StoredPing[];
  freshPresent: readonly StoredPing[];
  signals: PlaceSignals;
  now: Date;
  snap: Snapshot | RowsOnly;
}

/**
 * The start of one attempt of a recompute: it goes on from what was read (locked, from the running
 * state, or from the snapshot's pings), or it waits for its window's history to be read. Reads
 * nothing itself, so a caller with many (ingest.ts) reads every waiting history in one statement.
 */
export type Start = { go: () => Promise<Step> } | { read: SnapshotRange; resume: (history: Snapshot) => Promise<Step> };

const done = (result: Recomputed | null): Start => ({ go: async () => ({ done: result }) });

function startOf(db: Db, studentId: number, session: ActiveSession, input: StepInput): Start {
  const { fresh, signals, now, snap } = input;
  const seen = seenRowOf(snap, session);
  if (seen?.row.lock) return done({ row: seen.row, session, changed: false });
  // the common case: pings newer than every one so far, added to the running state
  const running =
    seen && !seen.row.finished && fresh.length > 0
      ? advanceState(seen.row.engine_state, fresh, session, signals)
      : null;
  if (running) return { go: () => finishStep(db, studentId, session, input, snap, fromState(running, session, now)) };
  const fromHistory = (history: Snapshot) =>
    finishStep(db, studentId, session, input, history, fromAll(session, signals, history.pings, fresh, now));
  if ("pings" in snap) return { go: () => fromHistory(snap) };
  return { read: windowRange(session), resume: fromHistory };
}

/** A started step run to its write, its history read alone if it waits for one. */
const stepAlone = (db: Db, studentId: number, start: Start): Promise<Step> =>
  "go" in start ? start.go() : readSnapshot(db, studentId, start.read).then(start.resume);

/**
 * One attempt of a recompute up to its write: from the running state when the pings are newer
 * than every one so far (no read), else from every stored ping of the window (read if the
 * snapshot lacks them). A finished attendance the pings would raise asks staff to review it.
 */
async function stepOf(db: Db, studentId: number, session: ActiveSession, input: StepInput): Promise<Step> {
  return stepAlone(db, studentId, startOf(db, studentId, session, input));
}

/** The rest of an attempt, judged from the running state or from `snap`'s pings: the plan, and the write. */
async function finishStep(
  db: Db,
  studentId: number,
  session: ActiveSession,
  input: StepInput,
  snap: Snapshot | RowsOnly,
  judged: Judged,
): Promise<Step> {
  const { fresh, freshPresent, now } = input;
  const current = seenRowOf(snap, session);
  const p = plan(session, current, judged, freshPresent, now, fresh.some(isCheckIn));
  if (!p) return { done: current ? { row: current.row, session, changed: false } : null };
  if ("review" in p) {
    if (current) await askForReview(db, session, current.row, p.review, { confidence: p.confidence, finalised: true });
    return { done: current ? { row: current.row, session, changed: false } : null };
  }
  const row = (id: number): Recomputed => ({
    row: {
      ...(current?.row ?? {
        attendable_id: session.attendable_id,
        attendable_type: session.attendable_type,
        school_id: session.school_id,
        student_id: studentId,
        lock: false,
        finished: false,
        meets: session.meets,
        created_at: now,
      }),
      id,
      location_id: session.location_id,
      status: p.status,
      enter: p.enter,
      exit: p.exit,
      percentage: p.percentage,
      confidence: p.confidence,
      evidence: p.evidence,
      engine_state: p.state,
      updated_at: now,
    },
    session,
    changed: p.visible,
  });
  return { write: { studentId, session, seen: current, plan: p }, row, snap };
}

/**
 * What a recompute adds: the fresh pings in the session's window, and those that put the student
 * there (not a scan sent from a position outside the fence: it is no coordinate of the attendance).
 */
function freshFor(session: ActiveSession, place: SessionPlace | null, all: readonly StoredPing[]) {
  const fresh = all.filter((p) => inWindow(session, p.recorded_at));
  const signals = placeSignals(place);
  const at = (p: StoredPing) => isPresentAt(p, session, signals) && !checkInElsewhere(p, signals);
  return { fresh, signals, freshPresent: fresh.filter(at) };
}

/**
 * The first attempt of a recompute, from what the caller read (a caller that writes many at once,
 * ingest.ts, or recomputeWith), started: it may wait for its window's history (`stepAlone` reads
 * it alone; ingest.ts reads a group's together). A write that then conflicts is finished by
 * `recomputeWith` without a snapshot (it re-reads).
 */
export function firstStart(
  db: Db,
  studentId: number,
  session: ActiveSession,
  place: SessionPlace | null,
  opts: { fresh: readonly StoredPing[]; now: Date; snapshot: Snapshot | RowsOnly },
): Start {
  if (session.manual) return done(null);
  const input = freshFor(session, place, opts.fresh);
  // no attendance yet and nothing new puts the student there: nothing can change (read nothing more)
  if (
    !seenRowOf(opts.snapshot, session) &&
    input.freshPresent.length === 0 &&
    opts.fresh.length > 0 &&
    !input.fresh.some(isCheckIn)
  )
    return done(null);
  return startOf(db, studentId, session, { ...input, now: opts.now, snap: opts.snapshot });
}

/**
 * Recomputes one student's attendance for one session from every stored ping in the session's
 * window plus `fresh` (pings this call just stored: their at-location coordinates are kept on the
 * attendance). `snapshot`: what the caller already read in its own statement. Idempotent and
 * order-independent; locked rows and manual courses are left alone.
 */
export async function recomputeWith(
  db: Db,
  studentId: number,
  session: ActiveSession,
  place: SessionPlace | null,
  opts: { fresh?: readonly StoredPing[]; now?: Date; snapshot?: Snapshot | RowsOnly } = {},
): Promise<Recomputed | null> {
  if (session.manual) return null;
  const all = opts.fresh ?? [];
  const snapshot = opts.snapshot ?? (await readSnapshot(db, studentId, windowRange(session)));
  const now = opts.now ?? new Date();
  let step = await stepAlone(db, studentId, firstStart(db, studentId, session, place, { fresh: all, now, snapshot }));
  const input = freshFor(session, place, all);
  for (let attempt = 1; ; attempt++) {
    if ("done" in step) return step.done;
    const [id] = await writeAttendances(db, [step.write]);
    if (typeof id === "number") return step.row(id);
    if (attempt >= MAX_ATTEMPTS) break;
    // another writer (a concurrent batch, staff) got there first: start again from what is stored
    const snap = await readSnapshot(db, studentId, windowRange(session));
    step = await stepOf(db, studentId, session, { ...input, now: new Date(), snap });
  }
  throw new Error(`attendance of student ${studentId} for ${keyOf(session)} kept changing; not recomputed`);
}

/** Tells connected staff what changed: each attendance, then the student once. */
export async function publishChanges(s: Services, studentId: number, changes: readonly Recomputed[]) {
  await publishAttendanceChanges(
    s,
    changes
      .filter((c) => c.changed)
      .map((c) => ({
        id: c.row.id,
        school_id: c.row.school_id,
        student_id: studentId,
        attendable_type: c.session.attendable_type,
        attendable_id: c.session.attendable_id,
      })),
  );
}

/** The session's place: carried by schedule sessions, else read. */
export async function placeOf(s: Services, session: ActiveSession): Promise<SessionPlace | null> {
  const known = (session as { location?: SessionPlace | null }).location;
  if (known !== undefined) return known;
  if (session.location_id === null) return null;
  return (await loadPlaces(s.db, [session.location_id])).get(session.location_id) ?? null;
}

/**
 * Recompute one student's attendance for one session from every stored signal (idempotent,
 * order-independent); skips locked attendance and manual courses; writes activity; publishes
 * attendance.update + student.update on the bus when something changed.
 * Needs no transaction; call it outside yours (PGlite has one connection).
 */
export async function recomputeAttendance(
  s: Services,
  studentId: number,
  session: ActiveSession,
): Promise<AttendanceRow | null> {
  if (session.manual) return null;
  const result = await recomputeWith(s.db, studentId, session, await placeOf(s, session));
  if (result) await publishChanges(s, studentId, [result]);
  return result?.row ?? null;
}
