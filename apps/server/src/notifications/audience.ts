import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { notificationClaims, userCourse, userEvent, userStudent, users, userTeam } from "../db/schema/index.ts";
import { filterAllows } from "../engine/finalise/alerts.ts";
import type { DuePeriod } from "./schedule.ts";

export interface Reader {
  id: number;
  email: string;
  first_name: string;
  alert_filter: string[];
  students: Set<number>;
  courses: Set<number>;
  events: Set<number>;
  teams: Set<number>;
}

const FLAG = {
  daily_recap: users.daily_recap_email,
  weekly_startup: users.weekly_startup_email,
  weekly_recap: users.weekly_recap_email,
} as const;

/**
 * The school's active users who asked for this kind and have no claim for the period yet, with
 * what they are linked to (user_student, user_course, user_event, user_team): the same links as
 * the finaliser's "who is concerned" (decision 0341).
 */
export async function readersFor(db: Db, schoolId: number, due: DuePeriod): Promise<Reader[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, first_name: users.first_name, alert_filter: users.alert_filter })
    .from(users)
    .leftJoin(
      notificationClaims,
      and(
        eq(notificationClaims.kind, due.kind),
        eq(notificationClaims.period, due.period),
        eq(notificationClaims.recipient, sqlRecipient()),
      ),
    )
    .where(
      and(
        eq(users.school_id, schoolId),
        eq(users.active, true),
        isNull(users.deleted_at),
        eq(FLAG[due.kind], true),
        isNull(notificationClaims.id),
      ),
    )
    .orderBy(users.id);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [st, co, ev, te] = await Promise.all([
    db
      .select({ u: userStudent.user_id, x: userStudent.student_id })
      .from(userStudent)
      .where(inArray(userStudent.user_id, ids)),
    db
      .select({ u: userCourse.user_id, x: userCourse.course_id })
      .from(userCourse)
      .where(inArray(userCourse.user_id, ids)),
    db.select({ u: userEvent.user_id, x: userEvent.event_id }).from(userEvent).where(inArray(userEvent.user_id, ids)),
    db.select({ u: userTeam.user_id, x: userTeam.team_id }).from(userTeam).where(inArray(userTeam.user_id, ids)),
  ]);
  const of = (links: { u: number; x: number }[], id: number) =>
    new Set(links.filter((l) => l.u === id).map((l) => l.x));
  return rows.map((r) => ({
    ...r,
    alert_filter: r.alert_filter ?? [],
    students: of(st, r.id),
    courses: of(co, r.id),
    events: of(ev, r.id),
    teams: of(te, r.id),
  }));
}

/** "user:<id>" built in SQL, to join a user to their claim */
function sqlRecipient() {
  return sql`'user:' || ${users.id}`;
}

export interface SessionOfStudent {
  student_id: number;
  attendable_type: "course" | "event";
  attendable_id: number;
}

/** Whether a student's session concerns the reader: linked to them, and let through by alert_filter. */
export function concerns(reader: Reader, row: SessionOfStudent, teams: readonly number[]): boolean {
  const linked =
    reader.students.has(row.student_id) ||
    (row.attendable_type === "course" ? reader.courses : reader.events).has(row.attendable_id) ||
    teams.some((t) => reader.teams.has(t));
  return linked && filterAllows(reader.alert_filter, row, teams);
}
