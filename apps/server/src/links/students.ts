import { and, eq, inArray } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { courses, events, studentCourse, studentEvent, studentTeam, teams } from "../db/schema/index.ts";
import { forgetStudent } from "../engine/state.ts";
import { notFound } from "../graphql/builder.ts";
import { audit, type BulkResult, bulkIds, lockStudents, publishStudents } from "../students/bulk.ts";
import { addCourseToStudents, addStudentsToEvent, addStudentsToTeam } from "../students/links.ts";
import {
  addStudentsToTravel,
  lockTravelListing,
  refuseTravelLeftWithoutStudents,
  removeStudentsFromTravel,
} from "../teams/travel-students.ts";
import { studentLinkType } from "./kinds.ts";
import { promoteWaitlist } from "./waitlist.ts";

/**
 * The generic attach of spec section 7: students to a course, event, team or travel, each with
 * the rule of its specific call (capacity and waitlist, team restriction, travel on its team).
 */
export async function attachStudents(
  data: Scoped,
  type: string,
  id: number,
  ids: readonly number[],
): Promise<BulkResult> {
  switch (studentLinkType(data, type)) {
    case "course":
      return addCourseToStudents(data, id, ids);
    case "event":
      return addStudentsToEvent(data, id, ids);
    case "team":
      return addStudentsToTeam(data, id, ids);
    case "travel":
      return { student_ids: await addStudentsToTravel(data, id, ids) };
  }
}

/**
 * The generic detach: all or nothing (every student visible, else named), only links that
 * existed are "changed". Leaving an event frees a seat for the first of its waitlist. Leaving a
 * team is refused while a travel of the team would then list none of its students (decision
 * 0705). The engine forgets the students at once (decision 0540).
 */
export async function detachStudents(
  data: Scoped,
  type: string,
  id: number,
  ids: readonly number[],
): Promise<BulkResult> {
  const kind = studentLinkType(data, type);
  if (kind === "travel") return { student_ids: await removeStudentsFromTravel(data, id, ids) };
  const list = bulkIds(ids);
  const { changed, promoted } = await data.transaction(async (tx) => {
    const { db } = systemOf(tx);
    let promoted: number[] = [];
    let removed: number[];
    if (kind === "course") {
      const course = await tx.first("courses", eq(courses.id, id));
      if (!course) throw notFound("Course");
      const rows = (await lockStudents(tx, list)).map((r) => r.id);
      removed = rows.length
        ? (
            await db
              .delete(studentCourse)
              .where(and(eq(studentCourse.course_id, course.id), inArray(studentCourse.student_id, rows)))
              .returning({ id: studentCourse.student_id })
          ).map((r) => r.id)
        : [];
    } else if (kind === "team") {
      const team = await tx.first("teams", eq(teams.id, id));
      if (!team) throw notFound("Team");
      // a travel of the team must keep someone of the team: refused, naming it (decision 0705)
      const listing = await lockTravelListing(tx, team.id, list);
      const locked = await lockStudents(tx, list);
      await refuseTravelLeftWithoutStudents(tx, team, locked, listing);
      const rows = locked.map((r) => r.id);
      removed = rows.length
        ? (
            await db
              .delete(studentTeam)
              .where(and(eq(studentTeam.team_id, team.id), inArray(studentTeam.student_id, rows)))
              .returning({ id: studentTeam.student_id })
          ).map((r) => r.id)
        : [];
    } else {
      const event = await tx.first("events", eq(events.id, id), { forUpdate: true });
      if (!event) throw notFound("Event");
      const rows = (await lockStudents(tx, list)).map((r) => r.id);
      const gone = rows.length
        ? await db
            .delete(studentEvent)
            .where(and(eq(studentEvent.event_id, event.id), inArray(studentEvent.student_id, rows)))
            .returning({ id: studentEvent.student_id, in_waitlist: studentEvent.in_waitlist })
        : [];
      removed = gone.map((r) => r.id);
      if (gone.some((g) => !g.in_waitlist)) promoted = await promoteWaitlist(tx, event);
    }
    await audit(
      tx,
      `student.remove_${kind}`,
      removed.map((sid) => ({ id: sid, data: { [`${kind}_id`]: id } })),
    );
    return { changed: removed, promoted };
  });
  const { s } = systemOf(data);
  for (const sid of [...changed, ...promoted]) forgetStudent(s, sid);
  await publishStudents(data, [...changed, ...promoted]);
  return { student_ids: changed };
}
