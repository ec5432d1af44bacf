import { apa, localDate, semesterRange, teamApa, weekRange } from "@rollbook/domain";
import { and, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { attendance, courses, schools, students, studentTeam, teams } from "../../db/schema/index.ts";
import type { Services } from "../../services.ts";
import { type ChangedAttendance, publishAttendanceChanges } from "../publish-attendance.ts";

/** Students read and written per statement (a whole school when the demo is seeded). */
const CHUNK = 1000;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/**
 * Recomputes weekly_apa (this Monday-Sunday week), semester_apa (this semester, decision 0342)
 * of these students from their finished attendance, then the apa of every team they are on.
 * "This" is the school's today, so finalising last week's session late does not put last
 * week's figure in weekly_apa.
 */
export async function refreshApa(db: Db, school: { id: number; timezone: string }, studentIds: number[], now: Date) {
  const ids = [...new Set(studentIds)];
  if (ids.length === 0) return;
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
  const within = (d: string, r: { from: string; to: string }) => d >= r.from && d <= r.to;
  for (const part of chunks(ids)) {
    const rows = await db
      .select({ student_id: attendance.student_id, meets: attendance.meets, status: attendance.status })
      .from(attendance)
      .where(
        and(
          inArray(attendance.student_id, part),
          eq(attendance.finished, true),
          gte(attendance.meets, from),
          lte(attendance.meets, to),
        ),
      );
    const byStudent = new Map<number, { week: number[]; semester: number[] }>(
      part.map((id) => [id, { week: [], semester: [] }]),
    );
    for (const r of rows) {
      const mine = byStudent.get(r.student_id);
      if (!mine) continue;
      if (within(r.meets, week)) mine.week.push(r.status);
      if (within(r.meets, semester)) mine.semester.push(r.status);
    }
    // one statement for the whole part (the finaliser's session, or a seeded school)
    const values = [...byStudent].map(
      ([id, s]) => sql`(${id}::int, ${apa(s.week)}::float8, ${apa(s.semester)}::float8)`,
    );
    await db.execute(
      sql`update ${students} set weekly_apa = v.weekly, semester_apa = v.semester
          from (values ${sql.join(values, sql`, `)}) as v(id, weekly, semester)
          where ${students}.id = v.id`,
    );
  }
  const teamIds = new Set<number>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectDistinct({ team_id: studentTeam.team_id })
      .from(studentTeam)
      .where(inArray(studentTeam.student_id, part));
    for (const r of rows) teamIds.add(r.team_id);
  }
  if (teamIds.size === 0) return;
  const members = await db
    .select({ team_id: studentTeam.team_id, semester_apa: students.semester_apa })
    .from(studentTeam)
    .innerJoin(students, eq(students.id, studentTeam.student_id))
    .where(and(inArray(studentTeam.team_id, [...teamIds]), isNull(students.deleted_at)));
  for (const teamId of teamIds) {
    await db
      .update(teams)
      .set({ apa: teamApa(members.filter((m) => m.team_id === teamId).map((m) => m.semester_apa)) })
      .where(eq(teams.id, teamId));
  }
}

/**
 * The one path after attendance statuses changed other than by a ping: the finaliser, and staff
 * (an excuse added, changed or removed, an override, team travel, a cancellation or closure).
 * The APA of the students concerned is recomputed first (refreshApa, in each school's zone), so
 * that what the push makes a browser read again is current; then connected staff are told
 * (attendance.update per row, student.update per student). A failed refresh is logged: the
 * statuses stand, and the next change or finalisation of the student refreshes it again.
 */
export async function statusesChanged(s: Services, changed: readonly ChangedAttendance[], now = new Date()) {
  if (changed.length === 0) return;
  const bySchool = new Map<number, number[]>();
  for (const c of changed) bySchool.set(c.school_id, [...(bySchool.get(c.school_id) ?? []), c.student_id]);
  try {
    const zones = await s.db
      .select({ id: schools.id, timezone: schools.timezone })
      .from(schools)
      .where(inArray(schools.id, [...bySchool.keys()]));
    for (const school of zones) await refreshApa(s.db, school, bySchool.get(school.id) ?? [], now);
  } catch (err) {
    s.log.error({ err }, "APA refresh after a status change failed");
  }
  await publishAttendanceChanges(s, changed);
}
