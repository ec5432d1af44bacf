import { ATTENDED_STATUSES, attendancePercent, MISSED_STATUSES } from "@rollbook/domain";
import { and, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { attendance, courses } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { type PageArgs, paging, sortColumn } from "../graphql/paging.ts";
import { num, rowsOf } from "./common.ts";
import { checkedRange } from "./status.ts";

export interface CanvasReportArgs extends PageArgs {
  classes?: readonly number[] | null;
  start_date?: string | null;
  end_date?: string | null;
}

export interface CanvasRow {
  student_id: number;
  student_uuid: string;
  first_name: string;
  last_name: string;
  /** the SIS user id */
  school_identifier: string | null;
  course_id: number;
  course_title: string;
  /** the SIS section id */
  crn: string | null;
  attended: number;
  missed: number;
  /** attended / (attended + missed) in percent, one decimal; null when no session counted */
  percentage: number | null;
}

const MAX_CLASSES = 500;
const list = (ids: readonly number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

/** The dates (required, as every report's) and classes checked, naming the field at fault. */
export function checkCanvas(args: CanvasReportArgs): { start: string; end: string; classes: number[] | null } {
  const { start, end } = checkedRange(args.start_date, args.end_date) as { start: string; end: string };
  if (args.classes == null) return { start, end, classes: null };
  const classes = [...new Set(args.classes)];
  if (classes.length > MAX_CLASSES) throw userError(`classes: at most ${MAX_CLASSES} at a time`, "classes");
  if (classes.some((c) => !Number.isInteger(c))) throw userError("classes must be course ids", "classes");
  return { start, end, classes };
}

/**
 * Finished attendance of visible courses in the range (APA's rule, decision 0342): the viewer's
 * students (attendance's scope) in the courses the viewer sees.
 */
export function canvasFilter(data: Scoped, args: CanvasReportArgs): SQL {
  const { start, end, classes } = checkCanvas(args);
  const courseWhere = classes === null ? undefined : classes.length ? inArray(courses.id, classes) : sql`false`;
  return and(
    data.visible("attendance"),
    eq(attendance.attendable_type, "course"),
    eq(attendance.finished, true),
    gte(attendance.meets, start),
    lte(attendance.meets, end),
    sql`${attendance.attendable_id} in (${data.ids("courses", courseWhere)})`,
  ) as SQL;
}

/** Per student and course: sessions attended and missed. */
function groups(where: SQL): SQL {
  return sql`select ${attendance.student_id} as student_id, ${attendance.attendable_id} as course_id,
    (count(*) filter (where ${attendance.status} in (${list(ATTENDED_STATUSES)})))::int as attended,
    (count(*) filter (where ${attendance.status} in (${list(MISSED_STATUSES)})))::int as missed
    from ${attendance} where ${where} group by ${attendance.student_id}, ${attendance.attendable_id}`;
}

const byName = sql`lower(s.last_name || ' ' || s.first_name), g.student_id`;
const byCourse = sql`lower(c.title), g.course_id`;

export function canvasOrder(args: PageArgs): SQL {
  const { dir } = paging({ ...args, page: 1, per_page: 1 });
  const d = dir === "asc" ? sql`asc` : sql`desc`;
  const key = sortColumn(args.sort_by, { student: "student", course: "course", percentage: "percentage" }, "student");
  if (key === "course") return sql`lower(c.title) ${d}, g.course_id ${d}, ${byName}`;
  if (key === "percentage")
    return sql`(g.attended::float / nullif(g.attended + g.missed, 0)) ${d} nulls last, ${byName}, ${byCourse}`;
  return sql`lower(s.last_name || ' ' || s.first_name) ${d}, g.student_id ${d}, ${byCourse}`;
}

/** The CSV's order: the groups' key, so each batch starts after the last one's (a keyset). */
export const canvasKeyOrder = sql`g.student_id asc, g.course_id asc`;

/** The groups after a key (the CSV's keyset): pushed into the attendance scan by student. */
export const canvasAfter = (where: SQL, after: { student_id: number; course_id: number }) =>
  and(
    where,
    gte(attendance.student_id, after.student_id),
    sql`(${attendance.student_id}, ${attendance.attendable_id}) > (${after.student_id}, ${after.course_id})`,
  ) as SQL;

export async function canvasRows(
  data: Scoped,
  where: SQL,
  order: SQL,
  limit: number,
  offset: number,
): Promise<CanvasRow[]> {
  const rows = await rowsOf(
    data,
    sql`select g.*, s.uuid, s.first_name, s.last_name, s.school_identifier, c.title, c.crn
      from (${groups(where)}) g join students s on s.id = g.student_id join courses c on c.id = g.course_id
      order by ${order} limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    student_id: num(r.student_id),
    student_uuid: String(r.uuid),
    first_name: String(r.first_name),
    last_name: String(r.last_name),
    school_identifier: (r.school_identifier as string | null) ?? null,
    course_id: num(r.course_id),
    course_title: String(r.title),
    crn: (r.crn as string | null) ?? null,
    attended: num(r.attended),
    missed: num(r.missed),
    percentage: attendancePercent(num(r.attended), num(r.missed)),
  }));
}

export async function canvasCount(data: Scoped, where: SQL): Promise<number> {
  const [row] = await rowsOf(data, sql`select count(*)::int as n from (${groups(where)}) g`);
  return num(row?.n);
}

/**
 * The Canvas report (issue 12): per student and course, attendance as a percentage over the
 * range (finished sessions; present, late, left_early attended, absent missed, the rest not
 * counted), with the SIS ids a gradebook import matches on (school_identifier, crn).
 */
export async function canvasReport(
  data: Scoped,
  args: CanvasReportArgs,
): Promise<{ data: CanvasRow[]; total: number }> {
  const where = canvasFilter(data, args);
  const p = paging(args);
  const order = canvasOrder(args);
  const [rows, total] = await Promise.all([
    canvasRows(data, where, order, p.perPage, p.offset),
    canvasCount(data, where),
  ]);
  return { data: rows, total };
}
