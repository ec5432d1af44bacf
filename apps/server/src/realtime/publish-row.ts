import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import type { Services } from "../services.ts";
import type { NamingPushType } from "./messages.ts";

/** Ids per message: a bulk writer (an import) sends several messages rather than one without bound. */
export const MAX_ROW_IDS = 1000;

/**
 * After a course, event or team itself was written (created, edited, archived, removed,
 * restored, staff assigned or unassigned), or a student's staff changed: the school's staff who
 * see it get `course.update`, `event.update`, `team.update` or `student.update` naming it, so its
 * page, the lists and whatever shows it refetch; so do `userIds` whether or not they see it (staff
 * just unassigned from it). Stored already: a lost push only delays.
 */
export async function publishRow(
  data: Scoped,
  type: NamingPushType,
  row: { id: number; school_id: number },
  userIds: readonly number[] = [],
) {
  await publishRows(systemOf(data).s, type, row.school_id, [row.id], userIds);
}

/** `publishRow` for many rows of one school and kind: one message per MAX_ROW_IDS of them. */
export async function publishRows(
  s: Pick<Services, "bus" | "log">,
  type: NamingPushType,
  schoolId: number,
  ids: readonly number[],
  userIds: readonly number[] = [],
) {
  for (let at = 0; at < ids.length; at += MAX_ROW_IDS) {
    const chunk = ids.slice(at, at + MAX_ROW_IDS);
    try {
      await s.bus.publish({
        type,
        school_id: schoolId,
        ids: chunk,
        // student messages name their students for the access re-check, as every publisher does
        ...(type === "student.update" ? { student_ids: chunk } : {}),
        ...(userIds.length ? { user_ids: [...userIds] } : {}),
      });
    } catch (err) {
      s.log.warn({ err }, `${type} push failed`);
    }
  }
}
