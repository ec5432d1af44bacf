import type { ExcuseRow } from "@rollbook/domain";
import { and, gte, inArray, isNull, lte } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { excuses } from "../db/schema/index.ts";

/** An excuse as `isExcused` reads it, with whose it is. */
export type StudentExcuse = ExcuseRow & { student_id: number };

/**
 * The live excuses of these students dated `from`..`to` (school-local dates, inclusive), one
 * statement for them all: the finaliser, the ping path's schedules, re-judging after an excuse
 * changed and a student's page read them alike.
 */
export async function excusesBetween(
  db: Db,
  studentIds: readonly number[],
  from: string,
  to: string,
): Promise<StudentExcuse[]> {
  if (studentIds.length === 0) return [];
  return db
    .select({
      student_id: excuses.student_id,
      date: excuses.date,
      attendable_id: excuses.attendable_id,
      attendable_type: excuses.attendable_type,
    })
    .from(excuses)
    .where(
      and(
        inArray(excuses.student_id, [...studentIds]),
        isNull(excuses.deleted_at),
        gte(excuses.date, from),
        lte(excuses.date, to),
      ),
    );
}
