import { desc, eq } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { notes, students } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { paging } from "../graphql/paging.ts";
import { publishStudents } from "./bulk.ts";
import { findStudentByUuid, isUuid } from "./reads.ts";

export type NoteRow = typeof notes.$inferSelect;
export const NOTE_MAX = 5000;

/**
 * The notes on a student the viewer may see (removed students too), newest first. A student the
 * viewer may not see (or a uuid of nobody) has no notes for them: an empty page, like a list
 * filtered by a row one cannot see.
 */
export async function notesOf(
  data: Scoped,
  studentUuid: string,
  args: { page?: number | null; per_page?: number | null },
): Promise<{ data: NoteRow[]; total: number }> {
  const p = paging(args);
  const student = isUuid(studentUuid)
    ? await data.first("students", eq(students.uuid, studentUuid.toLowerCase()))
    : null;
  if (!student) return { data: [], total: 0 };
  return data.page("notes", {
    where: eq(notes.student_id, student.id),
    orderBy: [desc(notes.created_at), desc(notes.id)],
    limit: p.perPage,
    offset: p.offset,
  });
}

/** Anyone who may see an active student may note something on them; the note is theirs. */
export async function createNote(data: Scoped, studentUuid: string, message: string): Promise<NoteRow> {
  const text = message.trim();
  if (!text) throw userError("message is required", "message");
  if (text.length > NOTE_MAX) throw userError(`message must be at most ${NOTE_MAX} characters`, "message");
  const student = await findStudentByUuid(data, studentUuid);
  if (student.deleted_at) throw userError("The participant is removed: restore it first", "student_uuid");
  const { db } = systemOf(data);
  const [row] = await db
    .insert(notes)
    .values({ student_id: student.id, user_id: data.viewer.user.id, message: text })
    .returning();
  if (!row) throw new Error("note insert returned nothing");
  await publishStudents(data, [student.id]);
  return row;
}
