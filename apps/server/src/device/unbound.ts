import type { devices } from "../db/schema/index.ts";
import { forgetStudent } from "../engine/state.ts";
import type { Services } from "../services.ts";

/** What the audit keeps of a phone let go: which device it was and what kind (decision 0511). */
export const unboundAudit = (
  deviceId: number,
  device: Pick<typeof devices.$inferSelect, "type" | "model_name"> | undefined,
) => ({
  device_id: deviceId,
  type: device?.type ?? null,
  model_name: device?.model_name ?? null,
});

/**
 * After a student's phone was let go (staff released it, or it signed out): every process's engine
 * forgets the student's cached device (decision 0540) and connected staff are told.
 */
export async function announceUnbound(s: Services, student: { id: number; school_id: number }): Promise<void> {
  forgetStudent(s, student.id);
  try {
    await s.bus.publish({
      type: "student.update",
      school_id: student.school_id,
      ids: [student.id],
      student_ids: [student.id],
    });
  } catch (err) {
    // stored; a lost push only delays a browser's refresh
    s.log.warn({ err }, "student push after a device was let go failed");
  }
}
