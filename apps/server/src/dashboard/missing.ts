import { STATUS } from "@rollbook/domain";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { attendance, studentCourse, students } from "../db/schema/index.ts";
import { courseSessionsToday } from "./sessions-today.ts";

/**
 * Students with missing attendance: enrolled in a course whose session today
 * has started, with no presence recorded for it (no attendance yet, or
 * pending or absent), and not excused, cancelled or travelling.
 */
export async function missingStudentsCondition(data: Scoped, now = new Date()): Promise<SQL> {
  const { today, sessions } = await courseSessionsToday(data, now);
  const started = sessions.filter((x) => x.session.start.getTime() <= now.getTime()).map((x) => x.course.id);
  if (started.length === 0) return sql`false`;
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
        eq(attendance.meets, today),
      ),
    )
    .where(
      and(
        inArray(studentCourse.course_id, started),
        sql`(${attendance.id} is null or (${attendance.enter} is null and ${attendance.status} in (${STATUS.pending}, ${STATUS.absent})))`,
      ),
    );
  return and(isNull(students.deleted_at), inArray(students.id, enrolledMissing)) as SQL;
}
