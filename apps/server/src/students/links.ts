import { and, eq, inArray } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { courses, events, studentCourse, studentEvent, studentTeam, teams } from "../db/schema/index.ts";
import { forgetStudent } from "../engine/state.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { audit, type BulkResult, bulkIds, lockStudents, publishStudents } from "./bulk.ts";

/**
 * Bulk links of participants to a course, team or event. All or nothing: the target must be
 * visible to the viewer (else NOT_FOUND naming it), every student too (else the id is named);
 * students already linked are not "changed". Enrolments reach the engine at once (decision 0540).
 */
async function finish(data: Scoped, changed: number[]): Promise<BulkResult> {
  const { s } = systemOf(data);
  for (const id of changed) forgetStudent(s, id);
  await publishStudents(data, changed);
  return { student_ids: changed };
}

export async function addCourseToStudents(data: Scoped, courseId: number, ids: readonly number[]): Promise<BulkResult> {
  const list = bulkIds(ids);
  const changed = await data.transaction(async (tx) => {
    const course = await tx.first("courses", eq(courses.id, courseId));
    if (!course) throw notFound("Course");
    const rows = await lockStudents(tx, list, { active: true });
    if (rows.length === 0) return [];
    const { db } = systemOf(tx);
    const added = await db
      .insert(studentCourse)
      .values(rows.map((r) => ({ student_id: r.id, course_id: course.id })))
      .onConflictDoNothing()
      .returning({ id: studentCourse.student_id });
    const changed = added.map((a) => a.id);
    await audit(
      tx,
      "student.add_course",
      changed.map((id) => ({ id, data: { course_id: course.id } })),
    );
    return changed;
  });
  return finish(data, changed);
}

export async function addStudentsToTeam(data: Scoped, teamId: number, ids: readonly number[]): Promise<BulkResult> {
  const list = bulkIds(ids);
  const changed = await data.transaction(async (tx) => {
    const team = await tx.first("teams", eq(teams.id, teamId));
    if (!team) throw notFound("Team");
    const rows = await lockStudents(tx, list, { active: true });
    if (rows.length === 0) return [];
    const { db } = systemOf(tx);
    const added = await db
      .insert(studentTeam)
      .values(rows.map((r) => ({ student_id: r.id, team_id: team.id })))
      .onConflictDoNothing()
      .returning({ id: studentTeam.student_id });
    const changed = added.map((a) => a.id);
    await audit(
      tx,
      "student.add_team",
      changed.map((id) => ({ id, data: { team_id: team.id } })),
    );
    return changed;
  });
  return finish(data, changed);
}

/**
 * Signs students up for an event. Past its capacity they go on the waitlist, in the order given
 * (the event row is locked, so two calls do not both take the last seat). A team-restricted
 * event (restricted_by) takes only that team's students: others are refused by id.
 */
export async function addStudentsToEvent(data: Scoped, eventId: number, ids: readonly number[]): Promise<BulkResult> {
  const list = bulkIds(ids);
  const changed = await data.transaction(async (tx) => {
    const event = await tx.first("events", eq(events.id, eventId), { forUpdate: true });
    if (!event) throw notFound("Event");
    const rows = await lockStudents(tx, list, { active: true });
    if (rows.length === 0) return [];
    const { db } = systemOf(tx);
    const already = new Set(
      (
        await db
          .select({ id: studentEvent.student_id })
          .from(studentEvent)
          .where(
            and(
              eq(studentEvent.event_id, event.id),
              inArray(
                studentEvent.student_id,
                rows.map((r) => r.id),
              ),
            ),
          )
      ).map((r) => r.id),
    );
    const todo = rows.filter((r) => !already.has(r.id));
    if (todo.length === 0) return [];
    if (event.restricted_by !== null) {
      const members = new Set(
        (
          await db
            .select({ id: studentTeam.student_id })
            .from(studentTeam)
            .where(
              and(
                eq(studentTeam.team_id, event.restricted_by),
                inArray(
                  studentTeam.student_id,
                  todo.map((r) => r.id),
                ),
              ),
            )
        ).map((r) => r.id),
      );
      const outside = todo.filter((r) => !members.has(r.id)).map((r) => r.id);
      if (outside.length)
        throw userError(
          `student_ids: ${outside.join(", ")} ${outside.length === 1 ? "is" : "are"} not on the team this event is restricted to`,
          "student_ids",
        );
    }
    let seated = 0;
    if (event.capacity !== null) {
      seated = await db.$count(
        studentEvent,
        and(eq(studentEvent.event_id, event.id), eq(studentEvent.in_waitlist, false)),
      );
    }
    const values = todo.map((r) => {
      const waitlisted = event.capacity !== null && seated >= event.capacity;
      if (!waitlisted) seated++;
      return { student_id: r.id, event_id: event.id, in_waitlist: waitlisted };
    });
    // created_at keeps the order given: the waitlist is served first come, first served
    const base = Date.now();
    const added = await db
      .insert(studentEvent)
      .values(values.map((v, i) => ({ ...v, created_at: new Date(base + i) })))
      .onConflictDoNothing()
      .returning({ id: studentEvent.student_id, in_waitlist: studentEvent.in_waitlist });
    await audit(
      tx,
      "student.add_event",
      added.map((a) => ({ id: a.id, data: { event_id: event.id, in_waitlist: a.in_waitlist } })),
    );
    return added.map((a) => a.id);
  });
  return finish(data, changed);
}
