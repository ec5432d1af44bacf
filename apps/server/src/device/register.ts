import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { devices, students } from "../db/schema/index.ts";
import type { StudentContext } from "../engine/state.ts";
import type { Services } from "../services.ts";
import { isAnotherPhone } from "./active-device.ts";
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
 * left without a token (registered before it was required) is claimed by this phone (decision 0511).
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
  };
  return s.db.transaction(async (tx) => {
    // locked: two phones registering at once are decided one after the other
    const [current] = await tx
      .select({ device_id: students.device_id })
      .from(students)
      .where(eq(students.id, student.id))
      .for("update");
    let device: typeof devices.$inferSelect | undefined;
    if (current?.device_id) {
      const [active] = await tx
        .select({ token: devices.token })
        .from(devices)
        .where(and(eq(devices.id, current.device_id), eq(devices.student_id, student.id)));
      if (isAnotherPhone(active ?? null, fields.token)) return { conflict: true } as const;
      [device] = await tx
        .update(devices)
        .set({ ...fields, updated_at: new Date() })
        .where(and(eq(devices.id, current.device_id), eq(devices.student_id, student.id)))
        .returning();
    }
    if (!device)
      [device] = await tx
        .insert(devices)
        .values({ ...fields, student_id: student.id })
        .returning();
    const [row] = await tx
      .update(students)
      .set({ device_id: device!.id, last_seen: new Date() })
      .where(eq(students.id, student.id))
      .returning();
    const { student_id: _owner, created_at: _c, ...shown } = device!;
    return { student: presentStudent(row!, student.timezone), device: shown };
  });
}
