import { viewerIsAllowedReports } from "../../access/report-access.ts";
import { paging, sortColumn } from "../../graphql/paging.ts";
import { EXPORT_BATCH, schoolToday } from "../common.ts";
import { LAST_SORTS, lastAttendanceFilter, lastAttendanceRows, lastAttendanceTotal } from "../last-attendance.ts";
import { type Cell, idList, type ReportExport } from "./report-export.ts";

interface LastCsvArgs {
  classes: number[] | undefined;
  sort_by: string | null;
  dir: "asc" | "desc";
}

/** The LastAttendance report as CSV: every (student, course) pair with its last date and days since. */
export const lastAttendanceExport: ReportExport<LastCsvArgs> = {
  page: "LastAttendance",
  file: "last-attendance-report",
  allowed: viewerIsAllowedReports,
  parse: (q) => {
    const args = { classes: idList(q, "classes"), sort_by: q.sort_by || null };
    lastAttendanceFilter(args);
    sortColumn(args.sort_by, LAST_SORTS, "name");
    return { ...args, dir: paging({ sort_dir: q.sort_dir || null }).dir };
  },
  header: ["last_name", "first_name", "school_identifier", "class", "last_attended", "days_since"],
  count: (data, args) => lastAttendanceTotal(data, lastAttendanceFilter(args)),
  async *rows(scope, args) {
    const where = lastAttendanceFilter(args);
    // one today for the whole file, so a download across midnight does not mix two
    const { today } = await schoolToday(scope());
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const page = await lastAttendanceRows(scope(), where, { ...args, perPage: EXPORT_BATCH, offset }, today);
      if (page.length === 0) return;
      yield page.map((r): Cell[] => [
        r.student.last_name,
        r.student.first_name,
        r.student.school_identifier,
        r.course.title,
        r.last_attended,
        r.days_since,
      ]);
      if (page.length < EXPORT_BATCH) return;
    }
  },
};
