import { and, eq } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { auditLog, devices, students } from "../db/schema/index.ts";
import { notFound } from "../graphql/builder.ts";
import { announceUnbound, unboundAudit } from "./unbound.ts";

export type StudentRow = typeof students.$inferSelect;

/**
 * Staff with reset_token let a student's new phone register (decision 0511): the active device
 * is forgotten, so the next phone to register becomes the active one. The student is found
 * through the viewer's scope (one they may not see is "not found"); the release is audited
 * and connected staff are told. Releasing a student without a device changes nothing.
 */
export async function releaseDevice(data: Scoped, studentId: number): Promise<StudentRow> {
  const v = data.viewer;
  const result = await data.transaction(async (tx) => {
    const student = await tx.first("students", eq(students.id, studentId), { forUpdate: true });
    if (!student) return null;
    if (student.device_id === null) return { row: student, changed: false };
    const { db } = systemOf(tx);
    const [device] = await db
      .delete(devices)
      .where(and(eq(devices.id, student.device_id), eq(devices.student_id, student.id)))
      .returning();
    const [row] = await db
      .update(students)
      .set({ device_id: null, updated_at: new Date() })
      .where(eq(students.id, student.id))
      .returning();
    await db.insert(auditLog).values({
      school_id: v.schoolId,
      user_id: v.user.id,
      impersonator_id: v.impersonatorId,
      action: "student.release_device",
      subject_type: "student",
      subject_id: student.id,
      data: unboundAudit(student.device_id, device),
    });
    return { row: row ?? student, changed: true };
  });
  if (!result) throw notFound("Student");
  // every process's engine forgets the student's cached device (decision 0540)
  if (result.changed) await announceUnbound(systemOf(data).s, result.row);
  return result.row;
}
