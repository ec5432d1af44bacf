import type { SchoolThresholds } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { schools } from "../db/schema/index.ts";

/**
 * The late and absent times a course or event of this school inherits where it has none of its
 * own: its own are checked against them on save (decision 0716). Null if the school is unseen.
 */
export async function schoolThresholds(data: Scoped, schoolId: number): Promise<SchoolThresholds | null> {
  const school = await data.first("schools", eq(schools.id, schoolId));
  return school ? { late_time: school.late_time, absent_time: school.absent_time } : null;
}
