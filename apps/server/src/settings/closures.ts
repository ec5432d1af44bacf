import { addDays, DATE_PROBLEM, isValidDate, STATUS } from "@rollbook/domain";
import { and, eq, gte, inArray, lte, ne } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { rejudgeCancellation } from "../courses/rejudge-cancellation.ts";
import { attendance, attendanceActivity, cancellations, courses, schoolClosures } from "../db/schema/index.ts";
import { statusesChanged } from "../engine/finalise/apa.ts";
import type { ChangedAttendance } from "../engine/publish-attendance.ts";
import { publishSettled, settleTasksOf } from "../engine/settle-tasks.ts";
import { forgetStudent } from "../engine/state.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { audit } from "../students/bulk.ts";
import { requiredText } from "./fields.ts";

export type ClosureRow = typeof schoolClosures.$inferSelect;

/** A closure spans at most this many days (a school year's holidays are several closures). */
export const CLOSURE_MAX_DAYS = 366;

function dateField(value: string, field: string): string {
  const v = value.trim();
  if (!v) throw userError(`${field} is required`, field);
  if (!isValidDate(v)) throw userError(`${field} ${DATE_PROBLEM}`, field);
  return v;
}

const changeOf = (r: typeof attendance.$inferSelect): ChangedAttendance => ({
  id: r.id,
  school_id: r.school_id,
  student_id: r.student_id,
  attendable_type: r.attendable_type,
  attendable_id: r.attendable_id,
});

/**
 * A school closure (title, start_date, end_date, inclusive) of the viewer's school. Every session
 * it covers is cancelled: sessions still to come through the engine's calendar and the finaliser
 * (engine/calendar.ts, engine/finalise/due.ts read closures), rows already written (not locked by
 * an override) here, at once. The engines forget their schedules.
 */
export async function createClosure(
  data: Scoped,
  args: { title: string; start_date: string; end_date: string },
): Promise<ClosureRow> {
  const title = requiredText(args.title, "title");
  const start = dateField(args.start_date, "start_date");
  const end = dateField(args.end_date, "end_date");
  if (end < start) throw userError("end_date must be on or after start_date", "end_date");
  if (end > addDays(start, CLOSURE_MAX_DAYS - 1))
    throw userError(`a closure spans at most ${CLOSURE_MAX_DAYS} days`, "end_date");
  const schoolId = data.viewer.schoolId;
  const { row, changed, settled } = await data.transaction(async (tx) => {
    const { db } = systemOf(tx);
    const [created] = await db
      .insert(schoolClosures)
      .values({ school_id: schoolId, title, start_date: start, end_date: end })
      .returning();
    if (!created) throw new Error("closure insert returned nothing");
    const now = new Date();
    const written = await db
      .update(attendance)
      .set({ status: STATUS.cancelled, updated_at: now })
      .where(
        and(
          eq(attendance.school_id, schoolId),
          gte(attendance.meets, start),
          lte(attendance.meets, end),
          eq(attendance.lock, false),
          ne(attendance.status, STATUS.cancelled),
        ),
      )
      .returning();
    if (written.length)
      await db
        .insert(attendanceActivity)
        .values(written.map((r) => ({ attendance_id: r.id, event: "status changed", created_at: now })));
    // the days the school was closed leave nothing to review or follow up
    const settled = await settleTasksOf(
      db,
      written.map((r) => r.id),
      now,
    );
    await audit(tx, "closure.create", [{ id: created.id, data: { start, end, cancelled: written.length } }], "closure");
    return { row: created, changed: written.map(changeOf), settled };
  });
  const { s } = systemOf(data);
  forgetStudent(s);
  await statusesChanged(s, changed);
  await publishSettled(s, settled);
  return row;
}

/**
 * Takes a closure back. The class dates it cancelled are judged again as after a removed
 * cancellation (courses/rejudge-cancellation.ts: unless another closure or the course's own
 * cancellation still covers the date). An event's row cancelled by the closure stays cancelled
 * (decision 0960): there is no re-judging of an event's past session yet.
 */
export async function removeClosure(data: Scoped, id: number): Promise<ClosureRow> {
  const row = await data.transaction(async (tx) => {
    const found = await tx.first("closures", eq(schoolClosures.id, id), { forUpdate: true });
    // role 1 sees every school's closures: Settings changes the current school's only
    if (!found || found.school_id !== tx.viewer.schoolId) throw notFound("Closure");
    await systemOf(tx).db.delete(schoolClosures).where(eq(schoolClosures.id, found.id));
    await audit(
      tx,
      "closure.remove",
      [{ id: found.id, data: { start: found.start_date, end: found.end_date } }],
      "closure",
    );
    return found;
  });
  forgetStudent(systemOf(data).s);
  // the course dates of the closure that have cancelled rows, less those the course itself cancelled
  const { db } = systemOf(data);
  const dates = await db
    .selectDistinct({ course_id: attendance.attendable_id, meets: attendance.meets })
    .from(attendance)
    .where(
      and(
        eq(attendance.school_id, row.school_id),
        eq(attendance.attendable_type, "course"),
        gte(attendance.meets, row.start_date),
        lte(attendance.meets, row.end_date),
        eq(attendance.status, STATUS.cancelled),
        eq(attendance.lock, false),
      ),
    );
  if (dates.length === 0) return row;
  const courseIds = [...new Set(dates.map((d) => d.course_id))];
  const [courseRows, own] = await Promise.all([
    data.rows("coursesAnyState", { where: inArray(courses.id, courseIds) }),
    db
      .select({ course_id: cancellations.course_id, date: cancellations.date })
      .from(cancellations)
      .where(
        and(
          inArray(cancellations.course_id, courseIds),
          gte(cancellations.date, row.start_date),
          lte(cancellations.date, row.end_date),
        ),
      ),
  ]);
  const byId = new Map(courseRows.map((c) => [c.id, c]));
  const cancelled = new Set(own.map((c) => `${c.course_id}:${c.date}`));
  for (const d of dates) {
    const course = byId.get(d.course_id);
    if (!course || cancelled.has(`${d.course_id}:${d.meets}`)) continue;
    await rejudgeCancellation(data, course, d.meets, false);
  }
  return row;
}
