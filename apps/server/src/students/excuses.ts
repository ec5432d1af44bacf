import { DATE_PROBLEM, isValidDate } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { courses, events, excuses, students } from "../db/schema/index.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { audit, publishStudents } from "./bulk.ts";
import { attendableOf } from "./reads.ts";
import { rejudgeExcused } from "./rejudge.ts";

export type ExcuseRow = typeof excuses.$inferSelect;
export const EXCUSE_NOTES_MAX = 2000;

type AttendableType = "course" | "event";
const isAttendableType = (t: string): t is AttendableType => t === "course" || t === "event";

/** The course's or event's title; "-" for an excuse of the whole day (or one no longer there). */
export async function excuseTitle(data: Scoped, e: ExcuseRow): Promise<string> {
  if (e.attendable_id === null || e.attendable_type === null) return "-";
  return (await attendableOf(data, e.attendable_type, e.attendable_id))?.title ?? "-";
}

function cleanNotes(notes: string | null | undefined): string | null | undefined {
  if (notes === undefined) return undefined;
  const v = notes?.trim() ?? "";
  if (v.length > EXCUSE_NOTES_MAX) throw userError(`notes must be at most ${EXCUSE_NOTES_MAX} characters`, "notes");
  return v || null;
}

function checkDate(date: string): string {
  if (!isValidDate(date)) throw userError(`date ${DATE_PROBLEM}`, "date");
  return date;
}

/** The course or event must be one the viewer may see; the student must be on it (enrolled or signed up). */
async function checkAttendable(tx: Scoped, type: string, id: number): Promise<AttendableType> {
  if (!isAttendableType(type)) throw userError("attendable_type must be course or event", "attendable_type");
  const found =
    type === "course" ? await tx.first("courses", eq(courses.id, id)) : await tx.first("events", eq(events.id, id));
  if (!found) throw userError(`attendable_id: ${id} is not a ${type} you can see`, "attendable_id");
  return type;
}

export async function createExcuse(
  data: Scoped,
  args: { student_id: number; date: string; attendable_id: number; attendable_type: string; notes?: string | null },
): Promise<ExcuseRow> {
  const row = await data.transaction(async (tx) => {
    const student = await tx.first("students", eq(students.id, args.student_id));
    if (!student) throw notFound("Student");
    const type = await checkAttendable(tx, args.attendable_type, args.attendable_id);
    const date = checkDate(args.date);
    const notes = cleanNotes(args.notes) ?? null;
    const { db } = systemOf(tx);
    const [created] = await db
      .insert(excuses)
      .values({
        school_id: student.school_id,
        student_id: student.id,
        date,
        notes,
        attendable_id: args.attendable_id,
        attendable_type: type,
        created_by: data.viewer.user.id,
      })
      .returning();
    if (!created) throw new Error("excuse insert returned nothing");
    await audit(tx, "excuse.create", [{ id: created.id, data: { student_id: student.id, date } }], "excuse");
    return created;
  });
  await rejudgeExcused(data, row.student_id, [row]);
  await publishStudents(data, [row.student_id]);
  return row;
}

export async function updateExcuse(
  data: Scoped,
  args: {
    id: number;
    date?: string | null;
    attendable_id?: number | null;
    attendable_type?: string | null;
    notes?: string | null;
  },
): Promise<ExcuseRow> {
  const result = await data.transaction(async (tx) => {
    const before = await tx.first("excuses", eq(excuses.id, args.id), { forUpdate: true });
    if (!before) throw notFound("Excuse");
    const set: Partial<ExcuseRow> = {};
    if (args.date != null) set.date = checkDate(args.date);
    const notes = cleanNotes(args.notes);
    if (notes !== undefined) set.notes = notes;
    if (args.attendable_id != null || args.attendable_type != null) {
      const id = args.attendable_id ?? before.attendable_id;
      const type = args.attendable_type ?? before.attendable_type;
      if (id === null) throw userError("attendable_id is required with attendable_type", "attendable_id");
      if (type === null) throw userError("attendable_type is required with attendable_id", "attendable_type");
      set.attendable_type = await checkAttendable(tx, type, id);
      set.attendable_id = id;
    }
    if (Object.keys(set).length === 0) return { before, after: before };
    const { db } = systemOf(tx);
    const [after] = await db.update(excuses).set(set).where(eq(excuses.id, before.id)).returning();
    await audit(tx, "excuse.update", [{ id: before.id, data: { fields: Object.keys(set) } }], "excuse");
    return { before, after: after ?? before };
  });
  if (result.after !== result.before) {
    await rejudgeExcused(data, result.after.student_id, [result.before, result.after]);
    await publishStudents(data, [result.after.student_id]);
  }
  return result.after;
}

export async function removeExcuse(data: Scoped, id: number): Promise<ExcuseRow> {
  const row = await data.transaction(async (tx) => {
    const found = await tx.first("excuses", eq(excuses.id, id), { forUpdate: true });
    if (!found) throw notFound("Excuse");
    const { db } = systemOf(tx);
    const [removed] = await db
      .update(excuses)
      .set({ deleted_at: new Date() })
      .where(eq(excuses.id, found.id))
      .returning();
    await audit(tx, "excuse.remove", [{ id: found.id }], "excuse");
    return removed ?? found;
  });
  await rejudgeExcused(data, row.student_id, [row]);
  await publishStudents(data, [row.student_id]);
  return row;
}
