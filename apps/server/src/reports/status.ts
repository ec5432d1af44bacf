import { ReportInputError, reportRange, STATUSES } from "@rollbook/domain";
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Scoped } from "../access/scoped.ts";
import { attendance, students } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { type PageArgs, paging, sortColumn } from "../graphql/paging.ts";

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

/**
 * The Status report (issue 12): the attendance of every session in the range, per session and
 * student, as the viewer may see it (the scope's attendance: students they see), with the
 * count of each status over the whole filter. Sessions still open count as they stand.
 */
/** The Status report's filter, checked (dates, classes, location): the call and its CSV share it. */
export function statusFilter(args: StatusReportArgs): SQL {
  const { start, end } = checkedRange(args.start_date, args.end_date) as { start: string; end: string };
  const parts: (SQL | undefined)[] = [gte(attendance.meets, start), lte(attendance.meets, end)];
  if (args.classes != null) {
    const ids = [...new Set(args.classes)];
    if (ids.length > MAX_CLASSES) throw userError(`classes: at most ${MAX_CLASSES} at a time`, "classes");
    if (ids.some((i) => !Number.isSafeInteger(i))) throw userError("classes must be course ids", "classes");
    // classes are courses: an unseen or foreign id simply matches nothing, as in every list
    parts.push(eq(attendance.attendable_type, "course"));
    parts.push(ids.length ? inArray(attendance.attendable_id, ids) : sql`false`);
  }
  if (args.location_id != null) {
    if (!Number.isSafeInteger(args.location_id)) throw userError("location_id must be an id", "location_id");
    parts.push(eq(attendance.location_id, args.location_id));
  }
  return and(...parts) as SQL;
}

export async function statusReport(data: Scoped, args: StatusReportArgs): Promise<StatusReport> {
  const where = statusFilter(args);
  const p = paging(args);
  const col = sortColumn<SQL | PgColumn>(
    args.sort_by,
    {
      date: attendance.meets,
      status: attendance.status,
      enter: attendance.enter,
      exit: attendance.exit,
      // the student's name: one index lookup per row of the page, not a join the scope must know
      student: sql`(select lower(${students.last_name} || ' ' || ${students.first_name}) from ${students} where ${students.id} = ${attendance.student_id})`,
    },
    "date",
  );
  const order = p.dir === "asc" ? asc(col) : desc(col);
  const [page, counts] = await Promise.all([
    data.page("attendance", {
      where,
      orderBy: [sql`${order} nulls last`, asc(attendance.meets), asc(attendance.id)],
      limit: p.perPage,
      offset: p.offset,
    }),
    data.countBy<"attendance", number>("attendance", attendance.status, where),
  ]);
  const by_status = STATUSES.map((s) => ({ status: s.id as number, count: counts.get(s.id) ?? 0 })).filter(
    (s) => s.count > 0,
  );
  return { ...page, by_status };
}
