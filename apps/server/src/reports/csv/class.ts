import { viewerIsAllowedReports } from "../../access/report-access.ts";
import type { Scoped } from "../../access/scoped.ts";
import { paging, sortColumn } from "../../graphql/paging.ts";
import { EXPORT_BATCH, requiredText, statusCell } from "../common.ts";
import {
  COURSE_SORTS,
  type CourseReportArgs,
  courseReportFilter,
  courseReportPage,
  courseReportTotal,
  sessionsOf,
  statusGrid,
} from "../course.ts";
import { checkedRange } from "../status.ts";
import type { Cell, ReportExport } from "./report-export.ts";

type ClassCsvArgs = Pick<CourseReportArgs, "uuid" | "start_date" | "end_date" | "sort_by"> & { dir: "asc" | "desc" };

/** The grid's leading columns; one column per session date follows (`headerOf`). */
const FIXED = [
  "last_name",
  "first_name",
  "school_identifier",
  "present",
  "late",
  "absent",
  "excused",
  "left_early",
  "cancelled",
  "travel",
  "apa",
] as const;

/**
 * The Class report as CSV: one row per student of the grid, in the screen's order, with each
 * status's count, APA, and the status at each session date (a column per date). A course has
 * hundreds of students, so batches page through the grid's own query.
 */
export const classExport: ReportExport<ClassCsvArgs> & {
  headerOf: (data: Scoped, args: ClassCsvArgs) => Promise<string[]>;
  rows: NonNullable<ReportExport<ClassCsvArgs>["rows"]>;
} = {
  page: "Class",
  file: "class-report",
  allowed: viewerIsAllowedReports,
  parse: (q) => {
    const uuid = requiredText(q.uuid, "uuid");
    checkedRange(q.start_date, q.end_date, false);
    const { dir } = paging({ sort_dir: q.sort_dir || null });
    sortColumn(q.sort_by || null, COURSE_SORTS, "name");
    return { uuid, start_date: q.start_date || null, end_date: q.end_date || null, sort_by: q.sort_by || null, dir };
  },
  header: FIXED,
  /** the whole header: the leading columns, then the session dates of the range */
  async headerOf(data, args) {
    const f = await courseReportFilter(data, args);
    return [...FIXED, ...(await sessionsOf(data, f)).map((s) => s.date)];
  },
  count: async (data, args) => courseReportTotal(data, await courseReportFilter(data, args)),
  async *rows(scope, args) {
    const first = scope();
    const f = await courseReportFilter(first, args);
    const sessions = await sessionsOf(first, f);
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const data = scope();
      const { rows: page } = await courseReportPage(data, f, { ...args, perPage: EXPORT_BATCH, offset });
      if (page.length === 0) return;
      const grid = await statusGrid(data, f, page, sessions);
      yield page.map((r): Cell[] => [
        r.student.last_name,
        r.student.first_name,
        r.student.school_identifier,
        r.present,
        r.late,
        r.absent,
        r.excused,
        r.left_early,
        r.cancelled,
        r.travel,
        r.apa,
        ...(grid.get(r.student.id) ?? []).map(statusCell),
      ]);
      if (page.length < EXPORT_BATCH) return;
    }
  },
};
