import { eq } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { studentEvent } from "../db/schema/index.ts";
import { forgetStudent } from "../engine/state.ts";

/** Every student linked to the event (seated or waitlisted). */
export async function eventStudentIds(data: Scoped, eventId: number): Promise<number[]> {
  const rows = await systemOf(data)
    .db.select({ id: studentEvent.student_id })
    .from(studentEvent)
    .where(eq(studentEvent.event_id, eventId));
  return rows.map((r) => r.id);
}

/**
 * After a write: the engine forgets these students' schedules (or every schedule when the
 * event's times moved, decision 0540), and staff who see them get a `student.update` naming the
 * event, so its pages and the students' pages refetch. Stored already: a lost push only delays.
 */
export async function eventChanged(
  data: Scoped,
  eventId: number,
  studentIds: readonly number[],
  opts: { scheduleMoved?: boolean } = {},
) {
  const { s } = systemOf(data);
  if (opts.scheduleMoved) forgetStudent(s);
  else for (const id of studentIds) forgetStudent(s, id);
  const ids = [...new Set(studentIds)];
  if (ids.length === 0) return;
  try {
    await s.bus.publish({
      type: "student.update",
      school_id: data.viewer.schoolId,
      ids,
      student_ids: ids,
      attendable: { type: "event", id: eventId },
    });
  } catch (err) {
    s.log.warn({ err }, "event push failed");
  }
}
