import { viewerIsAllowedReports } from "../../access/report-access.ts";
import { paging, sortColumn } from "../../graphql/paging.ts";
import { EXPORT_BATCH, requiredText } from "../common.ts";
import { checkedRange } from "../status.ts";
import { TEAM_SORTS, type TeamReportArgs, teamReportFilter, teamRows } from "../team.ts";
import type { Cell, ReportExport } from "./report-export.ts";

type TeamCsvArgs = Pick<TeamReportArgs, "uuid" | "start_date" | "end_date" | "sort_by"> & { dir: "asc" | "desc" };

/** The Team report as CSV: each student of the team with APA, travel, missed and every count. */
export const teamExport: ReportExport<TeamCsvArgs> = {
  page: "Team",
  file: "team-report",
  allowed: viewerIsAllowedReports,
  parse: (q) => {
    const uuid = requiredText(q.uuid, "uuid");
    checkedRange(q.start_date, q.end_date, false);
    const { dir } = paging({ sort_dir: q.sort_dir || null });
    sortColumn(q.sort_by || null, TEAM_SORTS, "name");
    return { uuid, start_date: q.start_date || null, end_date: q.end_date || null, sort_by: q.sort_by || null, dir };
  },
  header: [
    "last_name",
    "first_name",
    "school_identifier",
    "apa",
    "travel",
    "missed",
    "present",
    "late",
    "absent",
    "excused",
    "left_early",
    "cancelled",
  ],
  count: async (data, args) => (await teamRows(data, await teamReportFilter(data, args), { dir: "asc" })).length,
  async *rows(scope, args) {
    const f = await teamReportFilter(scope(), args);
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const page = await teamRows(scope(), f, { ...args, perPage: EXPORT_BATCH, offset });
      if (page.length === 0) return;
      yield page.map((r): Cell[] => [
        r.student.last_name,
        r.student.first_name,
        r.student.school_identifier,
        r.apa,
        r.travel,
        r.missed,
        r.present,
        r.late,
        r.absent,
        r.excused,
        r.left_early,
        r.cancelled,
      ]);
      if (page.length < EXPORT_BATCH) return;
    }
  },
};
