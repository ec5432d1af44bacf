import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { courses, students, teams } from "../db/schema/index.ts";
import { notFound } from "../graphql/builder.ts";
import type { BulkResult } from "../students/bulk.ts";
import { addCourseToStudents } from "../students/links.ts";

/**
 * Enrols every live student of a team in a course: the bulk enrolment of decision 0600 (all or
 * nothing, students already enrolled not counted), with the team's members as the ids. Members
 * are read through the viewer's scope, so no id the viewer may not see is ever named.
 */
export async function addTeamToCourse(data: Scoped, teamId: number, courseId: number): Promise<BulkResult> {
  const team = await data.first("teams", eq(teams.id, teamId));
  if (!team) throw notFound("Team");
  if (!(await data.first("courses", eq(courses.id, courseId)))) throw notFound("Course");
  const members = await data.rows("students", {
    where: and(
      isNull(students.deleted_at),
      sql`${students.id} in (select student_id from student_team where team_id = ${team.id})`,
    ),
    orderBy: [asc(students.id)],
  });
  return addCourseToStudents(
    data,
    courseId,
    members.map((m) => m.id),
  );
}
