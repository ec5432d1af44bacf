import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { auditLog } from "../db/schema/index.ts";

/** One audit row about a user (or invitation), by the viewer and whoever they act for. */
export async function auditUser(
  data: Scoped,
  action: string,
  subjectId: number,
  extra?: unknown,
  subjectType = "user",
) {
  const v = data.viewer;
  await systemOf(data)
    .db.insert(auditLog)
    .values({
      school_id: v.schoolId,
      user_id: v.user.id,
      impersonator_id: v.impersonatorId,
      action,
      subject_type: subjectType,
      subject_id: subjectId,
      data: extra ?? null,
    });
}
