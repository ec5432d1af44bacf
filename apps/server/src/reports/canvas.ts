import { ATTENDED_STATUSES, atMost, attendancePercent, MISSED_STATUSES } from "@rollbook/domain";
import { and, eq, gte, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { byName } from "../db/collation.ts";
import { attendance, courses, students } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { type PageArgs, paging, sortColumn } from "../graphql/paging.ts";
import { byStudentName, liveStudentOfSchool, num, rowsOf, studentColumns } from "./common.ts";
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

/** The checked filter: the dates and the classes (null: every visible one). */
export interface CanvasFilter {
  start: string;
  end: string;
  classes: number[] | null;
}

const MAX_CLASSES = 500;
const list = (ids: readonly number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

/** The dates (required, as every report's) and classes checked, naming the field at fault. */
export function checkCanvas(args: CanvasReportArgs): CanvasFilter {
  const { start, end } = checkedRange(args.start_date, args.end_date) as { start: string; end: string };
  if (args.classes == null) return { start, end, classes: null };
  const classes = [...new Set(args.classes)];
  if (classes.length > MAX_CLASSES) throw userError(`classes ${atMost(MAX_CLASSES, "item")}`, "classes");
  if (classes.some((c) => !Number.isInteger(c))) throw userError("classes must be course ids", "classes");
  return { start, end, classes };
}

/** The filter's classes as a condition on courses (none: every visible course). */
const classesWhere = (f: CanvasFilter): SQL | undefined =>
  f.classes === null ? undefined : f.classes.length ? inArray(courses.id, f.classes) : sql`false`;

/**
 * The report's rows are (student, course) pairs: live enrolments (student_course, alias g) of
 * live students the viewer sees in visible courses of the filter, as lastAttendanceReport's.
 * An enrolment with nothing counted in the range is a row with an empty percentage (decision 0822).
 */
function pairsWhere(data: Scoped, f: CanvasFilter): SQL {
  return sql`g.course_id in (${data.ids("courses", classesWhere(f))})
    and g.student_id in (${data.ids("students", isNull(students.deleted_at))})`;
}

/**
 * Finished course attendance of the range that the viewer sees (APA's rule, decision 0342); the
 * pairs it is joined to say which students and courses.
 */
function attendanceWhere(data: Scoped, f: CanvasFilter): SQL {
  return and(
    data.visible("attendance"),
    eq(attendance.attendable_type, "course"),
    eq(attendance.finished, true),
    gte(attendance.meets, f.start),
    lte(attendance.meets, f.end),
  ) as SQL;
}

/** Per student and course of `where`: sessions attended and missed. */
function groups(where: SQL): SQL {
  return sql`select ${attendance.student_id} as student_id, ${attendance.attendable_id} as course_id,
    (count(*) filter (where ${attendance.status} in (${list(ATTENDED_STATUSES)})))::int as attended,
    (count(*) filter (where ${attendance.status} in (${list(MISSED_STATUSES)})))::int as missed
    from ${attendance} where ${where} group by ${attendance.student_id}, ${attendance.attendable_id}`;
}

/** The screen's orders, and the CSV's key (student id, course id: a keyset over student_course's primary key). */
export type CanvasOrder =
  | { key: "student" | "course" | "percentage"; dir: "asc" | "desc" }
  | { key: "key"; after: { student_id: number; course_id: number } | null };

/** The order of the call's sort_by and sort_dir, checked (naming the field at fault). */
export function canvasOrder(args: PageArgs): CanvasOrder {
  const { dir } = paging({ ...args, page: 1, per_page: 1 });
  const key = sortColumn(args.sort_by, { student: "student", course: "course", percentage: "percentage" }, "student");
  return { key, dir } as CanvasOrder;
}

/**
 * ORDER BY over the columns of a row set `r` with student_id, course_id, first_name,
 * last_name, title (and attended, missed for the percentage).
 */
function orderBy(order: CanvasOrder, r: string): SQL {
  const t = sql.raw(r);
  // students by name as every list of them (decision 0612)
  const names = (dir: "asc" | "desc") => sql.join(byStudentName(dir, studentColumns(r, "student_id")), sql`, `);
  // courses by title in the names' order too (decision 0614)
  const byCourse = sql`${byName(sql`${t}.title`)}, ${t}.course_id`;
  if (order.key === "key") return sql`${t}.student_id asc, ${t}.course_id asc`;
  const d = order.dir === "asc" ? sql`asc` : sql`desc`;
  if (order.key === "course") return sql`${byName(sql`${t}.title`)} ${d}, ${t}.course_id ${d}, ${names("asc")}`;
  if (order.key === "percentage")
    return sql`(${t}.attended::float / nullif(${t}.attended + ${t}.missed, 0)) ${d} nulls last, ${names("asc")}, ${byCourse}`;
  return sql`${names(order.dir)}, ${byCourse}`;
}

const PAIR_COLUMNS = sql`g.student_id, g.course_id, s.uuid, s.first_name, s.last_name, s.school_identifier, c.title, c.crn`;
const PAIRS_FROM = sql`student_course g join ${students} s on s.id = g.student_id join ${courses} c on c.id = g.course_id`;

/**
 * A page of pairs in `order` with their counts.
 *
 * By student, course or the CSV's key, the pairs are paged first (student_course x students x
 * courses, no attendance read), then only the page's pairs' attendance is counted (by student,
 * index attendance_student_meets). By percentage, every pair's figure is needed before the
 * first row: one grouped pass over the range's attendance of the filter's courses.
 */
export async function canvasRows(
  data: Scoped,
  f: CanvasFilter,
  order: CanvasOrder,
  limit: number,
  offset: number,
): Promise<CanvasRow[]> {
  const pairs = pairsWhere(data, f);
  const seen = attendanceWhere(data, f);
  let query: SQL;
  if (order.key === "percentage") {
    const counted = and(seen, sql`${attendance.attendable_id} in (${data.ids("courses", classesWhere(f))})`) as SQL;
    query = sql`select * from (
        select ${PAIR_COLUMNS}, coalesce(a.attended, 0) as attended, coalesce(a.missed, 0) as missed
        from ${PAIRS_FROM} left join (${groups(counted)}) a on a.student_id = g.student_id and a.course_id = g.course_id
        where ${pairs}) r
      order by ${orderBy(order, "r")} limit ${limit} offset ${offset}`;
  } else {
    const after =
      order.key === "key" && order.after
        ? sql` and (g.student_id, g.course_id) > (${order.after.student_id}, ${order.after.course_id})`
        : sql``;
    query = sql`with p as (
        select * from (select ${PAIR_COLUMNS} from ${PAIRS_FROM}
          where ${pairs} and ${liveStudentOfSchool(data, "s")}${after}) r
        order by ${orderBy(order, "r")} limit ${limit} offset ${offset})
      select p.*, coalesce(a.attended, 0) as attended, coalesce(a.missed, 0) as missed
      from p left join (${groups(
        and(
          seen,
          sql`(${attendance.student_id}, ${attendance.attendable_id}) in (select student_id, course_id from p)`,
        ) as SQL,
      )}) a on a.student_id = p.student_id and a.course_id = p.course_id
      order by ${orderBy(order, "p")}`;
  }
  const rows = await rowsOf(data, query);
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

/** How many pairs the filter has (the dates do not change it). */
export async function canvasCount(data: Scoped, f: CanvasFilter): Promise<number> {
  const [row] = await rowsOf(data, sql`select count(*)::int as n from student_course g where ${pairsWhere(data, f)}`);
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
  const f = checkCanvas(args);
  const p = paging(args);
  const order = canvasOrder(args);
  const [rows, total] = await Promise.all([canvasRows(data, f, order, p.perPage, p.offset), canvasCount(data, f)]);
  return { data: rows, total };
}
