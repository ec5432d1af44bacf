import { MAX_PAGE_SIZE } from "@rollbook/domain";
import { viewerIsAllowedReports } from "../../access/report-access.ts";
import { type CancellationReportArgs, cancellationReport } from "../cancellation.ts";
import { idList, type ReportExport } from "./report-export.ts";

/**
 * The Cancellation report as CSV, in the screen's order. A school has hundreds of cancelled
 * dates, not millions: the report's own pages, at the largest page size, are the batches.
 */
export const cancellationExport: ReportExport<CancellationReportArgs> = {
  page: "Cancellation",
  file: "cancellation-report",
  allowed: viewerIsAllowedReports,
  parse: (q) => {
    const args = {
      start_date: q.start_date,
      end_date: q.end_date,
      classes: idList(q, "classes"),
      sort_by: q.sort_by,
      sort_dir: q.sort_dir,
    };
    return args;
  },
  header: ["kind", "start_date", "end_date", "class", "notes"],
  count: async (data, args) => (await cancellationReport(data, { ...args, per_page: 1 })).total,
  async *rows(scope, args) {
    for (let page = 1; ; page++) {
      const { data } = await cancellationReport(scope(), { ...args, page, per_page: MAX_PAGE_SIZE });
      if (data.length) yield data.map((r) => [r.kind, r.start_date, r.end_date, r.title, r.notes]);
      if (data.length < MAX_PAGE_SIZE) return;
    }
  },
};
