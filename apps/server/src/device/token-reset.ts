import { inArray } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { devices } from "../db/schema/index.ts";
import { audit } from "../students/bulk.ts";
import { unboundAudit } from "./unbound.ts";

/**
 * A token reset signs out the phones the old tokens were signed in on (decision 0511), as the
 * check-in app's own "Sign out" would: the phone can no longer tell the server (its token is
 * refused), so it stayed the student's active phone and the student's new phone was refused.
 * Each student's active device is stamped `signed_out_at` (the wait before it signs in another
 * student still applies) and audited as `student.sign_out_device` by the staff user; the caller
 * clears `students.device_id` in its own update. `students` are the rows as locked before.
 */
export async function signOutResetPhones(
  tx: Scoped,
  students: readonly { id: number; device_id: number | null }[],
  now: Date,
): Promise<void> {
  const bound = new Map(students.flatMap((s) => (s.device_id === null ? [] : [[s.device_id, s.id] as const])));
  if (bound.size === 0) return;
  const { db } = systemOf(tx);
  const phones = await db
    .update(devices)
    .set({ signed_out_at: now, updated_at: now })
    .where(inArray(devices.id, [...bound.keys()]))
    .returning();
  // one row per phone let go; the active one even if its row was already gone
  await audit(
    tx,
    "student.sign_out_device",
    [...bound].map(([deviceId, studentId]) => ({
      id: studentId,
      data: {
        ...unboundAudit(
          deviceId,
          phones.find((d) => d.id === deviceId),
        ),
        reason: "token_reset",
      },
    })),
  );
}
