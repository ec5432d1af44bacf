import { seesAssignedOnly } from "@rollbook/domain";
import { and, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { attendance, courses, events, students, teams } from "../db/schema/index.ts";
import type { Viewer } from "./viewer.ts";

/**
 * "May this user see this row", as SQL conditions, in one place. Admins see
 * their school (role 1 the school it switched to); roles 5-9 see what is
 * linked to them and the students enrolled in it.
 */
export function visibleStudents(v: Viewer): SQL {
  const base = and(eq(students.school_id, v.schoolId), isNull(students.deleted_at)) as SQL;
  if (!seesAssignedOnly(v.roleId)) return base;
  return and(base, sql`${students.id} in (${assignedStudentIds(v.user.id)})`) as SQL;
}

/** Like visibleStudents but including removed students (for restore and history). */
export function visibleStudentsAnyState(v: Viewer): SQL {
  const base = eq(students.school_id, v.schoolId);
  if (!seesAssignedOnly(v.roleId)) return base;
  return and(base, sql`${students.id} in (${assignedStudentIds(v.user.id)})`) as SQL;
}

export function assignedStudentIds(userId: number): SQL {
  return sql`
    select student_id from user_student where user_id = ${userId}
    union select sc.student_id from student_course sc join user_course uc on uc.course_id = sc.course_id where uc.user_id = ${userId}
    union select se.student_id from student_event se join user_event ue on ue.event_id = se.event_id where ue.user_id = ${userId}
    union select st.student_id from student_team st join user_team ut on ut.team_id = st.team_id where ut.user_id = ${userId}`;
}

export function visibleCourses(v: Viewer): SQL {
  const base = and(eq(courses.school_id, v.schoolId), isNull(courses.deleted_at)) as SQL;
  if (!seesAssignedOnly(v.roleId)) return base;
  return and(base, sql`${courses.id} in (select course_id from user_course where user_id = ${v.user.id})`) as SQL;
}

export function visibleEvents(v: Viewer): SQL {
  const base = and(eq(events.school_id, v.schoolId), isNull(events.deleted_at)) as SQL;
  if (!seesAssignedOnly(v.roleId)) return base;
  return and(
    base,
    or(
      sql`${events.id} in (select event_id from user_event where user_id = ${v.user.id})`,
      eq(events.visibility, "public"),
    ),
  ) as SQL;
}

export function visibleTeams(v: Viewer): SQL {
  const base = and(eq(teams.school_id, v.schoolId), isNull(teams.deleted_at)) as SQL;
  if (!seesAssignedOnly(v.roleId)) return base;
  return and(base, sql`${teams.id} in (select team_id from user_team where user_id = ${v.user.id})`) as SQL;
}

/**
 * Attendance follows its student (decision 0125): whoever may see a student, removed ones
 * included, sees all of that student's attendance in the school.
 */
export function visibleAttendance(v: Viewer): SQL {
  return and(
    eq(attendance.school_id, v.schoolId),
    sql`${attendance.student_id} in (select ${students.id} from ${students} where ${visibleStudentsAnyState(v)})`,
  ) as SQL;
}
