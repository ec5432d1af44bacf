/**
 * The built report pages by name: one small config each (pages/). A report of the list without
 * a page here is shown as coming, not as a broken link.
 */

import { beaconConfig } from "./pages/beacon.tsx";
import { cancellationConfig } from "./pages/cancellation.tsx";
import { canvasConfig } from "./pages/canvas.tsx";
import { classConfig } from "./pages/class.tsx";
import { eventConfig } from "./pages/event.tsx";
import { facilityConfig } from "./pages/facility.tsx";
import { lastAttendanceConfig } from "./pages/last-attendance.tsx";
import { presenceConfig } from "./pages/presence.tsx";
import { setupConfig } from "./pages/setup.tsx";
import { statusConfig } from "./pages/status.tsx";
import { studentConfig } from "./pages/student.tsx";
import { teamConfig } from "./pages/team.tsx";
import { tokenConfig } from "./pages/token.tsx";
import type { ReportConfig } from "./report-config.ts";
import type { ReportName } from "./report-list.ts";

// each report has its own row type; the page is generic over it
export const REPORT_PAGES: Partial<Record<ReportName, ReportConfig<any>>> = {
  Status: statusConfig,
  Cancellation: cancellationConfig,
  Canvas: canvasConfig,
  Class: classConfig,
  Student: studentConfig,
  Team: teamConfig,
  Event: eventConfig,
  LastAttendance: lastAttendanceConfig,
  Setup: setupConfig,
  Token: tokenConfig,
  Beacon: beaconConfig,
  Presence: presenceConfig,
  Facility: facilityConfig,
};
