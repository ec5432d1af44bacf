import { atMost, ReportInputError, reportRange, STATUSES, seesAssignedOnly } from "@rollbook/domain";
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Scoped } from "../access/scoped.ts";
import { byName } from "../db/collation.ts";
import { attendance, attendanceSessionCounts as sessionCounts, students } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { type PageArgs, paging, sortColumn } from "../graphql/paging.ts";
import { num, rowsOf } from "./common.ts";

export type AttendanceRow = typeof attendance.$inferSelect;

export interface StatusReportArgs extends PageArgs {
  start_date?: string | null;
  end_date?: string | null;
  /** course ids: only these classes (events are left out then) */
  classes?: readonly number[] | null;
  location_id?: number | null;
}

export interface StatusReport {
  data: AttendanceRow[];
  total: number;
  /** every status of the whole filter (not the page) with its count, in status order: the chart */
  by_status: { status: number; count: number }[];
}

/** The dates checked as every report checks them, as a GraphQL error naming the field. */
export function checkedRange(start?: string | null, end?: string | null, required = true) {
  try {
    return reportRange(start, end, required);
  } catch (e) {
    if (e instanceof ReportInputError) throw userError(e.message, e.field);
    throw e;
  }
}

const MAX_CLASSES = 500;

/** What the Status report sorts by; its CSV, written in date order, refuses the same others. */
export const STATUS_SORTS = ["date", "status", "enter", "exit", "student"] as const;
type StatusSort = (typeof STATUS_SORTS)[number];

/** Refuses a sort_by the report's call would refuse, naming the field (for the CSV, which reads no other). */
export function checkedStatusSort(sortBy: string | null | undefined): void {
  sortColumn(sortBy, Object.fromEntries(STATUS_SORTS.map((k) => [k, k])), "date");
}

/** The Status report's filter, checked: the dates, the classes (deduplicated), the location. */
interface StatusWhere {
  start: string;
  end: string;
  classes: number[] | null;
  location_id: number | null;
}

function checkedStatusWhere(args: StatusReportArgs): StatusWhere {
  const { start, end } = checkedRange(args.start_date, args.end_date) as { start: string; end: string };
  let classes: number[] | null = null;
  if (args.classes != null) {
    const ids = [...new Set(args.classes)];
    if (ids.length > MAX_CLASSES) throw userError(`classes ${atMost(MAX_CLASSES, "item")}`, "classes");
    if (ids.some((i) => !Number.isSafeInteger(i) || i < 1)) throw userError("classes must be course ids", "classes");
    classes = ids;
  }
  if (args.location_id != null && (!Number.isSafeInteger(args.location_id) || args.location_id < 1))
    throw userError("location_id must be an id", "location_id");
  return { start, end, classes, location_id: args.location_id ?? null };
}

/** The filter over the columns of attendance, or of attendance_session_counts (the same names). */
function whereOf(t: typeof attendance | typeof sessionCounts, w: StatusWhere): SQL {
  const parts: (SQL | undefined)[] = [gte(t.meets, w.start), lte(t.meets, w.end)];
  if (w.classes !== null) {
    // classes are courses: an unseen or foreign id simply matches nothing, as in every list
    parts.push(eq(t.attendable_type, "course"));
    parts.push(w.classes.length ? inArray(t.attendable_id, w.classes) : sql`false`);
  }
  if (w.location_id !== null) parts.push(eq(t.location_id, w.location_id));
  return and(...parts) as SQL;
}

/**
 * The clock time a row's session starts (its course's or event's start_time when the row was
 * written, on the school's clock as `meets` is): the second key of date order, so that one day's
 * 9 AM class comes before its 2 PM one whatever order their rows were written in (ids). Stored on
 * the row (a trigger fills it, migration 0024) and in attendance_school_meets_start_id after meets,
 * so a page of date order reads its 25 rows from the index, forwards or backwards (decision 0820).
 */
export const sessionStart = attendance.session_start;

/** The Status report's filter, checked (dates, classes, location): the call and its CSV share it. */
export function statusFilter(args: StatusReportArgs): SQL {
  return whereOf(attendance, checkedStatusWhere(args));
}

/**
 * The count of each status of the filter from attendance_session_counts (kept by triggers on
 * attendance, decision 0821): a sum over the range's sessions, not a pass over its rows. Only for a
 * viewer who sees the whole school: their visible attendance is every row of the school (the
 * visibility's student condition adds nothing, attendance.school_id being the student's school).
 */
async function summaryCounts(data: Scoped, w: StatusWhere): Promise<Map<number, number>> {
  const rows = await rowsOf(
    data,
    sql`select ${sessionCounts.status} as status, sum(${sessionCounts.n})::int as n from ${sessionCounts}
      where ${sessionCounts.school_id} = ${data.viewer.schoolId} and ${whereOf(sessionCounts, w)}
      group by ${sessionCounts.status}`,
  );
  return new Map(rows.map((r) => [num(r.status), num(r.n)]));
}

/**
 * The Status report (issue 12): the attendance of every session in the range, per session and
 * student, as the viewer may see it (the scope's attendance: students they see), with the
 * count of each status over the whole filter. Sessions still open count as they stand.
 * A viewer who sees the whole school gets the counts from the summary (decision 0821); an
 * assigned-only viewer's visibility is per student, so theirs are counted from the rows.
 */
export async function statusReport(data: Scoped, args: StatusReportArgs): Promise<StatusReport> {
  const w = checkedStatusWhere(args);
  const where = whereOf(attendance, w);
  const p = paging(args);
  const byDate = (args.sort_by ?? "date") === "date";
  // the student's name: one index lookup per row, not a join the scope must know. Last name, then
  // first name, in the names' collation as every list of students (decision 0612): a text[] compares
  // element by element in its collation, so one lookup gives both keys (two subqueries, two lookups)
  const name = byName(
    sql`(select array[${students.last_name}, ${students.first_name}] from ${students} where ${students.id} = ${attendance.student_id})`,
  );
  const columns: Record<StatusSort, SQL | PgColumn> = {
    date: attendance.meets,
    status: attendance.status,
    enter: attendance.enter,
    exit: attendance.exit,
    student: name,
  };
  const col = sortColumn<SQL | PgColumn>(args.sort_by, columns, "date");
  // by date: the day, the session's start time, then the id (stable pages), every key in one
  // direction: a scan of attendance_school_meets_start_id, forwards or backwards (decision 0820)
  const orderBy = byDate
    ? p.dir === "asc"
      ? [asc(attendance.meets), asc(sessionStart), asc(attendance.id)]
      : [desc(attendance.meets), desc(sessionStart), desc(attendance.id)]
    : // another sort reads the whole range anyway; its ties are broken by day, then id
      [sql`${p.dir === "asc" ? asc(col) : desc(col)} nulls last`, asc(attendance.meets), asc(attendance.id)];
  const pageRows = data.rows("attendance", { where, orderBy, limit: p.perPage, offset: p.offset });
  const [rows, counts] = await Promise.all([
    pageRows,
    seesAssignedOnly(data.viewer.roleId)
      ? data.countBy<"attendance", number>("attendance", attendance.status, where)
      : summaryCounts(data, w),
  ]);
  const by_status = STATUSES.map((s) => ({ status: s.id as number, count: counts.get(s.id) ?? 0 })).filter(
    (s) => s.count > 0,
  );
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return { data: rows, total, by_status };
}
