import { ATTENDED_STATUSES, attendancePercent, localDate, MISSED_STATUSES, STATUSES } from "@rollbook/domain";
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { byName } from "../db/collation.ts";
import { userError } from "../graphql/builder.ts";

/** A student as the report rows name them: enough for a link and a sortable name. */
export interface ReportStudent {
  id: number;
  uuid: string;
  first_name: string;
  last_name: string;
  preferred_name: string | null;
  school_identifier: string | null;
}

/** A student's name and id columns: a table's, or an alias's (`studentColumns("s")`). */
export interface StudentColumns {
  last: PgColumn | SQL;
  first: PgColumn | SQL;
  id: PgColumn | SQL;
}

/** The columns of a row set `alias` with last_name, first_name and the student's id (`idColumn`). */
export const studentColumns = (alias: string, idColumn = "id"): StudentColumns => ({
  last: sql.raw(`${alias}.last_name`),
  first: sql.raw(`${alias}.first_name`),
  id: sql.raw(`${alias}.${idColumn}`),
});

/**
 * `<alias>` is a live student of the viewer's school: what the visibility already implies of every
 * student a report lists (a student is seen in its own school only), written on the joined row so
 * that the planner can walk students_live_name(_desc) in a page's name order instead of sorting
 * the school's students (decision 0612).
 */
export const liveStudentOfSchool = (data: Scoped, alias: string): SQL =>
  sql`${sql.raw(alias)}.school_id = ${data.viewer.schoolId} and ${sql.raw(alias)}.deleted_at is null`;

/**
 * ORDER BY terms of students by name, as every report and the students list sort them (decision
 * 0612): last name, then first name, both in the names' collation (`byName`: "Émile" among the E's,
 * "Ñúñez" among the N's) and in `dir`, then the id ascending. Written as the list writes it
 * (`desc nulls last`), so that students_live_name and students_live_name_desc can give this order.
 */
export function byStudentName(dir: "asc" | "desc", c: StudentColumns): SQL[] {
  const d = dir === "asc" ? sql`asc` : sql`desc nulls last`;
  return [sql`${byName(c.last)} ${d}`, sql`${byName(c.first)} ${d}`, sql`${c.id} asc`];
}

/** A required text filter: GraphQL refuses a missing one; an empty one is refused here, naming it. */
export function requiredText(value: string | null | undefined, field: string): string {
  const v = value?.trim() ?? "";
  if (v === "") throw userError(`${field} is required`, field);
  return v;
}

/** The rows of a composed statement (always built on `data.ids` / `data.visible`), on either driver. */
export async function rowsOf(data: Scoped, query: SQL): Promise<Record<string, unknown>[]> {
  const result = await systemOf(data).db.execute(query);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** The viewer's school's today and zone: reports count days on the school's calendar. */
export async function schoolToday(data: Scoped, now = new Date()): Promise<{ today: string; tz: string }> {
  const school = await data.byId("schools", data.viewer.schoolId);
  const tz = school?.timezone ?? "UTC";
  return { today: localDate(now, tz), tz };
}

export const studentOf = (r: Record<string, unknown>): ReportStudent => ({
  id: Number(r.id),
  uuid: String(r.uuid),
  first_name: String(r.first_name),
  last_name: String(r.last_name),
  preferred_name: (r.preferred_name as string | null) ?? null,
  school_identifier: (r.school_identifier as string | null) ?? null,
});

/** A count from a raw row (pg hands bigint over as text). */
export const num = (v: unknown) => Number(v ?? 0);

/** A date column as YYYY-MM-DD, whichever way the driver hands it over. */
export const dateText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/**
 * Select-list parts over attendance rows (unqualified columns): a count of each status, and
 * APA's attended and missed, of finished rows only as the app counts APA (decision 0342).
 */
export const STATUS_COUNTS_SQL = sql.raw(
  [
    ...STATUSES.map((s) => `count(*) filter (where status = ${s.id})::int as ${s.name}`),
    `count(*) filter (where finished and status in (${ATTENDED_STATUSES.join(", ")}))::int as attended`,
    `count(*) filter (where finished and status in (${MISSED_STATUSES.join(", ")}))::int as missed`,
  ].join(",\n"),
);

/** Each status's count of a row (named as STATUSES), attended, missed, and its APA. */
export interface StatusCounts {
  pending: number;
  present: number;
  late: number;
  absent: number;
  excused: number;
  left_early: number;
  cancelled: number;
  travel: number;
  attended: number;
  missed: number;
  apa: number | null;
}

export function countsOf(r: Record<string, unknown>): StatusCounts {
  const out = Object.fromEntries(STATUSES.map((s) => [s.name, num(r[s.name])])) as unknown as StatusCounts;
  out.attended = num(r.attended);
  out.missed = num(r.missed);
  out.apa = attendancePercent(out.attended, out.missed);
  return out;
}

/** The chart's list: each status with a count over the whole filter, in status order, zeros left out. */
export function byStatus(counts: Map<number, number>): { status: number; count: number }[] {
  return STATUSES.map((s) => ({ status: s.id as number, count: counts.get(s.id) ?? 0 })).filter((s) => s.count > 0);
}

/** Rows per statement of a CSV export: memory holds one batch, whatever the size of the result. */
export const EXPORT_BATCH = 1000;

const STATUS_NAMES = new Map<number, string>(STATUSES.map((s) => [s.id, s.name]));
/** A status as a CSV cell: its name (present, late...); empty without one. */
export const statusCell = (s: number | null) => (s === null ? null : (STATUS_NAMES.get(s) ?? String(s)));
