import { and, eq } from "drizzle-orm";
import { auditLog, devices, students } from "../db/schema/index.ts";
import type { StudentContext } from "../engine/state.ts";
import type { Services } from "../services.ts";
import { isAnotherPhone } from "./active-device.ts";
import { announceUnbound, unboundAudit } from "./unbound.ts";

export type SignOutOutcome = "signed_out" | "no_phone" | "another_phone";

/**
 * The active phone lets its student go (decision 0511): `students.device_id` is cleared for this
 * student only, so the student's next phone, or after the wait another student, may register on
 * it. Only the active phone itself (its token as `phone`) may do it: a friend's phone with the
 * student's personal token is `another_phone`, and the real phone stays bound. The device row
 * is kept, stamped `signed_out_at`, for the wait; audited as `student.sign_out_device`.
 */
export async function signOutDevice(
  s: Services,
  student: StudentContext,
  phone: string | null,
): Promise<SignOutOutcome> {
  const now = new Date();
  const outcome = await s.db.transaction(async (tx): Promise<SignOutOutcome> => {
    // locked: a register of this student at the same moment comes before or after, not between
    const [current] = await tx
      .select({ device_id: students.device_id, school_id: students.school_id })
      .from(students)
      .where(eq(students.id, student.id))
      .for("update");
    if (!current?.device_id) return "no_phone";
    const [device] = await tx
      .select()
      .from(devices)
      .where(and(eq(devices.id, current.device_id), eq(devices.student_id, student.id)));
    if (isAnotherPhone(device ?? null, phone)) return "another_phone";
    await tx.update(devices).set({ signed_out_at: now, updated_at: now }).where(eq(devices.id, current.device_id));
    await tx.update(students).set({ device_id: null, updated_at: now }).where(eq(students.id, student.id));
    await tx.insert(auditLog).values({
      school_id: current.school_id,
      // the student did it with their own phone: no staff user
      user_id: null,
      action: "student.sign_out_device",
      subject_type: "student",
      subject_id: student.id,
      data: unboundAudit(current.device_id, device),
    });
    return "signed_out";
  });
  if (outcome === "signed_out") await announceUnbound(s, student);
  return outcome;
}
