import { courseSessionOn, isClosed, isExcused, isTravelling, resolveRules, STATUS } from "@rollbook/domain";
import { and, eq, gte, inArray, lte, ne } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { attendance, attendanceActivity, type courses, schoolClosures, schools } from "../db/schema/index.ts";
import { placeOf, recomputeWith } from "../engine/apply.ts";
import { statusesChanged } from "../engine/finalise/apa.ts";
import { decide } from "../engine/finalise/decide.ts";
import type { DueSession } from "../engine/finalise/due.ts";
import { excusesOn, pingsInWindow, travelDuring } from "../engine/finalise/roster.ts";
import type { ChangedAttendance } from "../engine/publish-attendance.ts";
import { placeSignals } from "../engine/sessions-for-student.ts";
import { publishSettled, settleTasksOf } from "../engine/settle-tasks.ts";
import { forgetStudent } from "../engine/state.ts";
import { verdictOf } from "../engine/verdict.ts";

type CourseRow = typeof courses.$inferSelect;

const changeOf = (r: typeof attendance.$inferSelect): ChangedAttendance => ({
  id: r.id,
  school_id: r.school_id,
  student_id: r.student_id,
  attendable_type: r.attendable_type,
  attendable_id: r.attendable_id,
});

/**
 * After a cancellation of `date` was created or removed, the course's attendance of that date
 * (rows not locked by an override) is judged again by the engine's rules (decision 0302:
 * cancelled > excused > travel > presence). Created: every row becomes cancelled. Removed: a
 * cancelled row goes back to what its pings, excuses and travel say (a finished row gets the
 * finaliser's decision, an open one is handed to the engine, a manual course's row is pending for
 * staff to mark), unless a closure still covers the date. The engines forget their schedules
 * (the cancellation moves sessions in and out of them); the students' APA is recomputed and
 * changed rows are published (engine/finalise/apa.ts statusesChanged).
 */
export async function rejudgeCancellation(data: Scoped, course: CourseRow, date: string, cancelled: boolean) {
  const { db, s } = systemOf(data);
  forgetStudent(s);
  const now = new Date();
  const changed: ChangedAttendance[] = [];
  const here = and(
    eq(attendance.attendable_type, "course"),
    eq(attendance.attendable_id, course.id),
    eq(attendance.meets, date),
    eq(attendance.lock, false),
  );
  if (cancelled) {
    const written = await db
      .update(attendance)
      .set({ status: STATUS.cancelled, updated_at: now })
      .where(and(here, ne(attendance.status, STATUS.cancelled)))
      .returning();
    if (written.length)
      await db
        .insert(attendanceActivity)
        .values(written.map((r) => ({ attendance_id: r.id, event: "status changed", created_at: now })));
    // a session that did not happen leaves nothing to review or follow up
    const settled = await settleTasksOf(
      db,
      written.map((r) => r.id),
      now,
    );
    await statusesChanged(s, written.map(changeOf), now);
    await publishSettled(s, settled);
    return;
  }
  const rows = await db
    .select()
    .from(attendance)
    .where(and(here, eq(attendance.status, STATUS.cancelled)));
  if (rows.length === 0) return;
  const [school] = await db.select().from(schools).where(eq(schools.id, course.school_id));
  const closures = await db
    .select()
    .from(schoolClosures)
    .where(
      and(
        eq(schoolClosures.school_id, course.school_id),
        lte(schoolClosures.start_date, date),
        gte(schoolClosures.end_date, date),
      ),
    );
  const when = school ? courseSessionOn(course, date, school.timezone) : null;
  if (!school || !when || isClosed(date, closures)) return;
  const session: DueSession = {
    attendable_type: "course",
    attendable_id: course.id,
    meets: date,
    start: when.start,
    end: when.end,
    location_id: course.location_id,
    manual: course.manual_attendance,
    rules: resolveRules({ ...school, min_percentage: 0 }, course),
    school_id: course.school_id,
    title: course.title,
    timezone: school.timezone,
    cancelled: null,
    alerts_students: false,
  };
  const ids = rows.map((r) => r.student_id);
  const place = await placeOf(s, session);
  const [pings, excused, trips] = await Promise.all([
    pingsInWindow(db, ids, session),
    excusesOn(db, ids, session),
    travelDuring(db, ids, session),
  ]);
  const decided = new Map<string, { status: number; finished: boolean; rowIds: number[] }>();
  for (const row of rows) {
    const isExcusedNow = isExcused(
      excused.filter((e) => e.student_id === row.student_id),
      date,
      { id: course.id, type: "course" },
    );
    if (!row.finished && !session.manual && !isExcusedNow) {
      // the cover is lifted first (the engine keeps a covered status), then the engine judges the
      // open session from its stored pings, as if it had never been cancelled
      const [lifted] = await db
        .update(attendance)
        .set({ status: STATUS.pending, updated_at: now })
        .where(and(eq(attendance.id, row.id), eq(attendance.lock, false), eq(attendance.status, STATUS.cancelled)))
        .returning();
      if (!lifted) continue;
      const r = await recomputeWith(db, row.student_id, session, place, { now });
      changed.push(changeOf(r?.changed ? { ...lifted, ...r.row } : lifted));
      continue;
    }
    let status: number = STATUS.pending;
    let finished = false;
    if (row.finished || isExcusedNow) {
      const verdict = verdictOf({
        pings: pings.get(row.student_id) ?? [],
        session,
        place: placeSignals(place),
        now,
        finished: true,
      });
      const d = decide({
        // a manual course's mark was replaced by the cancellation: staff mark the row again
        existing: session.manual ? null : { status: row.status, lock: false, finished: false },
        evaluation: verdict.evaluation,
        manual: session.manual,
        cancelled: false,
        excused: isExcusedNow,
        travelling: isTravelling(
          trips.filter((t) => t.student_id === row.student_id),
          session,
        ),
      });
      if (d.kind !== "write") continue;
      status = d.status;
      finished = row.finished ? d.finished : false;
    }
    const key = `${status}:${finished}`;
    const group = decided.get(key) ?? { status, finished, rowIds: [] };
    group.rowIds.push(row.id);
    decided.set(key, group);
  }
  // one statement per outcome, not two per student: a day of a large course answered in seconds
  for (const { status, finished, rowIds } of decided.values()) {
    const written = await db
      .update(attendance)
      .set({ status, finished, updated_at: now })
      // optimistic: a row an override locked or the engine moved meanwhile is left as it is
      .where(and(inArray(attendance.id, rowIds), eq(attendance.lock, false), eq(attendance.status, STATUS.cancelled)))
      .returning();
    if (written.length === 0) continue;
    await db
      .insert(attendanceActivity)
      .values(written.map((w) => ({ attendance_id: w.id, event: "status changed", created_at: now })));
    changed.push(...written.map(changeOf));
  }
  await statusesChanged(s, changed, now);
}
