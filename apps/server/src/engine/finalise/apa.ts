import { apa, localDate, semesterRange, teamApa, weekRange } from "@rollbook/domain";
import { and, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { attendance, courses, students, studentTeam, teams } from "../../db/schema/index.ts";

/**
 * Recomputes weekly_apa (this Monday-Sunday week), semester_apa (this semester, decision 0342)
 * of these students from their finished attendance, then the apa of every team they are on.
 * "This" is the school's today, so finalising last week's session late does not put last
 * week's figure in weekly_apa.
 */
export async function refreshApa(db: Db, school: { id: number; timezone: string }, studentIds: number[], now: Date) {
  if (studentIds.length === 0) return;
  const today = localDate(now, school.timezone);
  const week = weekRange(today);
  const terms = await db
    .select({ semester_start: courses.semester_start, semester_end: courses.semester_end })
    .from(courses)
    .where(and(eq(courses.school_id, school.id), isNull(courses.deleted_at)));
  const semester = semesterRange(today, terms);
  // YYYY-MM-DD strings sort as dates
  const from = [week.from, semester.from].sort()[0] as string;
  const to = [week.to, semester.to].sort()[1] as string;
  const rows = await db
    .select({ student_id: attendance.student_id, meets: attendance.meets, status: attendance.status })
    .from(attendance)
    .where(
      and(
        inArray(attendance.student_id, studentIds),
        eq(attendance.finished, true),
        gte(attendance.meets, from),
        lte(attendance.meets, to),
      ),
    );
  const within = (d: string, r: { from: string; to: string }) => d >= r.from && d <= r.to;
  for (const id of studentIds) {
    const mine = rows.filter((r) => r.student_id === id);
    await db
      .update(students)
      .set({
        weekly_apa: apa(mine.filter((r) => within(r.meets, week)).map((r) => r.status)),
        semester_apa: apa(mine.filter((r) => within(r.meets, semester)).map((r) => r.status)),
      })
      .where(eq(students.id, id));
  }
  const teamIds = [
    ...new Set(
      (
        await db
          .select({ team_id: studentTeam.team_id })
          .from(studentTeam)
          .where(inArray(studentTeam.student_id, studentIds))
      ).map((r) => r.team_id),
    ),
  ];
  for (const teamId of teamIds) {
    const members = await db
      .select({ semester_apa: students.semester_apa })
      .from(studentTeam)
      .innerJoin(students, eq(students.id, studentTeam.student_id))
      .where(and(eq(studentTeam.team_id, teamId), isNull(students.deleted_at)));
    await db
      .update(teams)
      .set({ apa: teamApa(members.map((m) => m.semester_apa)) })
      .where(eq(teams.id, teamId));
  }
}
