import { PHONE_MOVE_AFTER_MS } from "@rollbook/domain";
import { and, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { devices, students } from "../db/schema/index.ts";

/**
 * One student per phone (decision 0511): a phone that is another student's active device signs
 * in nobody else, in any school (the phone is one phone), so a friend holding several personal
 * tokens cannot sign them all in on it. Neither answer names the other student.
 */
export const ANOTHER_STUDENT =
  "This phone is signed in for another student. They can sign out in the check-in app on this phone, or staff can release it.";

export const RECENTLY_ANOTHER_STUDENT =
  "This phone was signed in for another student in the last 10 hours, so it cannot sign in someone else yet. Ask staff to release it if you need it sooner.";

/** Advisory lock of register's transaction: two students registering one phone at once go one at a time. */
const LOCK_PHONE = 727017;

export async function lockPhone(tx: Db, token: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_PHONE}, hashtext(${token}))`);
}

/**
 * Why `token` may not sign in `studentId`: the refusal's message, or null when it may. Call
 * under `lockPhone`. A removed student holds no phone.
 */
export async function phoneRefusal(tx: Db, token: string, studentId: number, now: Date): Promise<string | null> {
  const since = new Date(now.getTime() - PHONE_MOVE_AFTER_MS);
  const held = await tx
    .select({ active: sql<boolean>`${students.device_id} = ${devices.id}` })
    .from(devices)
    .innerJoin(students, eq(students.id, devices.student_id))
    .where(
      and(
        eq(devices.token, token),
        ne(devices.student_id, studentId),
        isNull(students.deleted_at),
        or(eq(students.device_id, devices.id), gt(devices.signed_out_at, since)),
      ),
    );
  if (held.some((h) => h.active)) return ANOTHER_STUDENT;
  return held.length ? RECENTLY_ANOTHER_STUDENT : null;
}
