import {
  cleanStudentInput,
  DEMOGRAPHIC_FIELDS,
  localDate,
  newOfflineSecret,
  newStudentToken,
  type StudentInput,
  seesAssignedOnly,
} from "@rollbook/domain";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import type { Db } from "../db/client.ts";
import { schools, students, userStudent } from "../db/schema/index.ts";
import { signOutResetPhones } from "../device/token-reset.ts";
import { forgetStudent } from "../engine/state.ts";
import { userError } from "../graphql/builder.ts";
import {
  audit,
  type BulkResult,
  bulkIds,
  forbiddenField,
  isUniqueViolation,
  lockStudents,
  publishStudents,
  type StudentRow,
} from "./bulk.ts";

const TOKEN_ATTEMPTS = 8;

/** The school row, locked: creates and restores of one school take turns, so student_cap holds. */
async function lockedSchool(db: Db, schoolId: number) {
  const [school] = await db.select().from(schools).where(eq(schools.id, schoolId)).for("update");
  if (!school) throw new Error(`school ${schoolId} not found`);
  return school;
}

/** Refuses going past the school's student_cap (active participants); a top-level error (decision 0600). */
async function checkCap(db: Db, school: { id: number; student_cap: number | null }, adding: number) {
  if (school.student_cap === null || adding === 0) return;
  const active = await db.$count(students, and(eq(students.school_id, school.id), isNull(students.deleted_at)));
  if (active + adding > school.student_cap)
    throw userError(
      `student_cap reached: the school may have at most ${school.student_cap} participants (it has ${active})`,
    );
}

/**
 * Cleans the input. Without view_information a demographic field with a value is FORBIDDEN,
 * naming it; one sent empty (null) is left out: the caller cannot see it, so it stays as it is.
 */
function checked(data: Scoped, input: StudentInput, creating: boolean, timezone: string): StudentInput {
  let given = input;
  if (!data.viewer.permissions.view_information) {
    given = { ...input };
    for (const f of DEMOGRAPHIC_FIELDS) {
      if (given[f] === undefined) continue;
      if (given[f] !== null) throw forbiddenField(f, "view_information");
      delete given[f];
    }
  }
  const r = cleanStudentInput(given, { creating, today: localDate(new Date(), timezone) });
  if (!r.ok) throw userError(r.error.message, r.error.field);
  return r.value;
}

async function identifierTaken(db: Db, schoolId: number, identifier: string, exceptId?: number) {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.school_id, schoolId),
        eq(students.school_identifier, identifier),
        exceptId === undefined ? undefined : ne(students.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const identifierConflict = () =>
  userError("school_identifier is already used by another participant of the school", "school_identifier");

/** A token no student (of any school) has: tokens sign in without naming the school. */
async function freshToken(db: Db, pattern: string): Promise<string> {
  for (let i = 0; i < TOKEN_ATTEMPTS; i++) {
    const token = newStudentToken(pattern);
    const [taken] = await db.select({ id: students.id }).from(students).where(eq(students.token, token)).limit(1);
    if (!taken) return token;
  }
  throw userError("token_pattern leaves too few tokens free: ask an administrator to widen it");
}

/**
 * A new participant in the viewer's school: a token from the school's token_pattern and a new
 * offline-code secret; refused past student_cap and when school_identifier is taken.
 */
export async function createStudent(data: Scoped, input: StudentInput): Promise<StudentRow> {
  const v = data.viewer;
  const row = await data.transaction(async (tx) => {
    const { db } = systemOf(tx);
    const school = await lockedSchool(db, v.schoolId);
    const value = checked(tx, input, true, school.timezone);
    await checkCap(db, school, 1);
    if (value.school_identifier && (await identifierTaken(db, school.id, value.school_identifier)))
      throw identifierConflict();
    const token = await freshToken(db, school.token_pattern);
    const [created] = await db
      .insert(students)
      .values({
        ...(value as Required<Pick<StudentInput, "first_name" | "last_name">> & StudentInput),
        first_name: value.first_name as string,
        last_name: value.last_name as string,
        school_id: school.id,
        token,
        offline_code: newOfflineSecret(),
      })
      .returning()
      .catch((err) => {
        if (isUniqueViolation(err, "students_school_identifier")) throw identifierConflict();
        throw err;
      });
    if (!created) throw new Error("student insert returned nothing");
    // roles 5-9 see the students linked to them: the one they add is theirs, or they would lose it at once
    if (seesAssignedOnly(v.roleId))
      await db.insert(userStudent).values({ user_id: v.user.id, student_id: created.id }).onConflictDoNothing();
    await audit(tx, "student.create", [{ id: created.id }]);
    return created;
  });
  await publishStudents(data, [row.id]);
  return row;
}

/** Changes the fields given of a participant the viewer may see (not a removed one). */
export async function updateStudent(data: Scoped, id: number, input: StudentInput): Promise<StudentRow> {
  const v = data.viewer;
  const row = await data.transaction(async (tx) => {
    const [student] = await lockStudents(tx, [id], { single: true, active: true });
    if (!student) throw new Error("unreachable");
    const { db } = systemOf(tx);
    const [school] = await db.select({ timezone: schools.timezone }).from(schools).where(eq(schools.id, v.schoolId));
    const value = checked(tx, input, false, school?.timezone ?? "UTC");
    const changed = Object.keys(value).filter(
      (k) => (student as Record<string, unknown>)[k] !== (value as Record<string, unknown>)[k],
    );
    if (changed.length === 0) return { student, changed: false };
    if (
      value.school_identifier &&
      value.school_identifier !== student.school_identifier &&
      (await identifierTaken(db, student.school_id, value.school_identifier, student.id))
    )
      throw identifierConflict();
    const [updated] = await db
      .update(students)
      .set({ ...value, updated_at: new Date() } as Partial<StudentRow>)
      .where(eq(students.id, student.id))
      .returning()
      .catch((err) => {
        if (isUniqueViolation(err, "students_school_identifier")) throw identifierConflict();
        throw err;
      });
    await audit(tx, "student.update", [{ id: student.id, data: { fields: changed } }]);
    return { student: updated ?? student, changed: true };
  });
  if (row.changed) await publishStudents(data, [row.student.id]);
  return row.student;
}

/**
 * Removes participants (deleted_at): all or nothing; those already removed are not "changed".
 * Their history stays; they leave the default (active) lists.
 */
export async function removeStudents(data: Scoped, ids: readonly number[]): Promise<BulkResult> {
  const list = bulkIds(ids);
  const changed = await data.transaction(async (tx) => {
    const rows = await lockStudents(tx, list);
    const todo = rows.filter((r) => r.deleted_at === null).map((r) => r.id);
    await setDeleted(tx, todo, new Date());
    await audit(
      tx,
      "student.remove",
      todo.map((id) => ({ id })),
    );
    return todo;
  });
  afterPresenceChange(data, changed);
  await publishStudents(data, changed);
  return { student_ids: changed };
}

export async function removeStudent(data: Scoped, id: number): Promise<StudentRow> {
  const result = await data.transaction(async (tx) => {
    const [row] = await lockStudents(tx, [id], { single: true });
    if (!row) throw new Error("unreachable");
    if (row.deleted_at) return { row, changed: false };
    const [updated] = await setDeleted(tx, [row.id], new Date());
    await audit(tx, "student.remove", [{ id: row.id }]);
    return { row: updated ?? row, changed: true };
  });
  if (result.changed) {
    afterPresenceChange(data, [result.row.id]);
    await publishStudents(data, [result.row.id]);
  }
  return result.row;
}

/**
 * Brings removed participants back, all or nothing: the school's student_cap must hold them all.
 * Active ones change nothing and are not in `student_ids`.
 */
export async function restoreStudents(data: Scoped, ids: readonly number[]): Promise<BulkResult> {
  const { changed } = await restore(data, bulkIds(ids), false);
  return { student_ids: changed.map((r) => r.id) };
}

/** One participant back (within student_cap); restoring an active one changes nothing. */
export async function restoreStudent(data: Scoped, id: number): Promise<StudentRow> {
  const { rows, changed } = await restore(data, [id], true);
  const row = changed[0] ?? rows[0];
  if (!row) throw new Error("restore answered no student");
  return row;
}

async function restore(data: Scoped, list: number[], single: boolean) {
  const result = await data.transaction(async (tx) => {
    const { db } = systemOf(tx);
    // the school row is locked for the count, so two restores cannot both take the last place
    const school = await lockedSchool(db, data.viewer.schoolId);
    const rows = await lockStudents(tx, list, { single });
    const todo = rows.filter((r) => r.deleted_at !== null).map((r) => r.id);
    if (todo.length === 0) return { rows, changed: [] as StudentRow[] };
    await checkCap(db, school, todo.length);
    const changed = await setDeleted(tx, todo, null);
    await audit(
      tx,
      "student.restore",
      todo.map((id) => ({ id })),
    );
    return { rows, changed };
  });
  const ids = result.changed.map((r) => r.id);
  afterPresenceChange(data, ids);
  await publishStudents(data, ids);
  return result;
}

/** The students changed, by id (an update returns its rows in the table's physical order). */
async function setDeleted(tx: Scoped, ids: number[], at: Date | null): Promise<StudentRow[]> {
  if (ids.length === 0) return [];
  const { db } = systemOf(tx);
  const rows = await db
    .update(students)
    .set({ deleted_at: at, updated_at: new Date() })
    .where(sql`${students.id} in ${ids}`)
    .returning();
  return rows.sort((x, y) => x.id - y.id);
}

/** Every process's engine forgets what it cached about these students (decision 0540). */
function afterPresenceChange(data: Scoped, ids: readonly number[]) {
  const { s } = systemOf(data);
  for (const id of ids) forgetStudent(s, id);
}

/**
 * New personal tokens: the old ones stop working at once in every process (the ping insert
 * re-checks the token, and every engine forgets its cache through the bus, decision 0540), and
 * the phones they were signed in on are signed out (device/token-reset.ts, decision 0511).
 * send_email: each student gets the new token through the mail outbox, in the same transaction
 * (both or neither). A student without an e-mail is then skipped, token unchanged (a new token
 * nobody is told of locks them out), and left out of student_ids (`unmailed` names them); the
 * single call refuses instead, naming send_email.
 */
export async function resetStudentsTokens(
  data: Scoped,
  ids: readonly number[],
  opts: { sendEmail: boolean; single?: boolean },
): Promise<BulkResult & { rows: StudentRow[]; unmailed: number[] }> {
  const list = bulkIds(ids);
  const { s } = systemOf(data);
  const result = await data.transaction(async (tx) => {
    const { db } = systemOf(tx);
    const rows = await lockStudents(tx, list, { single: opts.single, active: true });
    const [school] = await db.select().from(schools).where(eq(schools.id, data.viewer.schoolId));
    const pattern = school?.token_pattern ?? "random";
    const now = new Date();
    const out: StudentRow[] = [];
    const unmailed: number[] = [];
    for (const row of rows) {
      if (opts.sendEmail && !row.email) {
        // a new token nobody is told of would lock the student out: skipped, left out of the result
        if (opts.single)
          throw userError(
            "The participant has no e-mail to send the new token to: reset without sending",
            "send_email",
          );
        unmailed.push(row.id);
        continue;
      }
      // freshToken checked it is free; the unique index refuses the astronomically rare race.
      // The phone of the old token is signed out with it (below)
      const [updated] = await db
        .update(students)
        .set({ token: await freshToken(db, pattern), device_id: null, updated_at: now })
        .where(eq(students.id, row.id))
        .returning();
      if (!updated) throw new Error("student update returned nothing");
      out.push(updated);
      if (opts.sendEmail) await s.mailer.send(tokenMail(updated, school?.name ?? null), db);
    }
    await audit(
      tx,
      "student.reset_token",
      out.map((r) => ({ id: r.id, data: { mailed: opts.sendEmail } })),
    );
    const reset = new Set(out.map((r) => r.id));
    await signOutResetPhones(
      tx,
      rows.filter((r) => reset.has(r.id)),
      now,
    );
    return { rows: out, unmailed };
  });
  if (opts.sendEmail && result.rows.length > 0) s.mailer.wake();
  const changed = result.rows.map((r) => r.id);
  afterPresenceChange(data, changed);
  await publishStudents(data, changed);
  return { student_ids: changed, rows: result.rows, unmailed: result.unmailed };
}

function tokenMail(st: StudentRow, schoolName: string | null) {
  return {
    to: st.email as string,
    subject: `Your new Rollbook sign-in token${schoolName ? ` for ${schoolName}` : ""}`,
    text: `Hello ${st.preferred_name || st.first_name},\n\nYour Rollbook token was reset. Sign in on the Rollbook app with your new token:\n\n${st.token}\n\nYour old token no longer works. If you did not expect this, ask your school's staff.\n`,
  };
}
