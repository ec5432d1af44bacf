import { OFFLINE_CODE_PERIOD_S, offlineCodeAt, verifyOfflineCode } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import { admitOfflineCodeGuess, offlineCodeRight, offlineCodeWrong } from "../access/offline-code-limits.ts";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import {
  attendance,
  attendanceActivity,
  attendanceOverrides,
  auditLog,
  courses,
  events,
  students,
} from "../db/schema/index.ts";
import { claimCode, stepOfCode, unclaimCode } from "../device/codes-once.ts";
import { notFound, userError } from "../graphql/builder.ts";
import type { AttendanceRow } from "./apply.ts";
import { statusesChanged } from "./finalise/apa.ts";
import { recordPresence } from "./record-presence.ts";
import { publishSettled, settleTasksOf } from "./settle-tasks.ts";
import { forgetStudent } from "./state.ts";

/**
 * A staff override: the new status stands (lock), the old one and the acting user are kept in
 * overrides, the activity says so, the student's APA is recomputed and every connected user who
 * may see it is told (engine/finalise/apa.ts statusesChanged).
 * The row is found through the viewer's scope; one the viewer may not see is "not found".
 * An override settles the attendance's open review tasks (decision 0550), for every staff member
 * who was asked.
 */
export async function overrideAttendance(data: Scoped, id: number, status: number): Promise<AttendanceRow> {
  const v = data.viewer;
  const now = new Date();
  const result = await data.transaction(async (tx) => {
    const row = await tx.first("attendance", eq(attendance.id, id), { forUpdate: true });
    if (!row) return null;
    if (row.status === status && row.lock) return { row, changed: false, settled: [] };
    const { db } = systemOf(tx);
    const settled = await settleTasksOf(db, [row.id], now, { reviewsOnly: true });
    const [updated] = await db
      .update(attendance)
      .set({ status, lock: true, updated_at: now })
      .where(eq(attendance.id, row.id))
      .returning();
    if (row.status !== status) {
      await db.insert(attendanceOverrides).values({
        attendance_id: row.id,
        old_status: row.status,
        new_status: status,
        user_id: v.user.id,
        created_at: now,
      });
      await db.insert(attendanceActivity).values({ attendance_id: row.id, event: "override", created_at: now });
    }
    await db.insert(auditLog).values({
      school_id: v.schoolId,
      user_id: v.user.id,
      impersonator_id: v.impersonatorId,
      action: "attendance.override",
      subject_type: "attendance",
      subject_id: row.id,
      data: { from: row.status, to: status },
    });
    return { row: updated ?? row, changed: true, settled };
  });
  if (!result) throw notFound("Attendance");
  const { s } = systemOf(data);
  if (result.changed) await statusesChanged(s, [result.row], now);
  await publishSettled(s, result.settled);
  return result.row;
}

/**
 * Staff type in the code a student's phone shows offline: presence now, for that course or
 * event only, as if the phone had pinged from the room. Student and course or event must both
 * be visible to the viewer; guesses are limited and wrong ones audited (decision 0402). Each
 * code counts once (decision 0510): a replay is refused like a wrong code and changes nothing.
 */
export async function checkInWithOfflineCode(
  data: Scoped,
  args: { student_id: number; attendable_type: "course" | "event"; attendable_id: number; code: string },
): Promise<AttendanceRow> {
  const v = data.viewer;
  const { db, s } = systemOf(data);
  const student = await data.first("students", eq(students.id, args.student_id));
  if (!student || student.deleted_at) throw notFound("Student");
  const attendable =
    args.attendable_type === "course"
      ? await data.first("courses", eq(courses.id, args.attendable_id))
      : await data.first("events", eq(events.id, args.attendable_id));
  if (!attendable) throw notFound(args.attendable_type === "course" ? "Course" : "Event");
  const now = new Date();
  await admitOfflineCodeGuess(s, v.user.id, student.id);
  if (!verifyOfflineCode(student.offline_code, args.code, now)) {
    await offlineCodeWrong(db, v, student.id);
    throw userError("code is not this student's current code: ask for the one shown now", "code");
  }
  const code = args.code.replace(/\s+/g, "");
  const step = stepOfCode((t) => offlineCodeAt(student.offline_code, t), code, now, OFFLINE_CODE_PERIOD_S);
  const use = { student_id: student.id, kind: "offline_code", subject_id: 0, step: step ?? 0 } as const;
  if (step === null || !(await claimCode(db, use))) {
    // the guess stays counted: replaying a seen code is no better than guessing one
    await db.insert(auditLog).values({
      school_id: v.schoolId,
      user_id: v.user.id,
      impersonator_id: v.impersonatorId,
      action: "attendance.offline_code_replay",
      subject_type: "student",
      subject_id: student.id,
    });
    throw userError("This code was already used; ask for the one shown now", "code");
  }
  await offlineCodeRight(s, v.user.id, student.id);
  forgetStudent(s, student.id); // an enrolment a moment ago must count
  // a check-in that did not happen gives the code back
  const rows = await recordPresence(s, {
    studentId: student.id,
    at: now,
    source: "offline_code",
    attendable: { type: args.attendable_type, id: attendable.id },
  }).catch(async (err) => {
    await unclaimCode(db, use);
    throw err;
  });
  const row = rows[0];
  if (!row) {
    await unclaimCode(db, use);
    throw userError(
      `The student has no session of this ${args.attendable_type} in progress that takes device check-ins`,
      "attendable_id",
    );
  }
  await db.insert(auditLog).values({
    school_id: v.schoolId,
    user_id: v.user.id,
    impersonator_id: v.impersonatorId,
    action: "attendance.offline_code",
    subject_type: "attendance",
    subject_id: row.id,
  });
  return row;
}
