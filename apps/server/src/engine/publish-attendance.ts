import type { Services } from "../services.ts";

/** What a push about a changed attendance names. */
export interface ChangedAttendance {
  id: number;
  school_id: number;
  student_id: number;
  attendable_type: "course" | "event";
  attendable_id: number;
}

/**
 * Tells connected staff what changed: each attendance, then each student once. The change is
 * already stored, so a failed push is logged, not thrown: it only delays a browser's refresh.
 */
export async function publishAttendanceChanges(s: Services, changed: readonly ChangedAttendance[]) {
  if (changed.length === 0) return;
  try {
    for (const c of changed) {
      await s.bus.publish({
        type: "attendance.update",
        school_id: c.school_id,
        ids: [c.id],
        student_ids: [c.student_id],
        attendable: { type: c.attendable_type, id: c.attendable_id },
      });
    }
    const students = new Map(changed.map((c) => [c.student_id, c.school_id]));
    for (const [id, school_id] of students)
      await s.bus.publish({ type: "student.update", school_id, ids: [id], student_ids: [id] });
  } catch (err) {
    s.log.warn({ err }, "attendance push failed");
  }
}
