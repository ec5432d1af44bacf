import {
  courseSessionOn,
  eventSession,
  isExcused,
  isTravelling,
  resolveRules,
  type SchoolRules,
  STATUS,
} from "@rollbook/domain";
import { and, eq, inArray } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import type { Db } from "../db/client.ts";
import { attendance, attendanceActivity, courses, events, schools } from "../db/schema/index.ts";
import { type AttendanceRow, placeOf, recomputeWith } from "../engine/apply.ts";
import { excusesBetween } from "../engine/excuses-between.ts";
import { statusesChanged } from "../engine/finalise/apa.ts";
import { decide } from "../engine/finalise/decide.ts";
import type { DueSession } from "../engine/finalise/due.ts";
import { pingsInWindow, travelDuring } from "../engine/finalise/roster.ts";
import type { ChangedAttendance } from "../engine/publish-attendance.ts";
import { placeSignals } from "../engine/sessions-for-student.ts";
import { forgetStudent } from "../engine/state.ts";
import { verdictOf } from "../engine/verdict.ts";

type ExcuseKey = { date: string; attendable_id: number | null; attendable_type: string | null };

/** The session of an attendance row, as the engine and the finaliser see it; null: its course or event is gone. */
async function sessionOf(
  db: Db,
  row: AttendanceRow,
  school: SchoolRules & { timezone: string },
): Promise<DueSession | null> {
  const tz = school.timezone;
  if (row.attendable_type === "course") {
    const [course] = await db.select().from(courses).where(eq(courses.id, row.attendable_id));
    const session = course ? courseSessionOn(course, row.meets, tz) : null;
    if (!course || !session) return null;
    return {
      attendable_type: "course",
      attendable_id: course.id,
      meets: row.meets,
      start: session.start,
      end: session.end,
      location_id: course.location_id,
      manual: course.manual_attendance,
      rules: resolveRules(school, course),
      school_id: course.school_id,
      title: course.title,
      timezone: tz,
      cancelled: row.status === STATUS.cancelled ? "cancelled" : null,
      alerts_students: false,
    };
  }
  const [event] = await db.select().from(events).where(eq(events.id, row.attendable_id));
  if (!event) return null;
  const session = eventSession(event, tz);
  return {
    attendable_type: "event",
    attendable_id: event.id,
    meets: row.meets,
    start: session.start,
    end: session.end,
    location_id: event.location_id,
    manual: false,
    rules: resolveRules(school, event),
    school_id: event.school_id,
    title: event.title,
    timezone: tz,
    cancelled: row.status === STATUS.cancelled ? "cancelled" : null,
    alerts_students: false,
  };
}

/**
 * After an excuse of a student was created, changed or removed: the attendance rows it covered
 * or covers (not locked by an override) are judged again by the engine's own rules (decision
 * 0302: cancelled > excused > travel > presence). A finished row gets the finaliser's decision
 * (engine/finalise/decide.ts over the verdict of its stored pings); a session still open is
 * excused at once, or handed back to the engine (recomputeWith) when no excuse covers it any more.
 * The students' APA is recomputed and changed rows are published (attendance.update, then
 * student.update), as after every status change by staff (engine/finalise/apa.ts statusesChanged).
 */
export async function rejudgeExcused(data: Scoped, studentId: number, touched: readonly ExcuseKey[]): Promise<void> {
  const { db, s } = systemOf(data);
  // the ping path's cached schedule says which sessions an excuse covers: read again, in every process
  forgetStudent(s, studentId);
  const dates = [...new Set(touched.map((e) => e.date))];
  if (dates.length === 0) return;
  const candidates = await db
    .select()
    .from(attendance)
    .where(
      and(
        eq(attendance.student_id, studentId),
        eq(attendance.school_id, data.viewer.schoolId),
        inArray(attendance.meets, dates),
        eq(attendance.lock, false),
      ),
    );
  const rows = candidates.filter((r) =>
    isExcused(
      touched.map((e) => ({ ...e, attendable_type: e.attendable_type as "course" | "event" | null })),
      r.meets,
      {
        id: r.attendable_id,
        type: r.attendable_type,
      },
    ),
  );
  if (rows.length === 0) return;
  const sorted = [...dates].sort();
  const current = await excusesBetween(db, [studentId], sorted[0] as string, sorted.at(-1) as string);
  const [schoolRow] = await db.select().from(schools).where(eq(schools.id, data.viewer.schoolId));
  if (!schoolRow) return;
  const school = {
    late_time: schoolRow.late_time,
    absent_time: schoolRow.absent_time,
    leave_time: schoolRow.leave_time,
    min_percentage: 0,
    review_threshold: schoolRow.review_threshold,
    timezone: schoolRow.timezone,
  };
  const changed: ChangedAttendance[] = [];
  const now = new Date();
  for (const row of rows) {
    const excused = isExcused(current, row.meets, { id: row.attendable_id, type: row.attendable_type });
    const session = await sessionOf(db, row, school);
    let status: number | null = null;
    let finished = row.finished;
    if (row.finished && session) {
      const place = await placeOf(s, session);
      const pings = (await pingsInWindow(db, [studentId], session)).get(studentId) ?? [];
      const verdict = verdictOf({ pings, session, place: placeSignals(place), now, finished: true });
      const trips = await travelDuring(db, [studentId], session);
      // a manual course's mark was replaced by the excuse: without it, staff mark the row again
      const existing = session.manual && !excused ? null : { status: row.status, lock: false, finished: false };
      const d = decide({
        existing,
        evaluation: verdict.evaluation,
        manual: session.manual,
        cancelled: session.cancelled !== null,
        excused,
        travelling: isTravelling(trips, session),
      });
      if (d.kind === "write") {
        status = d.status;
        finished = d.finished;
      }
    } else if (excused) {
      if (row.status !== STATUS.cancelled) status = STATUS.excused;
    } else if (row.status === STATUS.excused) {
      if (session && !session.manual) {
        // the cover is lifted first (the engine keeps a covered status), then the engine judges the
        // open session from its stored pings, as if the excuse had never been
        const [lifted] = await db
          .update(attendance)
          .set({ status: STATUS.pending, updated_at: now })
          .where(and(eq(attendance.id, row.id), eq(attendance.lock, false), eq(attendance.status, STATUS.excused)))
          .returning();
        if (!lifted) continue;
        const r = await recomputeWith(db, studentId, session, await placeOf(s, session), { now });
        changed.push(changeOf(r?.changed ? r.row : lifted));
        continue;
      }
      status = STATUS.pending;
    }
    if (status === null || (status === row.status && finished === row.finished)) continue;
    const [written] = await db
      .update(attendance)
      .set({ status, finished, updated_at: now })
      // optimistic: a row an override locked or the engine moved meanwhile is left as it is
      .where(and(eq(attendance.id, row.id), eq(attendance.lock, false), eq(attendance.status, row.status)))
      .returning();
    if (!written) continue;
    if (written.status !== row.status)
      await db.insert(attendanceActivity).values({ attendance_id: row.id, event: "status changed", created_at: now });
    changed.push(changeOf(written));
  }
  await statusesChanged(s, changed, now);
}

const changeOf = (r: AttendanceRow): ChangedAttendance => ({
  id: r.id,
  school_id: r.school_id,
  student_id: r.student_id,
  attendable_type: r.attendable_type,
  attendable_id: r.attendable_id,
});
