import { eventFullMessage } from "@rollbook/domain";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { byName } from "../db/collation.ts";
import { attendance, events, studentEvent, students, teams } from "../db/schema/index.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { audit, type BulkResult, lockStudents } from "../students/bulk.ts";
import { addStudentsToEvent } from "../students/links.ts";
import type { StudentEventView } from "../students/reads.ts";
import { eventChanged } from "./publish.ts";
import { seatedCount } from "./write.ts";

/**
 * Gives a waitlisted student a seat when the capacity allows (staff choose whom: the automatic
 * moves on a freed seat or a larger capacity serve the waitlist in order). Refused naming
 * event_id when full, student_id when the student is not waitlisted there.
 */
export async function upgradeStudent(data: Scoped, eventId: number, studentId: number): Promise<StudentEventView> {
  const event = await data.transaction(async (tx) => {
    const event = await tx.first("events", eq(events.id, eventId), { forUpdate: true });
    if (!event) throw notFound("Event");
    const [student] = await lockStudents(tx, [studentId], { single: true, active: true });
    const { db } = systemOf(tx);
    const where = and(eq(studentEvent.event_id, event.id), eq(studentEvent.student_id, (student as { id: number }).id));
    const [link] = await db.select().from(studentEvent).where(where);
    if (!link) throw userError("The participant is not on this event's waitlist", "student_id");
    if (!link.in_waitlist) throw userError("The participant already has a seat at this event", "student_id");
    const seated = await seatedCount(tx, event.id);
    if (event.capacity !== null && seated >= event.capacity)
      throw userError(eventFullMessage(event.capacity, seated), "event_id");
    await db.update(studentEvent).set({ in_waitlist: false }).where(where);
    await audit(tx, "student.upgrade_event", [{ id: studentId, data: { event_id: event.id } }]);
    return event;
  });
  await eventChanged(data, event.id, [studentId]);
  const row = await data.first(
    "attendance",
    and(
      eq(attendance.attendable_type, "event"),
      eq(attendance.attendable_id, event.id),
      eq(attendance.meets, event.date),
      eq(attendance.student_id, studentId),
    ),
  );
  return { event, in_waitlist: false, status: row?.status ?? null };
}

/**
 * Signs every live student of the team the viewer sees up for the event, through
 * addStudentsToEvent (all or nothing, capacity then waitlist, at most 1000). An event restricted
 * to another team refuses the call naming team_id when any member is not on that team.
 */
export async function addTeamToEvent(data: Scoped, teamId: number, eventId: number): Promise<BulkResult> {
  const team = await data.first("teams", eq(teams.id, teamId));
  if (!team) throw notFound("Team");
  const event = await data.first("events", eq(events.id, eventId));
  if (!event) throw notFound("Event");
  const members = await data.rows("students", {
    where: and(
      isNull(students.deleted_at),
      sql`${students.id} in (select student_id from student_team where team_id = ${team.id})`,
    ),
    orderBy: [asc(byName(students.last_name)), asc(byName(students.first_name)), asc(students.id)],
  });
  if (event.restricted_by !== null && event.restricted_by !== team.id) {
    const outside = await data.count(
      "students",
      and(
        isNull(students.deleted_at),
        sql`${students.id} in (select student_id from student_team where team_id = ${team.id})`,
        sql`${students.id} not in (select student_id from student_team where team_id = ${event.restricted_by})`,
      ),
    );
    if (outside > 0)
      throw userError(
        `team_id: ${outside} of the team's participants ${outside === 1 ? "is" : "are"} not on the team this event is restricted to`,
        "team_id",
      );
  }
  return addStudentsToEvent(
    data,
    event.id,
    members.map((m) => m.id),
  );
}
