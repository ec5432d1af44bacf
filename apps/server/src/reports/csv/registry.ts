import { beaconExport } from "./beacon.ts";
import { cancellationExport } from "./cancellation.ts";
import { canvasExport } from "./canvas.ts";
import { classExport } from "./class.ts";
import { eventExport } from "./event.ts";
import { facilityExport } from "./facility.ts";
import { lastAttendanceExport } from "./last-attendance.ts";
import { presenceExport } from "./presence.ts";
import type { ReportExport } from "./report-export.ts";
import { setupExport } from "./setup.ts";
import { statusExport } from "./status.ts";
import { studentExport } from "./student.ts";
import { teamExport } from "./team.ts";
import { tokenExport } from "./token.ts";

/**
 * Every report that exports CSV, by its page name (/Reports/{page}). The export route
 * (reports/csv/routes.ts) answers 404 for a page not listed here, or not allowed to the viewer.
 * One import and one line per report.
 */
export const REPORT_EXPORTS = [
  statusExport,
  cancellationExport,
  classExport,
  studentExport,
  teamExport,
  eventExport,
  lastAttendanceExport,
  setupExport,
  tokenExport,
  beaconExport,
  presenceExport,
  facilityExport,
  canvasExport,
  // each report module adds its export here
] as unknown as readonly ReportExport<unknown>[];
