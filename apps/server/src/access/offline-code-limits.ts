import type { Db } from "../db/client.ts";
import { auditLog } from "../db/schema/index.ts";
import { giveBack, type LimitHost, limitsOf, take } from "../rate-limit/limits.ts";
import { rateLimitedError } from "../rate-limit/refusal.ts";
import type { Viewer } from "./viewer.ts";

/**
 * A student's offline code has 6 digits: guesses are bounded per student and per staff user
 * (OFFLINE_CODE_STUDENT_FAILURES, OFFLINE_CODE_USER_FAILURES per 15 minutes, decision 0402).
 * A guess takes a point from both before the code is checked, so parallel requests cannot
 * slip past; a right code gives them back; a wrong one is written to the audit log.
 */
export async function admitOfflineCodeGuess(s: LimitHost, userId: number, studentId: number): Promise<void> {
  const l = limitsOf(s);
  const byStudent = await take(l.offlineCodeStudent, studentId);
  if (byStudent !== null)
    throw rateLimitedError(byStudent, "Too many wrong offline codes for this student: they must check in another way.");
  const byUser = await take(l.offlineCodeUser, userId);
  if (byUser !== null) {
    await giveBack(l.offlineCodeStudent, studentId);
    throw rateLimitedError(byUser, "Too many wrong offline codes from your account.");
  }
}

/** The code was right: the guess does not count. */
export async function offlineCodeRight(s: LimitHost, userId: number, studentId: number): Promise<void> {
  const l = limitsOf(s);
  await Promise.all([giveBack(l.offlineCodeStudent, studentId), giveBack(l.offlineCodeUser, userId)]);
}

/** The code was wrong: who tried it on which student, for whoever reviews the audit log. */
export async function offlineCodeWrong(db: Pick<Db, "insert">, v: Viewer, studentId: number): Promise<void> {
  await db.insert(auditLog).values({
    school_id: v.schoolId,
    user_id: v.user.id,
    impersonator_id: v.impersonatorId,
    action: "attendance.offline_code_wrong",
    subject_type: "student",
    subject_id: studentId,
  });
}
