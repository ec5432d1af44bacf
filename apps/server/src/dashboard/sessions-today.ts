import { cancelReason, courseSessionOn, localDate, type Session } from "@rollbook/domain";
import { and, eq, gte, inArray, lte } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { cancellations, courses, schoolClosures, schools } from "../db/schema/index.ts";

export type CourseRow = typeof courses.$inferSelect;

/** The viewer's visible courses that hold a session today (school time), with that session. */
export async function courseSessionsToday(data: Scoped, now = new Date()) {
  const schoolId = data.viewer.schoolId;
  const school = await data.first("schools", eq(schools.id, schoolId));
  const tz = school?.timezone ?? "UTC";
  const today = localDate(now, tz);
  const rows = await data.rows("courses", { where: eq(courses.is_archived, false) });
  const closures = await data.rows("closures", {
    where: and(
      eq(schoolClosures.school_id, schoolId),
      lte(schoolClosures.start_date, today),
      gte(schoolClosures.end_date, today),
    ),
  });
  // cancellations of courses already found visible above
  const { db } = systemOf(data);
  const ids = rows.map((c) => c.id);
  const cancelled = ids.length
    ? await db
        .select({ course_id: cancellations.course_id, date: cancellations.date })
        .from(cancellations)
        .where(and(inArray(cancellations.course_id, ids), eq(cancellations.date, today)))
    : [];
  const out: { course: CourseRow; session: Session }[] = [];
  for (const course of rows) {
    const session = courseSessionOn(course, today, tz);
    if (!session) continue;
    const dates = cancelled.filter((c) => c.course_id === course.id).map((c) => c.date);
    if (cancelReason(today, dates, closures)) continue;
    out.push({ course, session });
  }
  return { today, tz, sessions: out };
}
