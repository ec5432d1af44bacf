import {
  addDays,
  apaWeight,
  cancelReason,
  courseSessionOn,
  eventSession,
  isInSession,
  localDate,
  type Session,
} from "@rollbook/domain";
import { and, eq, gte, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  attendance,
  cancellations,
  type courses,
  type events,
  schoolClosures,
  studentCourse,
  studentEvent,
  students,
} from "../db/schema/index.ts";

/** A session in progress: how many of its students have checked in so far. */
export interface AttendanceNow {
  meets: string;
  present: number;
  expected: number;
}

async function sessionNow(
  db: Db,
  type: "course" | "event",
  row: typeof courses.$inferSelect | typeof events.$inferSelect,
  tz: string,
  now: Date,
): Promise<Session | null> {
  const today = localDate(now, tz);
  // a course: today's session, or yesterday's that runs past midnight (an event has its own date)
  const candidates =
    type === "course"
      ? [today, addDays(today, -1)].map((d) => courseSessionOn(row as typeof courses.$inferSelect, d, tz))
      : [eventSession(row as typeof events.$inferSelect, tz)];
  const session = candidates.find((s) => s !== null && isInSession(s, now));
  if (!session) return null;
  const closures = await db
    .select()
    .from(schoolClosures)
    .where(
      and(
        eq(schoolClosures.school_id, row.school_id),
        lte(schoolClosures.start_date, session.date),
        gte(schoolClosures.end_date, session.date),
      ),
    );
  const cancelled =
    type === "course"
      ? (
          await db
            .select({ date: cancellations.date })
            .from(cancellations)
            .where(and(eq(cancellations.course_id, row.id), eq(cancellations.date, session.date)))
        ).map((c) => c.date)
      : [];
  return cancelReason(session.date, cancelled, closures) ? null : session;
}

/**
 * For a dashboard tile: while the course or event is in session, its enrolled students and how
 * many of them count as attending so far (present, late or left early), so the tile moves live.
 */
export async function attendanceNow(
  db: Db,
  type: "course" | "event",
  row: typeof courses.$inferSelect | typeof events.$inferSelect,
  tz: string,
  now = new Date(),
): Promise<AttendanceNow | null> {
  const session = await sessionNow(db, type, row, tz, now);
  if (!session) return null;
  const [enrolled] =
    type === "course"
      ? await db
          .select({ n: sql<number>`count(*)::int` })
          .from(studentCourse)
          .innerJoin(students, eq(students.id, studentCourse.student_id))
          .where(and(eq(studentCourse.course_id, row.id), isNull(students.deleted_at)))
      : await db
          .select({ n: sql<number>`count(*)::int` })
          .from(studentEvent)
          .innerJoin(students, eq(students.id, studentEvent.student_id))
          .where(
            and(eq(studentEvent.event_id, row.id), eq(studentEvent.in_waitlist, false), isNull(students.deleted_at)),
          );
  const statuses = await db
    .select({ status: attendance.status, n: sql<number>`count(*)::int` })
    .from(attendance)
    .where(
      and(
        eq(attendance.attendable_type, type),
        eq(attendance.attendable_id, row.id),
        eq(attendance.meets, session.date),
      ),
    )
    .groupBy(attendance.status);
  const present = statuses.filter((s) => apaWeight(s.status) === "attended").reduce((sum, s) => sum + s.n, 0);
  return { meets: session.date, present, expected: enrolled?.n ?? 0 };
}
