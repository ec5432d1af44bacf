import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { devices, schools, students } from "../db/schema/index.ts";
import type { Services } from "../services.ts";
import { engineState, type StudentContext } from "./state.ts";

async function load(db: Db, where: SQL | undefined): Promise<StudentContext | null> {
  const [row] = await db
    .select({
      id: students.id,
      school_id: students.school_id,
      token: students.token,
      device_id: students.device_id,
      device_token: devices.token,
      timezone: schools.timezone,
      late_time: schools.late_time,
      absent_time: schools.absent_time,
      leave_time: schools.leave_time,
      review_threshold: schools.review_threshold,
    })
    .from(students)
    .innerJoin(schools, eq(schools.id, students.school_id))
    .leftJoin(devices, eq(devices.id, students.device_id))
    .where(and(where, isNull(students.deleted_at)))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    school_id: row.school_id,
    token: row.token,
    device_id: row.device_id,
    device_token: row.device_token,
    timezone: row.timezone,
    // min_percentage has no school column: a session counts whole unless the course or event says otherwise
    school: {
      late_time: row.late_time,
      absent_time: row.absent_time,
      leave_time: row.leave_time,
      min_percentage: 0,
      review_threshold: row.review_threshold,
    },
  };
}

export const studentById = (db: Db, id: number) => load(db, eq(students.id, id));

/** The student a personal token belongs to, fresh from the database; refreshes the cache. */
export async function studentByToken(s: Services, token: string): Promise<StudentContext | null> {
  if (!token || token.length > 200) return null;
  const st = engineState(s);
  const student = await load(s.db, eq(students.token, token));
  if (student) st.byToken.set(token, student);
  else st.byToken.delete(token);
  return student;
}

/** From the cache when possible: only for callers that re-check the token in their own query. */
export async function studentByTokenCached(s: Services, token: string): Promise<StudentContext | null> {
  if (!token || token.length > 200) return null;
  return engineState(s).byToken.get(token) ?? studentByToken(s, token);
}
