import { forgetStudent } from "../engine/state.ts";
import type { Services } from "../services.ts";
import type { EventRow } from "./lookup.ts";

/**
 * After a guest's confirm or drop: the engine forgets those students (their schedule changed)
 * and staff who see them get `student.update` naming the event, so its roster, waitlist and
 * counts refresh.
 */
export async function publishSignup(s: Services, event: EventRow, studentIds: readonly number[]) {
  if (studentIds.length === 0) return;
  for (const id of studentIds) forgetStudent(s, id);
  try {
    await s.bus.publish({
      type: "student.update",
      school_id: event.school_id,
      ids: [...studentIds],
      student_ids: [...studentIds],
      attendable: { type: "event", id: event.id },
    });
  } catch (err) {
    s.log.warn({ err }, "signup push failed");
  }
}
