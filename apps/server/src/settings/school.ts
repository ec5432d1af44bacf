import { and, eq, isNull } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { schools, students } from "../db/schema/index.ts";
import { forgetStudent } from "../engine/state.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { audit } from "../students/bulk.ts";
import { cleanSchoolFields, type SchoolFields } from "./fields.ts";

export type SchoolRow = typeof schools.$inferSelect;

/** Fields whose change moves sessions or their judgement: every engine forgets its schedules. */
const SCHEDULE_FIELDS = ["late_time", "absent_time", "leave_time", "timezone"];

/**
 * The school Settings edits is the viewer's current one: another id is NOT_FOUND, also for
 * role 1 (who switches school first, as for every other page of a school).
 */
async function currentSchool(data: Scoped, id: number, forUpdate = false): Promise<SchoolRow> {
  if (id !== data.viewer.schoolId) throw notFound("School");
  const school = await data.first("schools", eq(schools.id, id), { forUpdate });
  if (!school) throw notFound("School");
  return school;
}

/**
 * The School tab (issue 13): every field of spec section 3, each error naming its field.
 * student_cap may not go below the school's active participants (creating past it is refused
 * by students/write.ts).
 */
export async function updateSchool(data: Scoped, args: SchoolFields & { id: number }): Promise<SchoolRow> {
  const { id, ...input } = args;
  const row = await data.transaction(async (tx) => {
    const before = await currentSchool(tx, id, true);
    const values = cleanSchoolFields(input, before);
    if (values.student_cap !== undefined && values.student_cap !== null) {
      const active = await systemOf(tx).db.$count(
        students,
        and(eq(students.school_id, before.id), isNull(students.deleted_at)),
      );
      if (values.student_cap < active)
        throw userError(`student_cap must be at least the school's ${active} active participants`, "student_cap");
    }
    const changed = Object.keys(values);
    if (changed.length === 0) return before;
    const [updated] = await tx.update("schools", eq(schools.id, before.id), { ...values, updated_at: new Date() });
    if (!updated) throw new Error("school vanished during update");
    await audit(tx, "school.update", [{ id: updated.id, data: { fields: changed } }], "school");
    return updated;
  });
  if (Object.keys(input).some((k) => SCHEDULE_FIELDS.includes(k))) forgetStudent(systemOf(data).s);
  return row;
}

/**
 * A new school (role 1 only: the route's scope): name required, the other fields as in
 * updateSchool with the database's defaults. Role 1 reaches it with switchSchool.
 */
export async function createSchool(data: Scoped, input: SchoolFields): Promise<SchoolRow> {
  if (input.name === undefined) throw userError("name is required", "name");
  const values = cleanSchoolFields(input, { late_time: 5, absent_time: 15 });
  return data.transaction(async (tx) => {
    const [created] = await systemOf(tx)
      .db.insert(schools)
      .values({ ...values, name: values.name as string })
      .returning();
    if (!created) throw new Error("school insert returned nothing");
    await audit(tx, "school.create", [{ id: created.id }], "school");
    return created;
  });
}
