import { isExcused, isTravelling, type PlaceSignals, presenceRank, STATUS, type StatusId } from "@rollbook/domain";
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { attendance, attendanceActivity, finalisedSessions, tasks } from "../../db/schema/index.ts";
import type { Mail } from "../../mail/mailer.ts";
import type { Sms } from "../../notifications/sms.ts";
import type { Services } from "../../services.ts";
import type { AttendanceRow } from "../apply.ts";
import { askForReview } from "../review-tasks.ts";
import { loadPlaces, placeSignals } from "../sessions-for-student.ts";
import { advanceState, type Verdict, verdictOf, verdictOfState } from "../verdict.ts";
import { type Concern, loadAlertData, planMails, planTasks, planTexts } from "./alerts.ts";
import { type Decision, decide, decidedRow } from "./decide.ts";
import type { DueSession } from "./due.ts";
import { enrolledStudents, excusesOn, pingsInWindow, travelDuring } from "./roster.ts";

export interface FinalisedSession {
  session: DueSession;
  /** attendance rows written or finished by this run */
  changed: { id: number; student_id: number; status: number }[];
  tasks: { id: number; user_id: number; school_id: number }[];
  /** sent after the transaction commits */
  mails: Mail[];
  /** alerts of users who take them by text (decision 0900), sent after the commit too */
  texts: Sms[];
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Ends one session in one transaction: claims it in finalised_sessions (another process that
 * claimed it first makes this a no-op), locks its attendance rows (an engine write waiting on
 * them re-reads and sees them finished), writes every enrolled student's final status, and
 * creates the follow-up tasks. Answers null when the session was already claimed.
 */
export async function finaliseSession(s: Services, session: DueSession, now: Date): Promise<FinalisedSession | null> {
  // the slow part (every student's verdict) before the transaction, so ingest is not held up;
  // inside it only the rows a ping changed meanwhile are judged again
  const pre = await prepare(s.db, session, now);
  return s.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(finalisedSessions)
      .values({
        attendable_type: session.attendable_type,
        attendable_id: session.attendable_id,
        meets: session.meets,
        school_id: session.school_id,
      })
      .onConflictDoNothing()
      .returning({ meets: finalisedSessions.meets });
    if (claimed.length === 0) return null;
    const done = await finaliseClaimed(tx as unknown as Db, session, now, s.publicUrl, pre);
    await tx
      .update(finalisedSessions)
      .set({ students: done.students })
      .where(
        and(
          eq(finalisedSessions.attendable_type, session.attendable_type),
          eq(finalisedSessions.attendable_id, session.attendable_id),
          eq(finalisedSessions.meets, session.meets),
        ),
      );
    return { session, changed: done.changed, tasks: done.tasks, mails: done.mails, texts: done.texts };
  });
}

const sessionRows = (session: DueSession) =>
  and(
    eq(attendance.attendable_type, session.attendable_type),
    eq(attendance.attendable_id, session.attendable_id),
    eq(attendance.meets, session.meets),
  );

/** Students judged per read of pings: bounds the memory and each statement of a large session. */
const BATCH = 500;

/** What the finaliser reads and judges before its transaction. */
interface Prepared {
  ids: number[];
  versions: Map<number, string>;
  verdicts: Map<number, Verdict>;
  excuses: Awaited<ReturnType<typeof excusesOn>>;
  trips: Awaited<ReturnType<typeof travelDuring>>;
  signals: PlaceSignals;
}

const withVersion = { ...getTableColumns(attendance), version: sql<string>`${attendance}.xmin::text` };

/**
 * Each student's verdict at the end of the session: from the attendance's running state when it
 * has a valid one (no ping read), else from the student's pings, read in batches.
 */
async function verdictsFor(
  db: Db,
  session: DueSession,
  ids: readonly number[],
  rows: Map<number, AttendanceRow>,
  signals: PlaceSignals,
  now: Date,
): Promise<Map<number, Verdict>> {
  const out = new Map<number, Verdict>();
  const need: number[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    const state = row ? advanceState(row.engine_state, [], session, signals) : null;
    if (state) out.set(id, verdictOfState(state, session, true));
    else need.push(id);
  }
  for (let i = 0; i < need.length; i += BATCH) {
    const part = need.slice(i, i + BATCH);
    const presence = await pingsInWindow(db, part, session);
    for (const id of part)
      out.set(id, verdictOf({ pings: presence.get(id) ?? [], session, place: signals, now, finished: true }));
  }
  return out;
}

async function prepare(db: Db, session: DueSession, now: Date): Promise<Prepared> {
  const rows = await db.select(withVersion).from(attendance).where(sessionRows(session));
  const byStudent = new Map(rows.map((r) => [r.student_id, r]));
  const ids = [...new Set([...(await enrolledStudents(db, session)), ...byStudent.keys()])].sort((a, b) => a - b);
  const place =
    session.location_id === null
      ? null
      : ((await loadPlaces(db, [session.location_id])).get(session.location_id) ?? null);
  const signals = placeSignals(place);
  return {
    ids,
    versions: new Map(rows.map((r) => [r.student_id, r.version])),
    verdicts: await verdictsFor(db, session, ids, byStudent, signals, now),
    excuses: await excusesOn(db, ids, session),
    trips: await travelDuring(db, ids, session),
    signals,
  };
}

async function finaliseClaimed(tx: Db, session: DueSession, now: Date, publicUrl: string, pre: Prepared) {
  const locked = await tx.select(withVersion).from(attendance).where(sessionRows(session)).for("update");
  const existing: AttendanceRow[] = locked.map(({ version: _v, ...row }) => row);
  const byStudent = new Map(existing.map((r) => [r.student_id, r]));
  const ids = [...new Set([...pre.ids, ...byStudent.keys()])].sort((a, b) => a - b);
  const none = { students: ids.length, changed: [], tasks: [], mails: [], texts: [] as Sms[] };
  if (ids.length === 0) return none;

  // a ping between the reading and the lock changed these rows: judge them again, from what is stored now
  const lockedVersions = new Map(locked.map((r) => [r.student_id, r.version]));
  const moved = ids.filter(
    (id) => (lockedVersions.get(id) ?? null) !== (pre.versions.get(id) ?? null) || !pre.verdicts.has(id),
  );
  const verdicts = new Map(pre.verdicts);
  for (const [id, v] of await verdictsFor(tx, session, moved, byStudent, pre.signals, now)) verdicts.set(id, v);
  const { excuses, trips } = pre;

  const decisions = new Map<number, Decision>();
  for (const id of ids) {
    const evaluation = (verdicts.get(id) as Verdict).evaluation;
    decisions.set(
      id,
      decide({
        existing: byStudent.get(id) ?? null,
        evaluation,
        manual: session.manual,
        cancelled: session.cancelled !== null,
        excused: isExcused(
          excuses.filter((e) => e.student_id === id),
          session.meets,
          { id: session.attendable_id, type: session.attendable_type },
        ),
        travelling: isTravelling(
          trips.filter((t) => t.student_id === id),
          session,
        ),
      }),
    );
  }

  const changed: FinalisedSession["changed"] = [];
  const finishIds = existing.filter((r) => decisions.get(r.student_id)?.kind === "finish").map((r) => r.id);
  if (finishIds.length) {
    const rows = await tx
      .update(attendance)
      .set({ finished: true, updated_at: now })
      .where(and(inArray(attendance.id, finishIds), eq(attendance.finished, false)))
      .returning({ id: attendance.id, student_id: attendance.student_id, status: attendance.status });
    changed.push(...rows);
  }
  const writes = ids.flatMap((id) => {
    const d = decisions.get(id);
    if (d?.kind !== "write") return [];
    return [
      {
        ...decidedRow(session, id, d),
        confidence: verdicts.get(id)?.confidence ?? null,
        evidence: verdicts.get(id)?.evidence ?? null,
        // a finished attendance takes no more pings: no running state to keep
        engine_state: null,
      },
    ];
  });
  if (writes.length) {
    const rows = await tx
      .insert(attendance)
      .values(writes)
      .onConflictDoUpdate({
        target: [attendance.attendable_type, attendance.attendable_id, attendance.meets, attendance.student_id],
        set: {
          status: sql`excluded.status`,
          enter: sql`excluded.enter`,
          exit: sql`excluded.exit`,
          percentage: sql`excluded.percentage`,
          confidence: sql`excluded.confidence`,
          evidence: sql`excluded.evidence`,
          engine_state: sql`excluded.engine_state`,
          finished: sql`excluded.finished`,
          location_id: sql`excluded.location_id`,
          updated_at: now,
        },
        // a row an override locked or the engine finished meanwhile is not overwritten
        setWhere: sql`${attendance.lock} = false and ${attendance.finished} = false`,
      })
      .returning({ id: attendance.id, student_id: attendance.student_id, status: attendance.status });
    changed.push(...rows);
    const moved = rows.filter((r) => r.status !== (byStudent.get(r.student_id)?.status ?? STATUS.pending));
    if (moved.length) {
      await tx
        .insert(attendanceActivity)
        .values(moved.map((r) => ({ attendance_id: r.id, event: "status changed", created_at: now })));
    }
  }

  // presence not believed enough to count goes to a person, with what it would have given
  const written = new Map(changed.map((r) => [r.student_id, r]));
  for (const w of writes) {
    const unconfirmed = w.evidence?.unconfirmed;
    const row = written.get(w.student_id);
    // only where presence decided the status (not excused, travel, cancelled) and the row was written
    if (unconfirmed == null || !row || row.status !== w.status) continue;
    const to = unconfirmed as StatusId;
    if (presenceRank(w.status) === 0 || presenceRank(to) <= presenceRank(w.status)) continue;
    await askForReview(tx, session, { ...w, id: row.id, lock: false, created_at: now, updated_at: now }, to, {
      confidence: w.confidence,
      finalised: false,
      unwitnessedScan: w.evidence?.reasons.some((r) => r.kind === "scan_unplaced") ?? false,
    });
  }

  // alerts only for statuses this run decided (not overrides or staff marks finished as they were)
  const decided = new Set(writes.map((w) => w.student_id));
  const concerns: Concern[] = changed
    .filter((r) => decided.has(r.student_id) && (r.status === STATUS.absent || r.status === STATUS.late))
    .map((r) => ({ attendance_id: r.id, student_id: r.student_id, status: r.status }));
  if (concerns.length === 0) return { ...none, changed };
  const data = await loadAlertData(
    tx,
    session,
    concerns.map((c) => c.student_id),
  );
  const planned = planTasks(session, concerns, data);
  const created = planned.length
    ? await tx
        .insert(tasks)
        .values(planned)
        .onConflictDoNothing()
        .returning({ id: tasks.id, user_id: tasks.user_id, school_id: tasks.school_id })
    : [];
  return {
    students: ids.length,
    changed,
    tasks: created,
    mails: planMails(session, concerns, data, publicUrl),
    texts: planTexts(session, concerns, data),
  };
}

export type { Tx };
