import { addDays, isExcused, isTravelling, STATUS, type StatusId } from "@rollbook/domain";
import { and, eq, isNull, min } from "drizzle-orm";
import { decide, decidedRow } from "../../engine/finalise/decide.ts";
import { dueSessions } from "../../engine/finalise/due.ts";
import { enrolledStudents, excusesOn, travelDuring } from "../../engine/finalise/roster.ts";
import type { Db } from "../client.ts";
import * as t from "../schema/index.ts";
import type { Rng } from "./random.ts";

/**
 * What the demo seed writes for sessions that ended before it ran. The finaliser skips a session
 * that ended before its course or event was created (decision 0340), and the seed creates them
 * all at once: so the seed writes for every ended session what the finaliser would have written
 * (finished attendance for each student on it, and its finalised_sessions row), drawing each
 * student's presence where the finaliser reads pings.
 */

const DAY = 24 * 60 * 60_000;

type AttendanceInsert = typeof t.attendance.$inferInsert;

/** A drawn presence: present three times in four, else late, absent or left early. */
export function drawnStatus(r: Rng): StatusId {
  const x = r.next();
  return x < 0.76 ? STATUS.present : x < 0.85 ? STATUS.late : x < 0.94 ? STATUS.absent : STATUS.left_early;
}

/**
 * Enter, exit and percentage of a student with this status in a session. Draws the same numbers
 * whatever the status (one, and a second for a present student who stayed), so that a seed's
 * later draws do not depend on the covers.
 */
export function drawnPresence(r: Rng, session: { start: Date; end: Date }, status: number) {
  const len = session.end.getTime() - session.start.getTime();
  const present = status === STATUS.present || status === STATUS.late || status === STATUS.left_early;
  const enterOffset = status === STATUS.late ? r.int(6, 14) : r.int(-8, 3);
  const enter = present ? new Date(session.start.getTime() + enterOffset * 60000) : null;
  const exit = present
    ? new Date(session.end.getTime() - (status === STATUS.left_early ? len * 0.45 : r.int(-5, 2) * 60000))
    : null;
  const percentage =
    enter && exit
      ? Math.max(
          0,
          Math.min(
            100,
            Math.round(
              ((Math.min(exit.getTime(), session.end.getTime()) - Math.max(enter.getTime(), session.start.getTime())) /
                len) *
                100,
            ),
          ),
        )
      : 0;
  return { enter, exit, percentage };
}

/** The finalised_sessions row of every session these finished rows belong to, with its student count. */
export async function markFinalised(db: Db, rows: readonly AttendanceInsert[]) {
  const sessions = new Map<string, typeof t.finalisedSessions.$inferInsert>();
  for (const r of rows) {
    if (!r.finished) continue;
    const key = `${r.attendable_type}:${r.attendable_id}:${r.meets}`;
    const s = sessions.get(key) ?? {
      attendable_type: r.attendable_type,
      attendable_id: r.attendable_id,
      meets: r.meets,
      school_id: r.school_id,
      students: 0,
    };
    s.students = (s.students ?? 0) + 1;
    sessions.set(key, s);
  }
  const values = [...sessions.values()];
  for (let i = 0; i < values.length; i += 1000)
    await db
      .insert(t.finalisedSessions)
      .values(values.slice(i, i + 1000))
      .onConflictDoNothing();
}

/**
 * Closes the school's events that ended by `now` and are not finalised, as the finaliser does
 * (engine/finalise: the same sessions, students, excuses, travel and closures, and `decide`),
 * with a drawn presence for each student instead of their pings. The events and sign-ups must be
 * dated before the event ended (the finaliser counts no one who joined afterwards). Answers the
 * rows written.
 */
export async function closeEndedEvents(
  db: Db,
  opts: { school: { id: number; timezone: string }; now: Date; r: Rng },
): Promise<AttendanceInsert[]> {
  const { school, now, r } = opts;
  const [first] = await db
    .select({ date: min(t.events.date) })
    .from(t.events)
    .where(and(eq(t.events.school_id, school.id), isNull(t.events.deleted_at)));
  if (!first?.date) return [];
  // as far back as the school's first event (the finaliser itself looks back a week)
  const days = Math.ceil((now.getTime() - new Date(`${addDays(first.date, -2)}T00:00:00Z`).getTime()) / DAY);
  const sessions = (await dueSessions(db, now, Math.max(days, 1))).filter(
    (s) => s.school_id === school.id && s.attendable_type === "event",
  );
  const rows: AttendanceInsert[] = [];
  for (const session of sessions) {
    const ids = await enrolledStudents(db, session);
    const excuses = await excusesOn(db, ids, session);
    const trips = await travelDuring(db, ids, session);
    for (const id of ids) {
      const status = drawnStatus(r);
      const d = decide({
        existing: null,
        evaluation: { status, ...drawnPresence(r, session, status) },
        manual: false,
        cancelled: session.cancelled !== null,
        excused: isExcused(
          excuses.filter((e) => e.student_id === id),
          session.meets,
          { id: session.attendable_id, type: "event" },
        ),
        travelling: isTravelling(
          trips.filter((x) => x.student_id === id),
          session,
        ),
      });
      if (d.kind !== "write") continue;
      rows.push({ ...decidedRow(session, id, d), created_at: session.start, updated_at: session.end });
    }
    // a session with nobody on it is finalised too (students: 0)
    if (ids.length === 0)
      await db
        .insert(t.finalisedSessions)
        .values({
          attendable_type: "event",
          attendable_id: session.attendable_id,
          meets: session.meets,
          school_id: school.id,
        })
        .onConflictDoNothing();
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(t.attendance).values(rows.slice(i, i + 1000));
  await markFinalised(db, rows);
  return rows;
}
