import { viewerIsAllowedReports } from "../../access/report-access.ts";
import { paging, sortColumn } from "../../graphql/paging.ts";
import { EXPORT_BATCH } from "../common.ts";
import { EVENT_SORTS, eventReportFilter, eventRows } from "../event.ts";
import type { Cell, ReportExport } from "./report-export.ts";

interface EventCsvArgs {
  start_date: string | null;
  end_date: string | null;
  sort_by: string | null;
  dir: "asc" | "desc";
}

/** The Event report as CSV: every event of the filter with its four counts, in the screen's order. */
export const eventExport: ReportExport<EventCsvArgs> = {
  page: "Event",
  file: "event-report",
  allowed: viewerIsAllowedReports,
  parse: (q) => {
    const args = { start_date: q.start_date || null, end_date: q.end_date || null, sort_by: q.sort_by || null };
    eventReportFilter(args);
    sortColumn(args.sort_by, EVENT_SORTS, "date");
    return { ...args, dir: paging({ sort_dir: q.sort_dir || null }).dir };
  },
  header: ["date", "title", "attending", "waitlisted", "attended", "missed"],
  count: (data, args) => data.count("events", eventReportFilter(args)),
  async *rows(scope, args) {
    const where = eventReportFilter(args);
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const page = await eventRows(scope(), where, { ...args, perPage: EXPORT_BATCH, offset });
      if (page.length === 0) return;
      yield page.map((r): Cell[] => [r.date, r.title, r.attending, r.waitlisted, r.attended, r.missed]);
      if (page.length < EXPORT_BATCH) return;
    }
  },
};
