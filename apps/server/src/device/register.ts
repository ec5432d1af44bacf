import { PHONE_MOVE_AFTER_MS } from "@rollbook/domain";
import { and, eq, lt, ne } from "drizzle-orm";
import type { z } from "zod";
import { devices, students } from "../db/schema/index.ts";
import type { StudentContext } from "../engine/state.ts";
import type { Services } from "../services.ts";
import { ANOTHER_PHONE, isAnotherPhone } from "./active-device.ts";
import { lockPhone, phoneRefusal } from "./phone-holder.ts";
import type { registerInput } from "./schemas.ts";

/** What the phone may show and keep: never another student's data, never staff fields. */
export function presentStudent(row: typeof students.$inferSelect, timezone: string) {
  return {
    id: row.id,
    uuid: row.uuid,
    school_id: row.school_id,
    first_name: row.first_name,
    last_name: row.last_name,
    preferred_name: row.preferred_name,
    email: row.email,
    school_identifier: row.school_identifier,
    // the secret of the offline code, which the phone shows without network
    offline_code: row.offline_code,
    last_seen: row.last_seen,
    device_id: row.device_id,
    timezone,
  };
}

/**
 * Creates the student's device, or updates the one they have (a student has one phone at a time).
 * Another phone than the active one is refused (`conflict`) until staff release it; a device
 * left without a token (registered before it was required) is claimed by this phone. A phone
 * held by another student is refused too (decision 0511).
 */
export async function registerDevice(s: Services, student: StudentContext, input: z.output<typeof registerInput>) {
  const fields = {
    type: input.type ?? null,
    os_version: input.os_version ?? null,
    app_version: input.app_version ?? null,
    model_name: input.model_name ?? null,
    token: input.token,
    location_permission: input.location_permission ?? false,
    bluetooth_permission: input.bluetooth_permission ?? false,
    signed_out_at: null,
  };
  const now = new Date();
  return s.db.transaction(async (tx) => {
    // locked: two phones registering one student, or one phone two students, go one at a time
    await lockPhone(tx, fields.token);
    const [current] = await tx
      .select({ device_id: students.device_id })
      .from(students)
      .where(eq(students.id, student.id))
      .for("update");
    const active = current?.device_id
      ? (
          await tx
            .select({ id: devices.id, token: devices.token })
            .from(devices)
            .where(and(eq(devices.id, current.device_id), eq(devices.student_id, student.id)))
        )[0]
      : undefined;
    if (isAnotherPhone(active ?? null, fields.token)) return { conflict: ANOTHER_PHONE } as const;
    // also when it is this student's phone already: it was bound to several before the rule
    const refusal = await phoneRefusal(tx, fields.token, student.id, now);
    if (refusal) return { conflict: refusal } as const;
    // the active device, else the one this phone signed out of (kept for the wait, decision 0511)
    const [own] = active
      ? [active]
      : await tx
          .select({ id: devices.id })
          .from(devices)
          .where(and(eq(devices.student_id, student.id), eq(devices.token, fields.token)))
          .limit(1);
    let device: typeof devices.$inferSelect | undefined;
    if (own)
      [device] = await tx
        .update(devices)
        .set({ ...fields, updated_at: now })
        .where(and(eq(devices.id, own.id), eq(devices.student_id, student.id)))
        .returning();
    if (!device)
      [device] = await tx
        .insert(devices)
        .values({ ...fields, student_id: student.id })
        .returning();
    // phones this student signed out of whose wait is over hold nothing any more
    await tx
      .delete(devices)
      .where(
        and(
          eq(devices.student_id, student.id),
          ne(devices.id, device!.id),
          lt(devices.signed_out_at, new Date(now.getTime() - PHONE_MOVE_AFTER_MS)),
        ),
      );
    const [row] = await tx
      .update(students)
      .set({ device_id: device!.id, last_seen: now })
      .where(eq(students.id, student.id))
      .returning();
    const { student_id: _owner, created_at: _c, signed_out_at: _out, ...shown } = device!;
    return { student: presentStudent(row!, student.timezone), device: shown };
  });
}
