import { addDays, cancelReason, courseSessionOn, eventSession, type SessionCancelReason } from "@rollbook/domain";
import { and, eq, gte, inArray, lte } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { cancellations, type courses, type events, schoolClosures } from "../db/schema/index.ts";

type CourseRow = typeof courses.$inferSelect;
type EventRow = typeof events.$inferSelect;

/** What calls sessions off between two dates: the courses' cancellations and the school's closures. */
export interface Covers {
  cancelled: { course_id: number; date: string }[];
  closures: { start_date: string; end_date: string }[];
}

export async function coversBetween(
  db: Db,
  schoolId: number,
  courseIds: readonly number[],
  from: string,
  to: string,
): Promise<Covers> {
  const ids = [...new Set(courseIds)];
  const cancelled = ids.length
    ? await db
        .select({ course_id: cancellations.course_id, date: cancellations.date })
        .from(cancellations)
        .where(and(inArray(cancellations.course_id, ids), gte(cancellations.date, from), lte(cancellations.date, to)))
    : [];
  const closures = await db
    .select({ start_date: schoolClosures.start_date, end_date: schoolClosures.end_date })
    .from(schoolClosures)
    .where(
      and(
        eq(schoolClosures.school_id, schoolId),
        lte(schoolClosures.start_date, to),
        gte(schoolClosures.end_date, from),
      ),
    );
  return { cancelled, closures };
}

export interface CalendarSession {
  meets: string;
  start: Date;
  end: Date;
  /** null: it takes place */
  cancelled: SessionCancelReason;
}

/**
 * The one answer to "which sessions does this course have from `from` to `to`, and which are
 * called off": the engine's schedule and a student's "where now" both read it.
 */
export function courseSessionsBetween(
  course: CourseRow,
  from: string,
  to: string,
  tz: string,
  covers: Covers,
): CalendarSession[] {
  const dates = covers.cancelled.filter((c) => c.course_id === course.id).map((c) => c.date);
  const out: CalendarSession[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const session = courseSessionOn(course, d, tz);
    if (session)
      out.push({
        meets: d,
        start: session.start,
        end: session.end,
        cancelled: cancelReason(d, dates, covers.closures),
      });
  }
  return out;
}

/** An event's one session; a closure calls off events too (cancellations are per course). */
export function eventSessionOf(event: EventRow, tz: string, covers: Covers): CalendarSession {
  const session = eventSession(event, tz);
  return {
    meets: event.date,
    start: session.start,
    end: session.end,
    cancelled: cancelReason(event.date, [], covers.closures),
  };
}
