import { STATUS } from "@rollbook/domain";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../access/viewer.ts";
import { visibleStudents } from "../access/visibility.ts";
import type { Db } from "../db/client.ts";
import { attendance, studentCourse, students } from "../db/schema/index.ts";
import { courseSessionsToday } from "./sessions-today.ts";

/**
 * Students with missing attendance: enrolled in a course whose session today
 * has started, with no presence recorded for it (no attendance yet, or
 * pending or absent), and not excused, cancelled or travelling.
 */
export async function missingStudentsCondition(db: Db, v: Viewer, now = new Date()): Promise<SQL> {
  const { today, sessions } = await courseSessionsToday(db, v, now);
  const started = sessions.filter((x) => x.session.start.getTime() <= now.getTime()).map((x) => x.course.id);
  if (started.length === 0) return sql`false`;
  const enrolledMissing = db
    .select({ id: studentCourse.student_id })
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
  return and(visibleStudents(v), inArray(students.id, enrolledMissing)) as SQL;
}
