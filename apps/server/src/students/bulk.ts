import { inArray } from "drizzle-orm";
import { GraphQLError } from "graphql";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { auditLog, students } from "../db/schema/index.ts";
import { notFound, userError } from "../graphql/builder.ts";

export type StudentRow = typeof students.$inferSelect;

/** What a bulk call answers: the students it changed (those already in the asked state are not). */
export interface BulkResult {
  student_ids: number[];
}

export const MAX_BULK_IDS = 1000;

/** Distinct ids in the order given; at most MAX_BULK_IDS. */
export function bulkIds(ids: readonly number[], field = "student_ids"): number[] {
  const out = [...new Set(ids)];
  if (out.length > MAX_BULK_IDS) throw userError(`${field}: at most ${MAX_BULK_IDS} participants at a time`, field);
  return out;
}

export const unseenStudent = (id: number, field = "student_ids") =>
  userError(`${field}: ${id} is not a participant you can see`, field);

/**
 * Locks the students (the viewer's scope, removed ones included) in the order given, inside a
 * transaction. All or nothing: an id the viewer may not see (or of another school) refuses the
 * whole call, naming it. `single`: one student by id, answered "Student not found" instead.
 */
export async function lockStudents(
  tx: Scoped,
  ids: readonly number[],
  opts: { single?: boolean; active?: boolean } = {},
): Promise<StudentRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx.rows("students", { where: inArray(students.id, [...ids]), forUpdate: true });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: StudentRow[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) throw opts.single ? notFound("Student") : unseenStudent(id);
    if (opts.active && row.deleted_at) {
      throw opts.single
        ? userError("The participant is removed: restore it first", "id")
        : userError(`student_ids: ${id} is a removed participant: restore it first`, "student_ids");
    }
    out.push(row);
  }
  return out;
}

/** One audit row per changed subject, in one statement. */
export async function audit(
  data: Scoped,
  action: string,
  subjects: readonly { id: number; data?: unknown }[],
  subjectType = "student",
) {
  if (subjects.length === 0) return;
  const v = data.viewer;
  const { db } = systemOf(data);
  await db.insert(auditLog).values(
    subjects.map((x) => ({
      school_id: v.schoolId,
      user_id: v.user.id,
      impersonator_id: v.impersonatorId,
      action,
      subject_type: subjectType,
      subject_id: x.id,
      data: x.data ?? null,
    })),
  );
}

/**
 * Tells connected staff who may see them that these students changed (the hub filters by
 * student). Stored already: a lost push only delays a browser's refresh.
 */
export async function publishStudents(data: Scoped, ids: readonly number[]) {
  if (ids.length === 0) return;
  const { s } = systemOf(data);
  try {
    await s.bus.publish({
      type: "student.update",
      school_id: data.viewer.schoolId,
      ids: [...ids],
      student_ids: [...ids],
    });
  } catch (err) {
    s.log.warn({ err }, "student push failed");
  }
}

/** Postgres unique violation of a named index (PGlite reports it the same way). */
export function isUniqueViolation(err: unknown, index: string): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    const x = e as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (x.code === "23505" && (x.constraint === index || x.message?.includes(index))) return true;
    e = x.cause;
  }
  return false;
}

export const forbiddenField = (field: string, flag: string) =>
  new GraphQLError(`You are not allowed to set ${field} (needs ${flag}).`, {
    extensions: { code: "FORBIDDEN", field },
  });
