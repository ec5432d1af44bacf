import { cancellationExport } from "./cancellation.ts";
import type { ReportExport } from "./report-export.ts";
import { statusExport } from "./status.ts";

/**
 * Every report that exports CSV, by its page name (/Reports/{page}). The export route
 * (reports/csv/routes.ts) answers 404 for a page not listed here, or not allowed to the viewer.
 * One import and one line per report.
 */
export const REPORT_EXPORTS = [
  statusExport,
  cancellationExport,
  // each report module adds its export here
] as unknown as readonly ReportExport<unknown>[];
