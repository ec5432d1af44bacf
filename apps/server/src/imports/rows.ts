import {
  type CourseInput,
  CourseInputError,
  canGrantRole,
  canManageUsers,
  cleanCourseInput,
  cleanStudentInput,
  cleanTeamInput,
  email as emailRule,
  localDate,
  MEET_KEYS,
  newStudentToken,
  phoneDigits,
  ROLES,
  type SchoolThresholds,
  type StudentInput,
  TeamInputError,
  teamNameKey,
} from "@rollbook/domain";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  courses,
  invitationCourse,
  invitations,
  schools,
  studentCourse,
  students,
  studentTeam,
  teams,
  userCourse,
  users,
} from "../db/schema/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import { isUniqueViolation } from "../students/bulk.ts";
import type { ChangedRows } from "./changed-rows.ts";
import { type InviteRow, inviteImported } from "./invite-rows.ts";
import { RandomPool } from "./random-pool.ts";

/** One data row of a file: its line (the header is line 1) and its cells by column name. */
export interface Row {
  line: number;
  v: Record<string, string | undefined>;
}

/** What a batch writes with: the importer, their school, and where row errors go. */
export interface BatchContext {
  db: Db;
  /** the import being run: a re-run after a crash is the same import */
  importId: number;
  schoolId: number;
  /** the school's late and absent times, which a course without its own inherits */
  thresholds: SchoolThresholds | null;
  importer: { id: number; roleId: number };
  /** a row that is not written: line and reason (the reason names the column) */
  fail(line: number, reason: string): void;
  /** what an imported address's invitation says: the importer and school, and where its link goes */
  mail: { mailer: Mailer; inviter: string; schoolName: string | undefined; publicUrl: string };
  /** the course schedule for new courses that the file does not give (OneRoster classes) */
  courseDefaults?: CourseInput;
  /** the courses, teams and students written, pushed after each batch (the job publishes them) */
  changed: ChangedRows;
}

const cell = (r: Row, c: string) => {
  const x = r.v[c];
  return x === undefined ? undefined : x.trim();
};
const has = (r: Row, c: string) => r.v[c] !== undefined;

function parseBool(raw: string, column: string): boolean | null {
  const v = raw.toLowerCase();
  if (v === "") return null;
  if (["true", "yes", "y", "1"].includes(v)) return true;
  if (["false", "no", "n", "0"].includes(v)) return false;
  throw new RowProblem(`${column}: must be true or false, not "${raw}"`);
}

function parseWhole(raw: string, column: string): number | null {
  if (raw === "") return null;
  if (!/^-?\d+$/.test(raw)) throw new RowProblem(`${column}: must be a whole number, not "${raw}"`);
  return Number(raw);
}

class RowProblem extends Error {}

/** "email: must be ...": the column first, said once (the domain's messages start with it too). */
function fieldReason(field: string, message: string) {
  return `${field}: ${message.startsWith(`${field} `) ? message.slice(field.length + 1) : message}`;
}

/** Runs `fn` for a row; a RowProblem (or a domain field error) becomes that row's error. */
function guarded<T>(ctx: BatchContext, r: Row, fn: () => T): T | undefined {
  try {
    return fn();
  } catch (e) {
    if (e instanceof RowProblem) ctx.fail(r.line, e.message);
    else if (e instanceof CourseInputError || e instanceof TeamInputError)
      ctx.fail(r.line, fieldReason(e.field, e.message));
    else throw e;
    return undefined;
  }
}

/** Later rows of a batch with the same key replace earlier ones (as a later batch would). */
function lastByKey<T>(items: { key: string; r: Row; value: T }[]) {
  const m = new Map<string, { key: string; r: Row; value: T }>();
  for (const it of items) {
    m.delete(it.key);
    m.set(it.key, it);
  }
  return [...m.values()];
}

// ---- students, matched by school_identifier ----

const STUDENT_TEXT = [
  "first_name",
  "last_name",
  "preferred_name",
  "email",
  "phone",
  "pid_number",
  "zip",
  "date_of_birth",
  "housing",
  "employment",
  "sexual_identity",
  "gender",
  "sex",
  "race",
] as const;

export async function importStudents(ctx: BatchContext, rows: Row[]) {
  const [school] = await ctx.db.select().from(schools).where(eq(schools.id, ctx.schoolId));
  if (!school) throw new Error(`school ${ctx.schoolId} not found`);
  const today = localDate(new Date(), school.timezone);
  const parsed: { key: string; r: Row; value: StudentInput }[] = [];
  for (const r of rows) {
    const value = guarded(ctx, r, () => {
      const id = cell(r, "school_identifier") ?? "";
      if (!id) throw new RowProblem("school_identifier: is required (it matches the participant on a re-run)");
      const input: StudentInput = { school_identifier: id };
      for (const c of STUDENT_TEXT) if (has(r, c)) input[c] = cell(r, c) as string;
      if (has(r, "age")) input.age = parseWhole(cell(r, "age") as string, "age");
      if (has(r, "is_veteran")) input.is_veteran = parseBool(cell(r, "is_veteran") as string, "is_veteran");
      const clean = cleanStudentInput(input, { creating: true, today });
      if (!clean.ok) throw new RowProblem(fieldReason(clean.error.field, clean.error.message));
      return clean.value;
    });
    if (value) parsed.push({ key: value.school_identifier as string, r, value });
  }
  const items = lastByKey(parsed);
  if (items.length === 0) return;
  const existing = new Set(
    (
      await ctx.db
        .select({ id: students.school_identifier })
        .from(students)
        .where(
          and(
            eq(students.school_id, ctx.schoolId),
            inArray(
              students.school_identifier,
              items.map((i) => i.key),
            ),
          ),
        )
    ).map((x) => x.id),
  );
  let keep = items;
  if (school.student_cap !== null) {
    const active = await ctx.db.$count(
      students,
      and(eq(students.school_id, ctx.schoolId), isNull(students.deleted_at)),
    );
    let room = school.student_cap - active;
    keep = [];
    for (const it of items) {
      if (existing.has(it.key)) keep.push(it);
      else if (room > 0) {
        room--;
        keep.push(it);
      } else
        ctx.fail(
          it.r.line,
          `school_identifier: student_cap reached: the school may have at most ${school.student_cap} participants`,
        );
    }
  }
  if (keep.length === 0) return;
  // the columns the file has are set on a re-run; the others stay as they are
  const present = new Set<string>();
  for (const it of keep) for (const k of Object.keys(it.value)) present.add(k);
  present.delete("school_identifier");
  const cols = ["school_identifier", ...present];
  await upsertStudents(
    ctx,
    school.token_pattern,
    cols,
    keep.map((it) => it.value as Record<string, unknown>),
  );
}

const STUDENT_SQL_TYPES: Record<string, string> = { age: "int", is_veteran: "boolean", date_of_birth: "date" };

/** The driver under Drizzle (a pg Pool or PGlite): both answer query(text, params). */
type Driver = { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };
const driverOf = (db: Db) => (db as unknown as { $client: Driver }).$client;

/**
 * One statement for the whole batch: the values as one array per column (`unnest`), so the
 * statement has a dozen parameters whatever the number of rows, and is built without Drizzle's
 * query builder (two thirds of the CPU of an import of 50,000 rows went into building 50
 * inserts of 1,000 rows). New students get a token and an offline secret; a matched student
 * keeps theirs, and one whose values are the file's already is not written again (a re-run of
 * the same file writes nothing, and names nobody: only the students written are pushed).
 */
async function upsertStudents(ctx: BatchContext, pattern: string, cols: string[], rows: Record<string, unknown>[]) {
  const all = [...cols, "token", "offline_code"];
  const names = all.map((c) => `"${c}"`).join(", ");
  const arrays = all.map((c, i) => `$${i + 2}::${STUDENT_SQL_TYPES[c] ?? "text"}[]`).join(", ");
  const upd = cols.filter((c) => c !== "school_identifier");
  const text = `insert into students (school_id, ${names})
    select $1::int, * from unnest(${arrays}) as t(${names})
    on conflict (school_id, school_identifier) do update
    set ${[...upd.map((c) => `"${c}" = excluded."${c}"`), "updated_at = now()"].join(", ")}
    where (${upd.map((c) => `students."${c}"`).join(", ")}) is distinct from (${upd.map((c) => `excluded."${c}"`).join(", ")})
    returning id`;
  const pool = new RandomPool();
  for (let attempt = 0; ; attempt++) {
    const params: unknown[] = [ctx.schoolId];
    for (const c of cols) params.push(rows.map((r) => r[c] ?? null));
    params.push(rows.map(() => newStudentToken(pattern, pool.pick)));
    params.push(rows.map(() => pool.offlineSecret()));
    try {
      const written = await driverOf(ctx.db).query(text, params);
      ctx.changed.add(
        "student.update",
        (written.rows as { id: number }[]).map((r) => r.id),
      );
      return;
    } catch (e) {
      // a new token drawn twice (a narrow token_pattern): draw again
      if (attempt < 4 && isUniqueViolation(e, "students_token")) continue;
      throw e;
    }
  }
}

// ---- courses, matched by crn ----

const DAY_CODES: Record<string, (typeof MEET_KEYS)[number]> = {
  su: "meet_sun",
  m: "meet_mon",
  mo: "meet_mon",
  tu: "meet_tue",
  w: "meet_wed",
  we: "meet_wed",
  th: "meet_thu",
  f: "meet_fri",
  fr: "meet_fri",
  sa: "meet_sat",
};

/** "M W F", "Tu,Th", "MWF": the meeting days as the app shows them (Su M Tu W Th F Sa). */
export function parseDays(raw: string): Record<(typeof MEET_KEYS)[number], boolean> {
  const out = Object.fromEntries(MEET_KEYS.map((k) => [k, false])) as Record<(typeof MEET_KEYS)[number], boolean>;
  const s = raw.replace(/[\s,;/]+/g, "");
  const re = /Su|Sa|Tu|Th|Mo|We|Fr|M|W|F/giy;
  let at = 0;
  while (at < s.length) {
    re.lastIndex = at;
    const m = re.exec(s);
    if (!m) throw new RowProblem(`days: "${raw}" is not a list of days (Su M Tu W Th F Sa)`);
    out[DAY_CODES[m[0].toLowerCase()] as (typeof MEET_KEYS)[number]] = true;
    at = re.lastIndex;
  }
  return out;
}

function courseInput(r: Row): CourseInput {
  const input: CourseInput = { crn: cell(r, "crn"), title: cell(r, "title") };
  for (const c of ["course_number", "subject", "start_time", "end_time", "semester_start", "semester_end"] as const)
    if (has(r, c)) {
      const v = cell(r, c) as string;
      input[c] = v === "" && (c === "start_time" || c === "end_time") ? undefined : v || null;
    }
  if (has(r, "days") && cell(r, "days") !== "") Object.assign(input, parseDays(cell(r, "days") as string));
  if (has(r, "is_indefinite"))
    input.is_indefinite = parseBool(cell(r, "is_indefinite") as string, "is_indefinite") ?? false;
  for (const c of ["late_time", "absent_time", "min_percentage"] as const)
    if (has(r, c)) input[c] = parseWhole(cell(r, c) as string, c);
  return input;
}

/** Courses of the school by crn (live ones; the oldest when two share one). */
async function coursesByCrn(db: Db, schoolId: number, crns: string[]) {
  if (crns.length === 0) return new Map<string, typeof courses.$inferSelect>();
  const found = await db
    .select()
    .from(courses)
    .where(and(eq(courses.school_id, schoolId), isNull(courses.deleted_at), inArray(courses.crn, crns)))
    .orderBy(courses.id);
  const m = new Map<string, typeof courses.$inferSelect>();
  for (const c of found) if (c.crn !== null && !m.has(c.crn)) m.set(c.crn, c);
  return m;
}

export async function importCourses(ctx: BatchContext, rows: Row[]) {
  const candidates: { key: string; r: Row; value: CourseInput }[] = [];
  for (const r of rows) {
    const value = guarded(ctx, r, () => {
      if (!cell(r, "crn")) throw new RowProblem("crn: is required (it matches the course on a re-run)");
      return courseInput(r);
    });
    if (value) candidates.push({ key: value.crn as string, r, value });
  }
  const items = lastByKey(candidates);
  const found = await coursesByCrn(
    ctx.db,
    ctx.schoolId,
    items.map((i) => i.key),
  );
  const inserts: (typeof courses.$inferInsert)[] = [];
  const updates: { id: number; set: CourseInput }[] = [];
  for (const it of items) {
    const before = found.get(it.key);
    const clean = guarded(ctx, it.r, () => {
      if (before) return cleanCourseInput(it.value, before as CourseInput, ctx.thresholds);
      if (ctx.courseDefaults) return { ...ctx.courseDefaults, ...cleanLoose(it.value) };
      return cleanCourseInput(it.value, null, ctx.thresholds);
    });
    if (!clean) continue;
    if (before) updates.push({ id: before.id, set: clean });
    else inserts.push({ ...(clean as object), title: clean.title as string, school_id: ctx.schoolId } as never);
  }
  if (inserts.length) {
    const made = await ctx.db.insert(courses).values(inserts).returning({ id: courses.id });
    ctx.changed.add(
      "course.update",
      made.map((c) => c.id),
    );
  }
  if (updates.length) {
    await ctx.db.transaction(async (tx) => {
      for (const u of updates)
        await tx
          .update(courses)
          .set({ ...(u.set as object), updated_at: new Date() } as never)
          .where(eq(courses.id, u.id));
    });
    ctx.changed.add(
      "course.update",
      updates.map((u) => u.id),
    );
  }
}

/** A OneRoster class: title and crn only, checked as the API would check them. */
function cleanLoose(v: CourseInput): CourseInput {
  const out: CourseInput = {};
  const title = (v.title ?? "").trim();
  if (!title) throw new RowProblem("title: is required");
  if (title.length > 200) throw new RowProblem("title: must be at most 200 characters");
  out.title = title;
  out.crn = v.crn ?? null;
  return out;
}

// ---- enrollments: student to course ----

async function studentsByIdentifier(db: Db, schoolId: number, ids: string[]) {
  if (ids.length === 0) return new Map<string, number>();
  const found = await db
    .select({ id: students.id, key: students.school_identifier })
    .from(students)
    .where(
      and(eq(students.school_id, schoolId), isNull(students.deleted_at), inArray(students.school_identifier, ids)),
    );
  return new Map(found.map((s) => [s.key as string, s.id]));
}

export async function importEnrollments(ctx: BatchContext, rows: Row[]) {
  const need = rows.filter((r) => {
    if (!cell(r, "school_identifier")) ctx.fail(r.line, "school_identifier: is required");
    else if (!cell(r, "crn")) ctx.fail(r.line, "crn: is required");
    else return true;
    return false;
  });
  const studentIds = await studentsByIdentifier(ctx.db, ctx.schoolId, [
    ...new Set(need.map((r) => cell(r, "school_identifier") as string)),
  ]);
  const courseIds = await coursesByCrn(ctx.db, ctx.schoolId, [...new Set(need.map((r) => cell(r, "crn") as string))]);
  const links: { student_id: number; course_id: number }[] = [];
  for (const r of need) {
    const s = studentIds.get(cell(r, "school_identifier") as string);
    const c = courseIds.get(cell(r, "crn") as string);
    if (s === undefined)
      ctx.fail(r.line, `school_identifier: no participant of the school has "${cell(r, "school_identifier")}"`);
    else if (c === undefined) ctx.fail(r.line, `crn: no course of the school has "${cell(r, "crn")}"`);
    else links.push({ student_id: s, course_id: c.id });
  }
  // the newly enrolled only: their pages and the course's roster refetch on their message
  if (links.length)
    recordLinked(
      ctx,
      await ctx.db
        .insert(studentCourse)
        .values(links)
        .onConflictDoNothing()
        .returning({ student: studentCourse.student_id }),
    );
}

/** The students a link insert newly linked (what it returned), named in the batch's student.update. */
const recordLinked = (ctx: BatchContext, added: { student: number }[]) =>
  ctx.changed.add(
    "student.update",
    added.map((a) => a.student),
  );

// ---- teams (and their members), matched by name ----

export async function importTeams(ctx: BatchContext, rows: Row[]) {
  const parsed: { r: Row; key: string; name: string; set: Record<string, unknown>; member?: string }[] = [];
  for (const r of rows) {
    const p = guarded(ctx, r, () => {
      // an empty cell leaves the team's value as it is: member rows repeat the team's name only
      const input: Record<string, unknown> = { name: cell(r, "name") ?? "" };
      if (cell(r, "tag")) input.tag = cell(r, "tag");
      if (cell(r, "is_sport")) input.is_sport = parseBool(cell(r, "is_sport") as string, "is_sport");
      if (cell(r, "visibility")) input.visibility = cell(r, "visibility");
      const clean = cleanTeamInput(input, false);
      return {
        r,
        key: teamNameKey(clean.name as string),
        name: clean.name as string,
        set: clean as Record<string, unknown>,
        member: cell(r, "school_identifier") || undefined,
      };
    });
    if (p) parsed.push(p);
  }
  if (parsed.length === 0) return;
  const keys = [...new Set(parsed.map((p) => p.key))];
  const found = await ctx.db
    .select({ id: teams.id, key: sql<string>`lower(trim(${teams.name}))` })
    .from(teams)
    .where(
      and(eq(teams.school_id, ctx.schoolId), isNull(teams.deleted_at), inArray(sql`lower(trim(${teams.name}))`, keys)),
    )
    .orderBy(teams.id);
  const byKey = new Map<string, number>();
  for (const t of found) if (!byKey.has(t.key)) byKey.set(t.key, t.id);
  // a team's fields: the last row of the batch that gives each
  const fields = new Map<string, Record<string, unknown>>();
  for (const p of parsed) fields.set(p.key, { ...(fields.get(p.key) ?? {}), ...p.set });
  const fresh = keys.filter((k) => !byKey.has(k));
  if (fresh.length) {
    const made = await ctx.db
      .insert(teams)
      .values(
        fresh.map((k) => {
          const f = fields.get(k) as Record<string, unknown>;
          return {
            ...f,
            name: f.name as string,
            visibility: (f.visibility as string) ?? "private",
            school_id: ctx.schoolId,
          };
        }),
      )
      .returning({ id: teams.id, name: teams.name });
    for (const t of made) byKey.set(teamNameKey(t.name), t.id);
    ctx.changed.add(
      "team.update",
      made.map((t) => t.id),
    );
  }
  // a matched team is written when the file gives more than its name (member rows give the name only)
  const edited = keys
    .filter((k) => !fresh.includes(k))
    .map((k) => {
      const { name: _same, ...rest } = fields.get(k) as Record<string, unknown>;
      return { id: byKey.get(k) as number, rest };
    })
    .filter((t) => Object.keys(t.rest).length > 0);
  if (edited.length) {
    await ctx.db.transaction(async (tx) => {
      for (const t of edited)
        await tx
          .update(teams)
          .set({ ...t.rest, updated_at: new Date() } as never)
          .where(eq(teams.id, t.id));
    });
    ctx.changed.add(
      "team.update",
      edited.map((t) => t.id),
    );
  }
  const withMember = parsed.filter((p) => p.member);
  const sIds = await studentsByIdentifier(ctx.db, ctx.schoolId, [
    ...new Set(withMember.map((p) => p.member as string)),
  ]);
  const links: { student_id: number; team_id: number }[] = [];
  for (const p of withMember) {
    const s = sIds.get(p.member as string);
    if (s === undefined) ctx.fail(p.r.line, `school_identifier: no participant of the school has "${p.member}"`);
    else links.push({ student_id: s, team_id: byKey.get(p.key) as number });
  }
  // the new members only: their pages and the team's roster refetch on their message
  if (links.length)
    recordLinked(
      ctx,
      await ctx.db
        .insert(studentTeam)
        .values(links)
        .onConflictDoNothing()
        .returning({ student: studentTeam.student_id }),
    );
}

// ---- users, matched by e-mail ----

/** A role by name, display name or id ("school_admin", "School Admin", "3"). */
export function roleNamed(raw: string) {
  const v = raw.trim().toLowerCase();
  return ROLES.find((r) => String(r.id) === v || r.name === v || r.display_name.toLowerCase() === v);
}

/**
 * Users rows: an address of a user of the school updates that user (if the importer may manage
 * them); any other address becomes a pending invitation (invite-rows.ts, decision 0951), whether
 * it is free or another school's user holds it: an import creates no user.
 */
export async function importUsers(ctx: BatchContext, rows: Row[]) {
  const parsed: { key: string; r: Row; value: InviteRow["value"] }[] = [];
  for (const r of rows) {
    const p = guarded(ctx, r, () => {
      const e = emailRule.safeParse(cell(r, "email") ?? "");
      if (!e.success)
        throw new RowProblem(`email: ${cell(r, "email") ? "must be a valid e-mail address" : "is required"}`);
      const first = cell(r, "first_name") ?? "";
      if (!first) throw new RowProblem("first_name: is required");
      if (first.length > 100) throw new RowProblem("first_name: must be at most 100 characters");
      const role = roleNamed(cell(r, "role") ?? "");
      if (!role) throw new RowProblem(`role: "${cell(r, "role")}" is not a role (e.g. school_admin, judge, staff)`);
      if (!canGrantRole(ctx.importer.roleId, role.id))
        throw new RowProblem(`role: you may not grant the role ${role.name} (${role.display_name})`);
      const value: InviteRow["value"] = { email: e.data, first_name: first, role_id: role.id };
      if (has(r, "last_name")) value.last_name = (cell(r, "last_name") as string).slice(0, 100);
      if (has(r, "phone_number")) {
        const raw = cell(r, "phone_number") as string;
        const digits = raw ? phoneDigits(raw) : null;
        if (raw && !digits) throw new RowProblem("phone_number: must be 10 digits, e.g. (123) 456-7890");
        value.phone_number = digits;
      }
      return { key: e.data, r, value };
    });
    if (p) parsed.push(p);
  }
  const items = lastByKey(parsed);
  if (items.length === 0) return;
  // the school's own users only: what other schools hold is read under the invitations' locks
  const found = await ctx.db
    .select({ id: users.id, email: sql<string>`lower(${users.email})`, role_id: users.role_id })
    .from(users)
    .where(
      and(
        eq(users.school_id, ctx.schoolId),
        inArray(
          sql`lower(${users.email})`,
          items.map((i) => i.key),
        ),
      ),
    );
  const byEmail = new Map(found.map((u) => [u.email, u]));
  const updates: { id: number; value: Record<string, unknown> }[] = [];
  const invite: InviteRow[] = [];
  for (const it of items) {
    const u = byEmail.get(it.key);
    if (!u) invite.push({ line: it.r.line, email: it.key, value: it.value });
    else if (u.id === ctx.importer.id) ctx.fail(it.r.line, "email: is your own account: change it on your profile");
    else if (!canManageUsers(ctx.importer.roleId, u.role_id))
      ctx.fail(it.r.line, "email: belongs to a user of a role you may not manage");
    else updates.push({ id: u.id, value: it.value });
  }
  if (invite.length) await inviteImported(ctx, invite);
  if (updates.length)
    await ctx.db.transaction(async (tx) => {
      for (const u of updates) {
        const { email: _key, ...set } = u.value;
        await tx
          .update(users)
          .set({ ...set, updated_at: new Date() } as never)
          .where(eq(users.id, u.id));
      }
    });
}

// ---- user to course assignments (OneRoster teacher enrollments) ----

/**
 * The school's users by address, and for the other addresses the school's newest invitation not
 * yet accepted (an invited teacher's courses wait on it until registration, decision 0951).
 */
async function assigneesByEmail(db: Db, schoolId: number, emails: string[]) {
  if (emails.length === 0) return { users: new Map<string, number>(), invitations: new Map<string, number>() };
  const own = await db
    .select({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(and(eq(users.school_id, schoolId), inArray(sql`lower(${users.email})`, emails)));
  const invited = await db
    .selectDistinctOn([sql`lower(${invitations.email})`], {
      id: invitations.id,
      email: sql<string>`lower(${invitations.email})`,
    })
    .from(invitations)
    .where(
      and(
        eq(invitations.school_id, schoolId),
        inArray(sql`lower(${invitations.email})`, emails),
        isNull(invitations.accepted_at),
      ),
    )
    .orderBy(sql`lower(${invitations.email})`, desc(invitations.id));
  return {
    users: new Map(own.map((u) => [u.email, u.id])),
    invitations: new Map(invited.map((i) => [i.email, i.id])),
  };
}

export async function importUserCourses(ctx: BatchContext, rows: Row[]) {
  const emails = [...new Set(rows.map((r) => (cell(r, "email") as string).toLowerCase()))];
  const who = await assigneesByEmail(ctx.db, ctx.schoolId, emails);
  const cIds = await coursesByCrn(ctx.db, ctx.schoolId, [...new Set(rows.map((r) => cell(r, "crn") as string))]);
  const links: { user_id: number; course_id: number }[] = [];
  const waiting: { invitation_id: number; course_id: number }[] = [];
  for (const r of rows) {
    const email = (cell(r, "email") as string).toLowerCase();
    const u = who.users.get(email);
    const inv = who.invitations.get(email);
    const c = cIds.get(cell(r, "crn") as string);
    if (u === undefined && inv === undefined)
      ctx.fail(r.line, `userSourcedId: the user "${cell(r, "email")}" was not imported`);
    else if (c === undefined) ctx.fail(r.line, `classSourcedId: the class "${cell(r, "crn")}" was not imported`);
    else if (u !== undefined) links.push({ user_id: u, course_id: c.id });
    else waiting.push({ invitation_id: inv as number, course_id: c.id });
  }
  if (links.length) {
    // a teacher newly assigned now sees the course (assigned-only roles): its message reaches them
    const added = await ctx.db
      .insert(userCourse)
      .values(links)
      .onConflictDoNothing()
      .returning({ course: userCourse.course_id });
    ctx.changed.add(
      "course.update",
      added.map((a) => a.course),
    );
  }
  if (waiting.length) await ctx.db.insert(invitationCourse).values(waiting).onConflictDoNothing();
}

export const OWN_HANDLERS = {
  students: importStudents,
  courses: importCourses,
  enrollments: importEnrollments,
  teams: importTeams,
  users: importUsers,
} as const;
