import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import type { RowPushType } from "./messages.ts";

/**
 * After a course, event or team itself was written (created, edited, archived, removed,
 * restored, staff assigned or unassigned): the school's staff who see it get `course.update`,
 * `event.update` or `team.update` naming it, so its page, the lists and whatever shows it refetch;
 * so do `userIds` whether or not they see it (staff just unassigned from it). Stored already: a
 * lost push only delays.
 */
export async function publishRow(
  data: Scoped,
  type: RowPushType,
  row: { id: number; school_id: number },
  userIds: readonly number[] = [],
) {
  const { s } = systemOf(data);
  try {
    await s.bus.publish({
      type,
      school_id: row.school_id,
      ids: [row.id],
      ...(userIds.length ? { user_ids: [...userIds] } : {}),
    });
  } catch (err) {
    s.log.warn({ err }, `${type} push failed`);
  }
}
