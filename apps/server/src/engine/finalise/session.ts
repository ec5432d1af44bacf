import { evaluateSession, isExcused, isTravelling, STATUS } from "@rollbook/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { attendance, attendanceActivity, finalisedSessions, tasks } from "../../db/schema/index.ts";
import type { Mail } from "../../mail/mailer.ts";
import type { Services } from "../../services.ts";
import { samplesFor } from "../presence.ts";
import { loadPlaces, placeSignals } from "../sessions-for-student.ts";
import { type Concern, loadAlertData, planMails, planTasks } from "./alerts.ts";
import { type Decision, decide } from "./decide.ts";
import type { DueSession } from "./due.ts";
import { enrolledStudents, excusesOn, pingsInWindow, travelDuring } from "./roster.ts";

export interface FinalisedSession {
  session: DueSession;
  /** attendance rows written or finished by this run */
  changed: { id: number; student_id: number; status: number }[];
  tasks: { id: number; user_id: number; school_id: number }[];
  /** sent after the transaction commits */
  mails: Mail[];
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Ends one session in one transaction: claims it in finalised_sessions (another process that
 * claimed it first makes this a no-op), locks its attendance rows (an engine write waiting on
 * them re-reads and sees them finished), writes every enrolled student's final status, and
 * creates the follow-up tasks. Answers null when the session was already claimed.
 */
export async function finaliseSession(s: Services, session: DueSession, now: Date): Promise<FinalisedSession | null> {
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
    const done = await finaliseClaimed(tx as unknown as Db, session, now, s.publicUrl);
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
    return { session, changed: done.changed, tasks: done.tasks, mails: done.mails };
  });
}

const sessionRows = (session: DueSession) =>
  and(
    eq(attendance.attendable_type, session.attendable_type),
    eq(attendance.attendable_id, session.attendable_id),
    eq(attendance.meets, session.meets),
  );

async function finaliseClaimed(tx: Db, session: DueSession, now: Date, publicUrl: string) {
  const existing = await tx.select().from(attendance).where(sessionRows(session)).for("update");
  const byStudent = new Map(existing.map((r) => [r.student_id, r]));
  const ids = [...new Set([...(await enrolledStudents(tx, session)), ...byStudent.keys()])].sort((a, b) => a - b);
  const none = { students: ids.length, changed: [], tasks: [], mails: [] };
  if (ids.length === 0) return none;

  const presence = await pingsInWindow(tx, ids, session);
  const excuses = await excusesOn(tx, ids, session);
  const trips = await travelDuring(tx, ids, session);
  const place =
    session.location_id === null
      ? null
      : ((await loadPlaces(tx, [session.location_id])).get(session.location_id) ?? null);
  const signals = placeSignals(place);

  const decisions = new Map<number, Decision>();
  for (const id of ids) {
    const samples = samplesFor(presence.get(id) ?? [], session, signals, now);
    const evaluation = evaluateSession({
      session: { start: session.start, end: session.end },
      rules: session.rules,
      samples,
      finished: true,
    });
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
        attendable_id: session.attendable_id,
        attendable_type: session.attendable_type,
        school_id: session.school_id,
        student_id: id,
        location_id: session.location_id,
        status: d.status,
        enter: d.enter,
        exit: d.exit,
        percentage: d.percentage,
        finished: d.finished,
        meets: session.meets,
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
  return { students: ids.length, changed, tasks: created, mails: planMails(session, concerns, data, publicUrl) };
}

export type { Tx };
