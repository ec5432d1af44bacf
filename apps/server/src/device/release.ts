import { and, eq, isNotNull, or } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { auditLog, devices, students } from "../db/schema/index.ts";
import { notFound } from "../graphql/builder.ts";
import { announceUnbound, unboundAudit } from "./unbound.ts";

export type StudentRow = typeof students.$inferSelect;

/**
 * Staff with reset_token let a student's new phone register (decision 0511): the active device
 * is forgotten, so the next phone to register becomes the active one, and so is a phone the
 * student signed out of, which otherwise signs in no other student until its wait is over (a
 * sibling needs the family phone today). The student is found through the viewer's scope (one
 * they may not see is "not found"); the release is audited and connected staff are told.
 * Releasing a student with neither changes nothing.
 */
export async function releaseDevice(data: Scoped, studentId: number): Promise<StudentRow> {
  const v = data.viewer;
  const result = await data.transaction(async (tx) => {
    const student = await tx.first("students", eq(students.id, studentId), { forUpdate: true });
    if (!student) return null;
    const { db } = systemOf(tx);
    const active = student.device_id;
    const released = await db
      .delete(devices)
      .where(
        and(
          eq(devices.student_id, student.id),
          // the active phone, and any the student signed out of (still in its wait, decision 0511)
          or(isNotNull(devices.signed_out_at), active === null ? undefined : eq(devices.id, active)),
        ),
      )
      .returning();
    if (active === null && released.length === 0) return { row: student, changed: false };
    let row = student;
    if (active !== null)
      [row = student] = await db
        .update(students)
        .set({ device_id: null, updated_at: new Date() })
        .where(eq(students.id, student.id))
        .returning();
    // one audit row per phone let go; the active one even if its row was already gone
    const ids = new Set([...(active === null ? [] : [active]), ...released.map((d) => d.id)]);
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
