import {
  addDays,
  courseSessionOn,
  eventSession,
  isExcused,
  isTravelling,
  localDate,
  resolveRules,
  STATUS,
} from "@rollbook/domain";
import { and, eq, gte, inArray, lte, notInArray } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import type { Db } from "../db/client.ts";
import { attendance, attendanceActivity, courses, events, schools } from "../db/schema/index.ts";
import { type AttendanceRow, placeOf, recomputeWith } from "../engine/apply.ts";
import { statusesChanged } from "../engine/finalise/apa.ts";
import { decide } from "../engine/finalise/decide.ts";
import type { DueSession } from "../engine/finalise/due.ts";
import { excusesOn, pingsInWindow, travelDuring } from "../engine/finalise/roster.ts";
import type { ChangedAttendance } from "../engine/publish-attendance.ts";
import { placeSignals } from "../engine/sessions-for-student.ts";
import { verdictOf } from "../engine/verdict.ts";

export interface Window {
  start: Date;
  end: Date;
}

type School = typeof schools.$inferSelect;

const changeOf = (r: AttendanceRow): ChangedAttendance => ({
  id: r.id,
  school_id: r.school_id,
  student_id: r.student_id,
  attendable_type: r.attendable_type,
  attendable_id: r.attendable_id,
});

/** The session of a group of attendance rows (same course or event and date); null when it is gone. */
async function sessionOf(db: Db, row: AttendanceRow, school: School): Promise<DueSession | null> {
  const tz = school.timezone;
  const rules = { ...school, min_percentage: 0 };
  if (row.attendable_type === "course") {
    const [course] = await db.select().from(courses).where(eq(courses.id, row.attendable_id));
    const when = course ? courseSessionOn(course, row.meets, tz) : null;
    if (!course || !when) return null;
    return {
      attendable_type: "course",
      attendable_id: course.id,
      meets: row.meets,
      start: when.start,
      end: when.end,
      location_id: course.location_id,
      manual: course.manual_attendance,
      rules: resolveRules(rules, course),
      school_id: course.school_id,
      title: course.title,
      timezone: tz,
      cancelled: null,
      alerts_students: false,
    };
  }
  const [event] = await db.select().from(events).where(eq(events.id, row.attendable_id));
  if (!event) return null;
  const when = eventSession(event, tz);
  return {
    attendable_type: "event",
    attendable_id: event.id,
    meets: row.meets,
    start: when.start,
    end: when.end,
    location_id: event.location_id,
    manual: false,
    rules: resolveRules(rules, event),
    school_id: event.school_id,
    title: event.title,
    timezone: tz,
    cancelled: null,
    alerts_students: false,
  };
}

const overlaps = (w: Window, s: { start: Date; end: Date }) =>
  w.start.getTime() < s.end.getTime() && w.end.getTime() > s.start.getTime();

/**
 * After a travel was created, changed or removed (or students joined or left it): the attendance
 * of these students in sessions overlapping the windows (old and new) is judged again by the
 * engine's own rules (0302: cancelled > excused > travel > presence; travel covers only a
 * student with no presence), over the travel the engine sees now (`travelDuring`: the team's and
 * the listed students'). Locked, cancelled and excused rows are left alone.
 * - finished: the finaliser's decision over the stored pings, excuses and travel;
 * - open and covered now: pending or absent reads travel at once;
 * - open, no longer covered: travel is lifted to pending and the engine recomputes it from its
 *   pings (a manual course's row stays pending for staff).
 * The students' APA is recomputed and changed rows are published (attendance.update, then
 * student.update), as after every status change by staff (engine/finalise/apa.ts statusesChanged).
 */
export async function rejudgeTravel(data: Scoped, studentIds: readonly number[], windows: readonly Window[]) {
  const ids = [...new Set(studentIds)];
  if (ids.length === 0 || windows.length === 0) return;
  const { db, s } = systemOf(data);
  const [school] = await db.select().from(schools).where(eq(schools.id, data.viewer.schoolId));
  if (!school) return;
  const from = new Date(Math.min(...windows.map((w) => w.start.getTime())));
  const to = new Date(Math.max(...windows.map((w) => w.end.getTime())));
  // a session past midnight belongs to the day before
  const rows = await db
    .select()
    .from(attendance)
    .where(
      and(
        eq(attendance.school_id, school.id),
        inArray(attendance.student_id, ids),
        gte(attendance.meets, addDays(localDate(from, school.timezone), -1)),
        lte(attendance.meets, localDate(to, school.timezone)),
        eq(attendance.lock, false),
        notInArray(attendance.status, [STATUS.cancelled, STATUS.excused]),
      ),
    );
  const groups = new Map<string, AttendanceRow[]>();
  for (const r of rows) {
    const key = `${r.attendable_type}:${r.attendable_id}:${r.meets}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const changed: ChangedAttendance[] = [];
  const now = new Date();
  for (const group of groups.values()) {
    const session = await sessionOf(db, group[0] as AttendanceRow, school);
    if (!session || !windows.some((w) => overlaps(w, session))) continue;
    const who = group.map((r) => r.student_id);
    const place = await placeOf(s, session);
    const [pings, excused, trips] = await Promise.all([
      pingsInWindow(db, who, session),
      excusesOn(db, who, session),
      travelDuring(db, who, session),
    ]);
    for (const row of group) {
      const travelling = isTravelling(
        trips.filter((t) => t.student_id === row.student_id),
        session,
      );
      const isExcusedNow = isExcused(
        excused.filter((e) => e.student_id === row.student_id),
        row.meets,
        { id: row.attendable_id, type: row.attendable_type },
      );
      let status: number | null = null;
      let finished = row.finished;
      if (row.finished) {
        const verdict = verdictOf({
          pings: pings.get(row.student_id) ?? [],
          session,
          place: placeSignals(place),
          now,
          finished: true,
        });
        const lifted = row.status === STATUS.travel && !travelling;
        const d = decide({
          // a manual course's travel replaced staff's mark: without it, staff mark the row again
          existing: session.manual && lifted ? null : { status: row.status, lock: false, finished: false },
          evaluation: verdict.evaluation,
          manual: session.manual,
          cancelled: false,
          excused: isExcusedNow,
          travelling,
        });
        if (d.kind === "write") {
          status = d.status;
          finished = d.finished;
        }
      } else if (travelling) {
        if (row.status === STATUS.pending || row.status === STATUS.absent) status = STATUS.travel;
      } else if (row.status === STATUS.travel) {
        if (!session.manual) {
          // the cover is lifted first (the engine keeps a covered status), then the engine judges
          // the open session from its stored pings, as if the travel had never been
          const [up] = await db
            .update(attendance)
            .set({ status: STATUS.pending, updated_at: now })
            .where(and(eq(attendance.id, row.id), eq(attendance.lock, false), eq(attendance.status, STATUS.travel)))
            .returning();
          if (!up) continue;
          const r = await recomputeWith(db, row.student_id, session, place, { now });
          changed.push(changeOf(r?.changed ? r.row : up));
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
  }
  await statusesChanged(s, changed, now);
}
