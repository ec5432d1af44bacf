import { addDays, cancelReason, courseSessionOn, isInSession, localDate, type Session } from "@rollbook/domain";
import { and, eq, gte, inArray, lte } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { cancellations, courses, schoolClosures, schools } from "../db/schema/index.ts";

export type CourseRow = typeof courses.$inferSelect;

/**
 * The viewer's visible courses whose session has begun by `now` in the school's day (school
 * time), not cancelled or closed, with that session: today's once it has started (ended or not),
 * and yesterday's while it still runs past midnight. At most one a course. A cancellation or
 * closure applies by the session's own date: yesterday's called off calls off its part after
 * midnight too. A constant number of statements however many courses.
 */
export async function courseSessionsBegun(data: Scoped, now = new Date()) {
  const schoolId = data.viewer.schoolId;
  const school = await data.first("schools", eq(schools.id, schoolId));
  const tz = school?.timezone ?? "UTC";
  const today = localDate(now, tz);
  const yesterday = addDays(today, -1);
  const rows = await data.rows("courses", { where: eq(courses.is_archived, false) });
  const closures = await data.rows("closures", {
    where: and(
      eq(schoolClosures.school_id, schoolId),
      lte(schoolClosures.start_date, today),
      gte(schoolClosures.end_date, yesterday),
    ),
  });
  // cancellations of courses already found visible above
  const { db } = systemOf(data);
  const ids = rows.map((c) => c.id);
  const cancelled = ids.length
    ? await db
        .select({ course_id: cancellations.course_id, date: cancellations.date })
        .from(cancellations)
        .where(and(inArray(cancellations.course_id, ids), inArray(cancellations.date, [yesterday, today])))
    : [];
  const out: { course: CourseRow; session: Session }[] = [];
  for (const course of rows) {
    // yesterday's session while it runs past midnight, else today's once started
    const overnight = courseSessionOn(course, yesterday, tz);
    const todays = courseSessionOn(course, today, tz);
    const session =
      overnight && isInSession(overnight, now)
        ? overnight
        : todays && todays.start.getTime() <= now.getTime()
          ? todays
          : null;
    if (!session) continue;
    const dates = cancelled.filter((c) => c.course_id === course.id).map((c) => c.date);
    if (cancelReason(session.date, dates, closures)) continue;
    out.push({ course, session });
  }
  return { today, tz, sessions: out };
}
