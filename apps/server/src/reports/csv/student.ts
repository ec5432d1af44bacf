import { type SQL, sql } from "drizzle-orm";
import { viewerIsAllowedReports } from "../../access/report-access.ts";
import { attendance } from "../../db/schema/index.ts";
import { userError } from "../../graphql/builder.ts";
import { paging } from "../../graphql/paging.ts";
import { EXPORT_BATCH, requiredText, rowsOf, statusCell } from "../common.ts";
import { checkedRange } from "../status.ts";
import { type StudentReportArgs, studentReportFilter, studentReportOrder, titleSql } from "../student.ts";
import type { Cell, ReportExport } from "./report-export.ts";

type StudentCsvArgs = Omit<StudentReportArgs, "page" | "per_page">;

/** A timestamp column as the driver hands it over, as an instant (the CSV writer puts it on the school's clock). */
const instant = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));

/**
 * The Student report as CSV: every session of the filter in the screen's order, with the
 * course's or event's title. One student's sessions are hundreds: batches page through them.
 */
export const studentExport: ReportExport<StudentCsvArgs> = {
  page: "Student",
  file: "student-report",
  allowed: viewerIsAllowedReports,
  parse: (q) => {
    const args = {
      uuid: requiredText(q.uuid, "uuid"),
      attendable_type: requiredText(q.attendable_type, "attendable_type"),
      attendable_uuid: q.attendable_uuid || null,
      start_date: q.start_date || null,
      end_date: q.end_date || null,
      sort_by: q.sort_by || null,
      sort_dir: q.sort_dir || "desc",
    };
    if (args.attendable_type !== "course" && args.attendable_type !== "event")
      throw userError("attendable_type must be course or event", "attendable_type");
    checkedRange(args.start_date, args.end_date, false);
    studentReportOrder(args, paging(args).dir);
    return args;
  },
  header: ["date", "type", "title", "status", "enter", "exit"],
  count: async (data, args) => data.count("attendance", await studentReportFilter(data, args)),
  async *rows(scope, args) {
    const where: SQL = await studentReportFilter(scope(), args);
    const dir = paging(args).dir;
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const data = scope();
      const list = await rowsOf(
        data,
        sql`select ${attendance.meets}::text as meets, ${attendance.attendable_type} as type, ${titleSql} as title,
          ${attendance.status} as status, ${attendance.enter} as enter, ${attendance.exit} as exit
        from ${attendance} where ${data.visible("attendance")} and ${where}
        order by ${sql.join(studentReportOrder(args, dir), sql`, `)} limit ${EXPORT_BATCH} offset ${offset}`,
      );
      if (list.length === 0) return;
      yield list.map((r): Cell[] => [
        String(r.meets),
        String(r.type),
        (r.title as string | null) ?? "-",
        statusCell(Number(r.status)),
        instant(r.enter),
        instant(r.exit),
      ]);
      if (list.length < EXPORT_BATCH) return;
    }
  },
};
