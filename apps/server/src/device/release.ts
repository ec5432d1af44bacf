import { and, eq, isNotNull } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { auditLog, devices, students } from "../db/schema/index.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { announceUnbound, unboundAudit } from "./unbound.ts";

export type StudentRow = typeof students.$inferSelect;

/**
 * Staff with reset_token let a phone go (decision 0511): the student's active phone, so the next
 * phone to register becomes the active one, or a phone the student signed out of, which otherwise
 * signs in no other student until its wait is over (a sibling needs the family phone today).
 * `deviceId` names the phone; without it, the active phone if there is one, else the phones in
 * their wait. Never both at once: after a token reset the student's new phone is active and the
 * old one waits, and freeing the old one for a sibling must not unbind the new one.
 * The student is found through the viewer's scope (one they may not see is "not found"); the
 * release is audited and connected staff are told. Releasing a student with neither changes nothing.
 */
export async function releaseDevice(data: Scoped, studentId: number, deviceId?: number | null): Promise<StudentRow> {
  const v = data.viewer;
  const result = await data.transaction(async (tx) => {
    const student = await tx.first("students", eq(students.id, studentId), { forUpdate: true });
    if (!student) return null;
    const { db } = systemOf(tx);
    const active = student.device_id;
    const own = eq(devices.student_id, student.id);
    const named = deviceId ?? active;
    if (deviceId != null && deviceId !== active && (await db.$count(devices, and(own, eq(devices.id, deviceId)))) === 0)
      throw userError("device_id: not a phone of this student", "device_id");
    const releasesActive = named !== null && named === active;
    const released = await db
      .delete(devices)
      .where(and(own, named === null ? isNotNull(devices.signed_out_at) : eq(devices.id, named)))
      .returning();
    if (!releasesActive && released.length === 0) return { row: student, changed: false };
    let row = student;
    if (releasesActive)
      [row = student] = await db
        .update(students)
        .set({ device_id: null, updated_at: new Date() })
        .where(eq(students.id, student.id))
        .returning();
    // one audit row per phone let go; the active one even if its row was already gone
    const ids = new Set(released.map((d) => d.id));
    if (releasesActive && active !== null) ids.add(active);
    for (const id of ids)
      await db.insert(auditLog).values({
        school_id: v.schoolId,
        user_id: v.user.id,
        impersonator_id: v.impersonatorId,
        action: "student.release_device",
        subject_type: "student",
        subject_id: student.id,
        data: unboundAudit(
          id,
          released.find((d) => d.id === id),
        ),
      });
    return { row, changed: true };
  });
  if (!result) throw notFound("Student");
  // every process's engine forgets the student's cached device (decision 0540)
  if (result.changed) await announceUnbound(systemOf(data).s, result.row);
  return result.row;
}
