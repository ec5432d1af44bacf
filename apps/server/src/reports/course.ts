import { courseMeetingDates, courseReportRange, STATUSES } from "@rollbook/domain";
import { and, eq, gte, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { courseByUuid } from "../courses/list.ts";
import { attendance, cancellations, type courses, schoolClosures, students } from "../db/schema/index.ts";
import { notFound } from "../graphql/builder.ts";
import { type PageArgs, paging, sortColumn } from "../graphql/paging.ts";
import {
  byStatus,
  byStudentName,
  countsOf,
  dateText,
  num,
  type ReportStudent,
  requiredText,
  rowsOf,
  STATUS_COUNTS_SQL,
  type StatusCounts,
  schoolToday,
  studentColumns,
  studentOf,
} from "./common.ts";
import { checkedRange } from "./status.ts";

type CourseRow = typeof courses.$inferSelect;

export interface CourseReportArgs extends PageArgs {
  uuid: string;
  start_date?: string | null;
  end_date?: string | null;
}

export interface CourseSession {
  date: string;
  /** why the session did not take place: "cancelled", "closure", or null */
  cancelled: string | null;
}

export interface CourseReportRow extends StatusCounts {
  student: ReportStudent;
  /** the student's status at each session of `sessions`, in the same order; null: no attendance */
  statuses: (number | null)[];
}

export interface CourseReport {
  course: CourseRow;
  start_date: string;
  end_date: string;
  sessions: CourseSession[];
  data: CourseReportRow[];
  total: number;
  by_status: { status: number; count: number }[];
}

/** The checked filter of a Class report: the course the viewer sees and its range. */
export async function courseReportFilter(
  data: Scoped,
  args: Pick<CourseReportArgs, "uuid" | "start_date" | "end_date">,
) {
  const uuid = requiredText(args.uuid, "uuid");
  const given = checkedRange(args.start_date, args.end_date, false);
  const course = await courseByUuid(data, uuid);
  if (!course) throw notFound("Course");
  const { today } = await schoolToday(data);
  const { start, end } = courseReportRange(given, course, today);
  return { course, start, end };
}

type Filter = Awaited<ReturnType<typeof courseReportFilter>>;

/** The course's attendance rows in the range (not yet the viewer's visibility). */
const rowsWhere = (f: Filter) =>
  and(
    eq(attendance.attendable_type, "course"),
    eq(attendance.attendable_id, f.course.id),
    gte(attendance.meets, f.start),
    lte(attendance.meets, f.end),
  ) as SQL;

/**
 * The rows of the grid: the course's live enrolled students, and anyone with attendance of it
 * in the range (a student who left the course keeps their history), as the viewer sees them.
 */
const rosterIds = (data: Scoped, f: Filter) =>
  data.ids(
    "students",
    sql`(${and(isNull(students.deleted_at), sql`${students.id} in (select student_id from student_course where course_id = ${f.course.id})`)}
      or ${students.id} in (select ${attendance.student_id} from ${attendance} where ${rowsWhere(f)}))`,
  );

/** The session dates of the range: the course's calendar and any date that has attendance. */
async function sessionsOf(data: Scoped, f: Filter): Promise<CourseSession[]> {
  const [held, cancelled, closures] = await Promise.all([
    rowsOf(
      data,
      sql`select distinct ${attendance.meets}::text as meets from ${attendance} where ${and(data.visible("attendance"), rowsWhere(f))}`,
    ),
    data.rows("cancellations", {
      where: and(
        eq(cancellations.course_id, f.course.id),
        gte(cancellations.date, f.start),
        lte(cancellations.date, f.end),
      ),
    }),
    data.rows("closures", {
      where: and(
        eq(schoolClosures.school_id, f.course.school_id),
        lte(schoolClosures.start_date, f.end),
        gte(schoolClosures.end_date, f.start),
      ),
    }),
  ]);
  const dates = new Set([...courseMeetingDates(f.course, f.start, f.end), ...held.map((r) => dateText(r.meets))]);
  const off = new Set(cancelled.map((c) => c.date));
  return [...dates].sort().map((date) => ({
    date,
    cancelled: off.has(date)
      ? "cancelled"
      : closures.some((c) => c.start_date <= date && date <= c.end_date)
        ? "closure"
        : null,
  }));
}

/**
 * The Class report (issue 12): a course's sessions × students grid. One statement for the
 * page's students with their counts (sortable by name, APA or absences), the total and the
 * whole filter's status counts (the chart, as window sums over the same rows), one for the
 * page's statuses, and the session dates beside them.
 */
export async function courseReport(data: Scoped, args: CourseReportArgs): Promise<CourseReport> {
  const f = await courseReportFilter(data, args);
  const p = paging(args);
  const [page, sessions] = await Promise.all([courseReportPage(data, f, { ...args, ...p }), sessionsOf(data, f)]);
  let { total, by_status } = page;
  if (page.rows.length === 0 && p.offset > 0) {
    // past the last page: the totals came with no row
    const [n, counts] = await Promise.all([
      courseReportTotal(data, f),
      data.countBy<"attendance", number>("attendance", attendance.status, rowsWhere(f)),
    ]);
    total = n;
    by_status = byStatus(counts);
  }
  const grid = await statusGrid(data, f, page.rows, sessions);
  return {
    course: f.course,
    start_date: f.start,
    end_date: f.end,
    sessions,
    total,
    by_status,
    data: page.rows.map((r) => ({ ...r, statuses: grid.get(r.student.id) ?? [] })),
  };
}

/** The grid's orders (the CSV checks sort_by with them before it streams); "name": byStudentName. */
export const COURSE_SORTS: Record<string, SQL | "name"> = {
  name: "name",
  apa: sql`a.attended::float / nullif(a.attended + a.missed, 0)`,
  absences: sql`coalesce(a.absent, 0)`,
};

/** How many students the grid has. */
export async function courseReportTotal(data: Scoped, f: Filter): Promise<number> {
  const [r] = await rowsOf(data, sql`select count(*)::int as n from (${rosterIds(data, f)}) r`);
  return Number(r?.n ?? 0);
}

/**
 * Students of one page of the grid with their counts, in the asked order (CSV batches too),
 * with the total and each status's count over the whole grid. The roster reuses the counted
 * rows (`a`), so the course's attendance is read once.
 */
export async function courseReportPage(
  data: Scoped,
  f: Filter,
  args: { sort_by?: string | null; dir: "asc" | "desc"; perPage: number; offset: number },
): Promise<{
  rows: Omit<CourseReportRow, "statuses">[];
  total: number;
  by_status: { status: number; count: number }[];
}> {
  // by name as every list of students (decision 0612); the figures' ties by name ascending
  const col = sortColumn(args.sort_by, COURSE_SORTS, "name");
  const order =
    col === "name"
      ? byStudentName(args.dir, studentColumns("s"))
      : [sql`${col} ${sql.raw(args.dir)} nulls last`, ...byStudentName("asc", studentColumns("s"))];
  const roster = data.ids(
    "students",
    sql`(${and(isNull(students.deleted_at), sql`${students.id} in (select student_id from student_course where course_id = ${f.course.id})`)}
      or ${students.id} in (select student_id from a))`,
  );
  const sums = sql.raw(STATUSES.map((st) => `sum(a.${st.name}) over ()::int as all_${st.name}`).join(", "));
  const list = await rowsOf(
    data,
    sql`with a as (
        select student_id, ${STATUS_COUNTS_SQL} from ${attendance}
        where ${and(data.visible("attendance"), rowsWhere(f))} group by student_id),
      r as (${roster})
      select s.id, s.uuid, s.first_name, s.last_name, s.preferred_name, s.school_identifier, a.*,
        count(*) over ()::int as all_rows, ${sums}
      from ${students} s join r on r.id = s.id left join a on a.student_id = s.id
      order by ${sql.join(order, sql`, `)}
      limit ${args.perPage} offset ${args.offset}`,
  );
  const first = list[0] ?? {};
  return {
    rows: list.map((r) => ({ student: studentOf(r), ...countsOf(r) })),
    total: num(first.all_rows),
    by_status: byStatus(new Map(STATUSES.map((st) => [st.id as number, num(first[`all_${st.name}`])]))),
  };
}

/** The statuses of these students at the sessions, in one statement, aligned with `sessions`. */
export async function statusGrid(
  data: Scoped,
  f: Filter,
  page: { student: { id: number } }[],
  sessions: CourseSession[],
): Promise<Map<number, (number | null)[]>> {
  const ids = page.map((r) => r.student.id);
  const grid = new Map(ids.map((id) => [id, sessions.map(() => null as number | null)]));
  if (!ids.length) return grid;
  const at = new Map(sessions.map((s, i) => [s.date, i]));
  const rows = await rowsOf(
    data,
    sql`select ${attendance.student_id} as student_id, ${attendance.meets}::text as meets, ${attendance.status} as status
      from ${attendance} where ${and(data.visible("attendance"), rowsWhere(f), inArray(attendance.student_id, ids))}`,
  );
  for (const r of rows) {
    const i = at.get(dateText(r.meets));
    const line = grid.get(Number(r.student_id));
    if (i !== undefined && line) line[i] = Number(r.status);
  }
  return grid;
}

/** For the CSV export, which reads the same filter in batches. */
export { rosterIds, sessionsOf };
export type CourseReportFilter = Filter;
