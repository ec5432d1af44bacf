import type { Db } from "../db/client.ts";
import { auditLog } from "../db/schema/index.ts";
import { giveBack, type LimitHost, limitsOf, take } from "../rate-limit/limits.ts";
import { rateLimitedError } from "../rate-limit/refusal.ts";
import type { Viewer } from "./viewer.ts";

const pairKey = (userId: number, studentId: number) => `${userId}:${studentId}`;

/**
 * A student's offline code has 6 digits: guesses are bounded per staff user and student, per
 * staff user, and per student across all staff (OFFLINE_CODE_PAIR_FAILURES, _USER_FAILURES,
 * _STUDENT_FAILURES per 15 minutes, decision 0402). A guess takes a point from each before the
 * code is checked, so parallel requests cannot slip past; a right code gives them back; a wrong
 * one is written to the audit log.
 * The student's limit holds back only staff who typed a wrong code for this student themselves
 * in the window: one clumsy or hostile account (or several) cannot refuse a colleague's right
 * code, and each further account buys one guess per window, not ten.
 */
export async function admitOfflineCodeGuess(s: LimitHost, userId: number, studentId: number): Promise<void> {
  const l = limitsOf(s);
  const pair = pairKey(userId, studentId);
  const byPair = await take(l.offlineCodePair, pair);
  if (byPair !== null)
    throw rateLimitedError(
      byPair,
      "Too many wrong offline codes from you for this student: another staff member can enter their code, or they check in another way.",
    );
  const byUser = await take(l.offlineCodeUser, userId);
  if (byUser !== null) {
    await giveBack(l.offlineCodePair, pair);
    throw rateLimitedError(byUser, "Too many wrong offline codes from your account.");
  }
  const byStudent = await take(l.offlineCodeStudent, studentId);
  if (byStudent === null) return;
  // this guess is the user's only one for the student in the window: checked all the same
  if ((await l.offlineCodePair.get(pair))?.consumedPoints === 1) return;
  await Promise.all([giveBack(l.offlineCodePair, pair), giveBack(l.offlineCodeUser, userId)]);
  throw rateLimitedError(byStudent, "Too many wrong offline codes for this student: they must check in another way.");
}

/** The code was right: the guess does not count. */
export async function offlineCodeRight(s: LimitHost, userId: number, studentId: number): Promise<void> {
  const l = limitsOf(s);
  await Promise.all([
    giveBack(l.offlineCodePair, pairKey(userId, studentId)),
    giveBack(l.offlineCodeStudent, studentId),
    giveBack(l.offlineCodeUser, userId),
  ]);
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
