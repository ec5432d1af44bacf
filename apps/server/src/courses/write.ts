import { type CourseInput, CourseInputError, cleanCourseInput, type SchoolThresholds } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { courses, locations } from "../db/schema/index.ts";
import { forgetStudent } from "../engine/state.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { publishRow } from "../realtime/publish-row.ts";
import { schoolThresholds } from "../settings/school-thresholds.ts";
import { audit } from "../students/bulk.ts";

export type CourseRow = typeof courses.$inferSelect;

/** Fields whose change moves sessions: every engine forgets its schedules (decision 0540). */
const SCHEDULE_FIELDS = [
  "start_time",
  "end_time",
  "semester_start",
  "semester_end",
  "is_indefinite",
  "meet_sun",
  "meet_mon",
  "meet_tue",
  "meet_wed",
  "meet_thu",
  "meet_fri",
  "meet_sat",
  "location_id",
  "manual_attendance",
  "late_time",
  "absent_time",
  "min_percentage",
];

function clean(input: CourseInput, before: CourseRow | null, school: SchoolThresholds | null): CourseInput {
  try {
    return cleanCourseInput(input, before, school);
  } catch (e) {
    if (e instanceof CourseInputError) throw userError(e.message, e.field);
    throw e;
  }
}

async function checkLocation(tx: Scoped, id: number | null | undefined) {
  if (id === undefined || id === null) return;
  if (!(await tx.first("locations", eq(locations.id, id))))
    throw userError(`location_id: ${id} is not a location you can see`, "location_id");
}

const forgetAll = (data: Scoped) => forgetStudent(systemOf(data).s);

export async function createCourse(data: Scoped, input: CourseInput): Promise<CourseRow> {
  const values = clean(input, null, await schoolThresholds(data, data.viewer.schoolId));
  const row = await data.transaction(async (tx) => {
    await checkLocation(tx, values.location_id);
    const { db } = systemOf(tx);
    const [created] = await db
      .insert(courses)
      .values({ ...(values as typeof courses.$inferInsert), school_id: tx.viewer.schoolId })
      .returning();
    if (!created) throw new Error("course insert returned nothing");
    await audit(tx, "course.create", [{ id: created.id }], "course");
    return created;
  });
  forgetAll(data);
  await publishRow(data, "course.update", row);
  return row;
}

/** Changes the fields given; `is_archived` archives or unarchives. A removed course is read-only. */
export async function updateCourse(data: Scoped, id: number, input: CourseInput): Promise<CourseRow> {
  const { row, changed } = await data.transaction(async (tx) => {
    const before = await tx.first("coursesAnyState", eq(courses.id, id), { forUpdate: true });
    if (!before) throw notFound("Course");
    if (before.deleted_at) throw userError("The course is removed: restore it first", "id");
    const set = clean(input, before, await schoolThresholds(tx, before.school_id));
    await checkLocation(tx, set.location_id);
    if (Object.keys(set).length === 0) return { row: before, changed: false };
    const { db } = systemOf(tx);
    const [after] = await db
      .update(courses)
      .set({ ...(set as Partial<CourseRow>), updated_at: new Date() })
      .where(eq(courses.id, before.id))
      .returning();
    await audit(tx, "course.update", [{ id: before.id, data: { fields: Object.keys(set) } }], "course");
    return { row: after ?? before, changed: true };
  });
  if (Object.keys(input).some((k) => SCHEDULE_FIELDS.includes(k))) forgetAll(data);
  // open pages showing the course (its page, the lists, the dashboard, students' pages) refetch
  if (changed) await publishRow(data, "course.update", row);
  return row;
}

/**
 * Soft removal (deleted_at): the course leaves lists, schedules and the engine; its attendance,
 * cancellations and enrolments stay for reports and a restore.
 */
export async function removeCourse(data: Scoped, id: number): Promise<CourseRow> {
  return setRemoved(data, id, true);
}

export async function restoreCourse(data: Scoped, id: number): Promise<CourseRow> {
  return setRemoved(data, id, false);
}

async function setRemoved(data: Scoped, id: number, removed: boolean): Promise<CourseRow> {
  const { row, changed } = await data.transaction(async (tx) => {
    const found = await tx.first("coursesAnyState", eq(courses.id, id), { forUpdate: true });
    if (!found) throw notFound("Course");
    if ((found.deleted_at !== null) === removed) return { row: found, changed: false };
    const { db } = systemOf(tx);
    const [after] = await db
      .update(courses)
      .set({ deleted_at: removed ? new Date() : null, updated_at: new Date() })
      .where(eq(courses.id, found.id))
      .returning();
    await audit(tx, removed ? "course.remove" : "course.restore", [{ id: found.id }], "course");
    return { row: after ?? found, changed: true };
  });
  forgetAll(data);
  if (changed) await publishRow(data, "course.update", row);
  return row;
}
