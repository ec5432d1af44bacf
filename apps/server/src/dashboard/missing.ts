import { STATUS } from "@rollbook/domain";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { attendance, studentCourse, students } from "../db/schema/index.ts";
import { courseSessionsBegun } from "./sessions-today.ts";

/**
 * Students with missing attendance: enrolled in a course whose session of the school's day has
 * started (today's, or yesterday's still running past midnight), with no presence recorded for
 * that session (no attendance yet, or pending or absent), and not excused, cancelled or travelling.
 */
export async function missingStudentsCondition(data: Scoped, now = new Date()): Promise<SQL> {
  const { sessions } = await courseSessionsBegun(data, now);
  if (sessions.length === 0) return sql`false`;
  // each course's attendance of its own session's date (yesterday's for one running past midnight)
  const pairs = sessions.map(({ course, session }) => sql`(${course.id}::int, ${session.date}::date)`);
  // the courses are the viewer's visible ones; the caller's student query applies the student scope
  const enrolledMissing = systemOf(data)
    .db.select({ id: studentCourse.student_id })
    .from(studentCourse)
    .leftJoin(
      attendance,
      and(
        eq(attendance.student_id, studentCourse.student_id),
        eq(attendance.attendable_type, "course"),
        eq(attendance.attendable_id, studentCourse.course_id),
        sql`(${attendance.attendable_id}, ${attendance.meets}) in (${sql.join(pairs, sql`, `)})`,
      ),
    )
    .where(
      and(
        inArray(
          studentCourse.course_id,
          sessions.map((x) => x.course.id),
        ),
        sql`(${attendance.id} is null or (${attendance.enter} is null and ${attendance.status} in (${STATUS.pending}, ${STATUS.absent})))`,
      ),
    );
  return and(isNull(students.deleted_at), inArray(students.id, enrolledMissing)) as SQL;
}
