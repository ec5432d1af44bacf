import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { students, studentTeam, studentTravel } from "../db/schema/index.ts";

/** Live members of each team: one statement for every team of a response. */
export function teamStudentsCount(data: Scoped, teamId: number): Promise<number> {
  return data
    .loader<number, number>("team:students_count", async (ids) => {
      const rows = await systemOf(data)
        .db.select({ id: studentTeam.team_id, n: sql<number>`count(*)::int` })
        .from(studentTeam)
        .innerJoin(students, eq(students.id, studentTeam.student_id))
        .where(and(inArray(studentTeam.team_id, [...ids]), isNull(students.deleted_at)))
        .groupBy(studentTeam.team_id);
      return ids.map((id) => rows.find((r) => r.id === id)?.n ?? 0);
    })
    .load(teamId);
}

/**
 * A team's APA: the mean of its live members' semester_apa (decisions.md), rounded to one
 * decimal like the dashboard tile; null when no member has one. One statement for all teams.
 */
export function teamApaOf(data: Scoped, teamId: number): Promise<number | null> {
  return data
    .loader<number, number | null>("team:apa", async (ids) => {
      const rows = await systemOf(data)
        .db.select({
          id: studentTeam.team_id,
          apa: sql<number | null>`round(avg(${students.semester_apa})::numeric, 1)::float8`,
        })
        .from(studentTeam)
        .innerJoin(students, eq(students.id, studentTeam.student_id))
        .where(and(inArray(studentTeam.team_id, [...ids]), isNull(students.deleted_at)))
        .groupBy(studentTeam.team_id);
      return ids.map((id) => {
        const v = rows.find((r) => r.id === id)?.apa;
        return v === undefined || v === null ? null : Number(v);
      });
    })
    .load(teamId);
}

/** Live students listed on each travel: one statement for every travel of a response. */
export function travelStudentsCount(data: Scoped, travelId: number): Promise<number> {
  return data
    .loader<number, number>("travel:students_count", async (ids) => {
      const rows = await systemOf(data)
        .db.select({ id: studentTravel.travel_id, n: sql<number>`count(*)::int` })
        .from(studentTravel)
        .innerJoin(students, eq(students.id, studentTravel.student_id))
        .where(and(inArray(studentTravel.travel_id, [...ids]), isNull(students.deleted_at)))
        .groupBy(studentTravel.travel_id);
      return ids.map((id) => rows.find((r) => r.id === id)?.n ?? 0);
    })
    .load(travelId);
}
