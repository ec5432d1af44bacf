import { viewerIsAllowedReports } from "../../access/report-access.ts";
import { checkSetup, type SetupReportArgs, setupFilter, setupOrder, setupRows } from "../setup.ts";
import { idList, type ReportExport } from "./report-export.ts";
import { intParam, offsetBatches, sortOf } from "./school-batches.ts";

/** The Setup report as CSV: every row of the mode (GET /api/v2/reports/Setup/export.csv?mode=...). */
export const setupExport: ReportExport<SetupReportArgs> = {
  page: "Setup",
  file: "setup",
  allowed: viewerIsAllowedReports,
  parse: (q) => {
    const args: SetupReportArgs = {
      mode: q.mode ?? "",
      days: intParam(q, "days"),
      classes: idList(q, "classes"),
      ...sortOf(q),
    };
    setupOrder(checkSetup(args), args);
    return args;
  },
  header: ["kind", "id", "uuid", "name", "detail", "last_seen"],
  count: (data, args) => {
    const f = setupFilter(data, args);
    return data.count(f.kind === "course" ? "courses" : "students", f.where);
  },
  rows: (scope, args) => {
    const now = new Date();
    return offsetBatches(
      scope,
      (data, limit, offset) => {
        const f = setupFilter(data, args, now);
        return setupRows(data, f, setupOrder(f, args), limit, offset);
      },
      (r) => [r.kind, r.id, r.uuid, r.name, r.detail, r.last_seen],
    );
  },
};
