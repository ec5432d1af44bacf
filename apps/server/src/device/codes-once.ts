import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { usedCodes } from "../db/schema/index.ts";

/** Which code a claim is about: the student, "scan" of an event or their own "offline_code", and its step. */
export interface CodeUse {
  student_id: number;
  kind: "scan" | "offline_code";
  /** the event of a scan code; 0 for the offline code */
  subject_id: number;
  step: number;
}

/**
 * The TOTP step a verified code belongs to, among those the verifiers accept (the step of `at`
 * and one either side, decision 0303); null when it is none of them. `codeAt` is the code shown at
 * an instant.
 */
export function stepOfCode(codeAt: (at: Date) => string, code: string, at: Date, periodS: number): number | null {
  const ms = periodS * 1000;
  const current = Math.floor(at.getTime() / ms);
  for (const step of [current, current - 1, current + 1]) if (codeAt(new Date(step * ms)) === code) return step;
  return null;
}

/**
 * Marks the code used; false when it already was (a replay). Atomic through the primary key, so
 * of two identical requests at once only one wins. Steps three or more before this one can
 * never be accepted again: they are dropped on the way.
 */
export async function claimCode(db: Db, use: CodeUse): Promise<boolean> {
  await db
    .delete(usedCodes)
    .where(
      and(eq(usedCodes.student_id, use.student_id), eq(usedCodes.kind, use.kind), lt(usedCodes.step, use.step - 2)),
    );
  const claimed = await db.insert(usedCodes).values(use).onConflictDoNothing().returning({ step: usedCodes.step });
  return claimed.length > 0;
}

/** Gives a claim back when the check-in it was for did not happen, so the code stays usable. */
export async function unclaimCode(db: Db, use: CodeUse): Promise<void> {
  await db
    .delete(usedCodes)
    .where(
      and(
        eq(usedCodes.student_id, use.student_id),
        eq(usedCodes.kind, use.kind),
        eq(usedCodes.subject_id, use.subject_id),
        eq(usedCodes.step, use.step),
      ),
    );
}
