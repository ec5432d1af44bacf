import { needsReview, STATUSES, type StatusId } from "@rollbook/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { tasks } from "../db/schema/index.ts";
import type { AttendanceRow } from "./apply.ts";
import type { ActiveSession } from "./sessions-for-student.ts";

/** Why a person is asked: a ping after finalisation, presence believed less than the threshold, or sent late. */
export interface ReviewCause {
  confidence: number | null;
  /** true: pings arrived after the session was finalised; false: presence under the school's threshold */
  finalised: boolean;
  /** a scan that neither its own position nor the phone's pings put at the place (decision 0552) */
  unwitnessedScan?: boolean;
}

const percent = (c: number | null) => (c === null ? "no" : `${Math.round(c * 100)}%`);

/** What the task says: why the presence was not acted on, and what confirming would give. */
function reviewText(
  name: string,
  meets: string,
  from: string,
  would: string,
  cause: ReviewCause,
  session: ActiveSession,
) {
  const { confidence } = cause;
  if (cause.finalised)
    return `Review: ${name}'s phone reported presence on ${meets} after the session was finalised as ${from} (it would be ${would}; ${percent(confidence)} confidence). Confirm with an override, or leave it.`;
  // a scan nothing put at the place: the code could have been relayed (decision 0552)
  if (cause.unwitnessedScan)
    return `Review: ${name} scanned the event's code on ${meets}, but neither the scan nor their phone put them at the place at the time, so it stays ${from} (it would be ${would}). Look at the evidence; confirm with an override if they were there, or leave it.`;
  // believed, but sent late: a backfill is not presence anyone saw arrive (decision 0551)
  if (confidence !== null && !needsReview(confidence, session.rules.review_threshold))
    return `Review: ${name}'s phone reported presence on ${meets} that reached the server only later, not as it happened, so it stays ${from} (it would be ${would}; ${percent(confidence)} confidence). Look at the evidence; confirm with an override, or leave it.`;
  return `Review: ${name}'s phone reported presence on ${meets} that is believed only ${percent(confidence)}, so it stays ${from} (it would be ${would}). Look at the evidence; confirm with an override, or leave it.`;
}

/**
 * Presence the engine does not act on goes to a person (issue 9): pings that would raise a
 * finished attendance, and presence whose confidence is under the school's threshold. The staff
 * assigned to the course or event (else the school's owners and admins) get one review task per
 * attendance, to confirm with an override (kept in overrides) or close it. A task is unique per
 * user and attendance: the absence follow-up becomes the review. Idempotent.
 */
export async function askForReview(
  db: Db,
  session: ActiveSession,
  row: AttendanceRow,
  to: StatusId,
  cause: ReviewCause,
): Promise<void> {
  const link =
    session.attendable_type === "course"
      ? sql`select user_id from user_course where course_id = ${session.attendable_id}::int`
      : sql`select user_id from user_event where event_id = ${session.attendable_id}::int`;
  const result = await db.execute(sql`
    with assigned as (
      select u.id from users u where u.id in (${link}) and u.school_id = ${session.school_id}::int and u.deleted_at is null
    ), admins as (
      select u.id from users u where u.school_id = ${session.school_id}::int and u.role_id in (2, 3) and u.deleted_at is null
        and not exists (select 1 from assigned)
    )
    select s.first_name, s.last_name, (select json_agg(id) from (select id from assigned union select id from admins) x) as ids
    from students s where s.id = ${row.student_id}::int`);
  const head = (result as unknown as { rows: { first_name: string; last_name: string; ids: unknown }[] }).rows[0];
  if (!head) return;
  const ids = (typeof head.ids === "string" ? JSON.parse(head.ids) : (head.ids ?? [])) as number[];
  if (ids.length === 0) return;
  const from = STATUSES.find((x) => x.id === row.status)?.name ?? String(row.status);
  const would = STATUSES.find((x) => x.id === to)?.name ?? String(to);
  await db
    .insert(tasks)
    .values(
      ids.map((user_id) => ({
        school_id: session.school_id,
        user_id,
        description: reviewText(`${head.first_name} ${head.last_name}`, row.meets, from, would, cause, session),
        taskable_id: row.id,
        taskable_type: "attendance",
      })),
    )
    // the absence follow-up of the same attendance becomes the review (reopened if it was closed)
    .onConflictDoUpdate({
      target: [tasks.user_id, tasks.taskable_type, tasks.taskable_id],
      set: { description: sql`excluded.description`, deleted_at: null },
      // a review staff already closed stays closed
      setWhere: sql`${tasks.description} not like 'Review:%'`,
    });
}
