/**
 * Who may open which report (spec section 2), one rule for both sides: the server's report calls
 * and CSV exports refuse what it refuses, and the web app lists, opens or refuses by it.
 */
import { isAdmin, type PermissionFlag } from "../roles.ts";

/** The reports, by the name in their URL (/Reports/{name}), in the spec's order. */
export const REPORT_NAMES = [
  "Status",
  "Cancellation",
  "Canvas",
  "Class",
  "Student",
  "Team",
  "Event",
  "LastAttendance",
  "Setup",
  "Token",
  "Beacon",
  "Presence",
  "Facility",
] as const;

export type ReportName = (typeof REPORT_NAMES)[number];

export const isReportName = (name: string | null | undefined): name is ReportName =>
  (REPORT_NAMES as readonly string[]).includes(name ?? "");

/**
 * "reports": anyone with access_reports; "admin": access_reports and an admin role (id 1-4);
 * "tokens": access_reports and reset_token (the tokens printed are what a phone signs in with).
 */
export type ReportAudience = "reports" | "admin" | "tokens";

export const REPORT_AUDIENCE: Readonly<Record<ReportName, ReportAudience>> = {
  Status: "reports",
  Cancellation: "reports",
  Canvas: "reports",
  Class: "reports",
  Student: "reports",
  Team: "reports",
  Event: "reports",
  LastAttendance: "reports",
  Setup: "reports",
  Token: "tokens",
  Beacon: "admin",
  Presence: "admin",
  Facility: "admin",
};

/** A role as far as reports go: its id and its permission flags (as stored for the school). */
export interface ReportViewer {
  roleId: number;
  permissions: Partial<Record<PermissionFlag, boolean>>;
}

/** Whether a role may open reports of an audience: access_reports always, more for some. */
export function audienceAllows(audience: ReportAudience, viewer: ReportViewer): boolean {
  if (viewer.permissions.access_reports !== true) return false;
  if (audience === "admin") return isAdmin(viewer.roleId);
  if (audience === "tokens") return viewer.permissions.reset_token === true;
  return true;
}

/** Whether a role may open the named report. */
export const mayOpenReport = (name: ReportName, viewer: ReportViewer): boolean =>
  audienceAllows(REPORT_AUDIENCE[name], viewer);
