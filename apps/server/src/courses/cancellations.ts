import { cancellationDateProblem } from "@rollbook/domain";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { cancellations, courses } from "../db/schema/index.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { type PageArgs, paging, sortColumn } from "../graphql/paging.ts";
import { audit, isUniqueViolation } from "../students/bulk.ts";
import { rejudgeCancellation } from "./rejudge-cancellation.ts";

export type CancellationRow = typeof cancellations.$inferSelect;
export const CANCELLATION_NOTES_MAX = 2000;

/** A course's cancellations, newest date first by default (the scope: its course must be visible). */
export async function listCancellations(data: Scoped, courseId: number, args: PageArgs) {
  const p = paging({ ...args, sort_dir: args.sort_dir ?? "desc" });
  const col = sortColumn(args.sort_by, { date: cancellations.date, created_at: cancellations.created_at }, "date");
  return data.page("cancellations", {
    where: eq(cancellations.course_id, courseId),
    orderBy: [p.dir === "asc" ? asc(col) : desc(col), asc(cancellations.id)],
    limit: p.perPage,
    offset: p.offset,
  });
}

/**
 * Calls a class date off: a meeting day of the course within its semester, not cancelled yet.
 * The date's attendance becomes cancelled (decision 0302) and the engines forget their schedules.
 */
export async function createCancellation(
  data: Scoped,
  args: { course_id: number; date: string; notes?: string | null },
): Promise<CancellationRow> {
  const notes = args.notes?.trim() || null;
  if (notes && notes.length > CANCELLATION_NOTES_MAX)
    throw userError(`notes must be at most ${CANCELLATION_NOTES_MAX} characters`, "notes");
  const { row, course } = await data.transaction(async (tx) => {
    const course = await tx.first("courses", eq(courses.id, args.course_id), { forUpdate: true });
    if (!course) throw notFound("Course");
    const problem = cancellationDateProblem(course, args.date);
    if (problem) throw userError(problem, "date");
    const { db } = systemOf(tx);
    const [taken] = await db
      .select({ id: cancellations.id })
      .from(cancellations)
      .where(and(eq(cancellations.course_id, course.id), eq(cancellations.date, args.date)));
    if (taken) throw userError(`date: ${args.date} is already cancelled`, "date");
    let created: CancellationRow | undefined;
    try {
      [created] = await db.insert(cancellations).values({ course_id: course.id, date: args.date, notes }).returning();
    } catch (e) {
      if (isUniqueViolation(e, "cancellations_course_date"))
        throw userError(`date: ${args.date} is already cancelled`, "date");
      throw e;
    }
    if (!created) throw new Error("cancellation insert returned nothing");
    await audit(
      tx,
      "cancellation.create",
      [{ id: created.id, data: { course_id: course.id, date: args.date } }],
      "cancellation",
    );
    return { row: created, course };
  });
  await rejudgeCancellation(data, course, row.date, true);
  return row;
}

/** Takes a cancellation back: the date's attendance is judged again as if it had never been. */
export async function removeCancellation(data: Scoped, id: number): Promise<CancellationRow> {
  const { row, course } = await data.transaction(async (tx) => {
    const found = await tx.first("cancellations", eq(cancellations.id, id), { forUpdate: true });
    if (!found) throw notFound("Cancellation");
    const course = await tx.first("courses", eq(courses.id, found.course_id));
    if (!course) throw notFound("Cancellation");
    await systemOf(tx).db.delete(cancellations).where(eq(cancellations.id, found.id));
    await audit(
      tx,
      "cancellation.remove",
      [{ id: found.id, data: { course_id: course.id, date: found.date } }],
      "cancellation",
    );
    return { row: found, course };
  });
  await rejudgeCancellation(data, course, row.date, false);
  return row;
}
