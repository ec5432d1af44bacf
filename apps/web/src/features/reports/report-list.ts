/**
 * Every report of spec section 2, with what it answers and who may open it. The /Reports index
 * lists `reportsFor(viewer)` and the /Reports/:report route opens only `findReport(...)`, so a link
 * is never shown for a report the route would refuse. Pure, tested without a browser.
 */
import { isAdmin } from "@rollbook/domain";
import type { AccessViewer } from "../../app/access.ts";

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

/**
 * "reports": anyone with access_reports; "admin": access_reports and an admin role (id ≤ 4);
 * "tokens": access_reports and reset_token (the tokens printed are what a phone signs in with).
 */
export type ReportAudience = "reports" | "admin" | "tokens";

export interface ReportInfo {
  name: ReportName;
  title: string;
  /** One line: the question the report answers. */
  description: string;
  audience: ReportAudience;
}

export const REPORTS: readonly ReportInfo[] = [
  {
    name: "Status",
    title: "Status",
    description: "How each participant's attendance stood, session by session, over a date range.",
    audience: "reports",
  },
  {
    name: "Cancellation",
    title: "Cancellations",
    description: "Which class dates were cancelled and when the school was closed.",
    audience: "reports",
  },
  {
    name: "Canvas",
    title: "Canvas gradebook",
    description: "Attendance as a percentage per participant and class, as a CSV that Canvas imports.",
    audience: "reports",
  },
  {
    name: "Class",
    title: "Class",
    description: "Every session of one class against its participants, with each status.",
    audience: "reports",
  },
  {
    name: "Student",
    title: "Participant",
    description: "One participant's sessions of a class or event, with status, enter and exit.",
    audience: "reports",
  },
  {
    name: "Team",
    title: "Group",
    description: "A group's participants with their APA, travel and missed sessions.",
    audience: "reports",
  },
  {
    name: "Event",
    title: "Events",
    description: "Events with how many are attending, waitlisted, attended and missed.",
    audience: "reports",
  },
  {
    name: "LastAttendance",
    title: "Last attendance",
    description: "When each participant last attended each class, and how many days ago.",
    audience: "reports",
  },
  {
    name: "Setup",
    title: "Setup",
    description: "Participants whose phone is missing or not set up, and classes without a location or beacons.",
    audience: "reports",
  },
  {
    name: "Token",
    title: "Tokens",
    description: "Participants' personal tokens for chosen groups and classes, ready to print.",
    audience: "tokens",
  },
  {
    name: "Beacon",
    title: "Beacons",
    description: "Every beacon with its location, battery and when it was last seen.",
    audience: "admin",
  },
  {
    name: "Presence",
    title: "Presence",
    description: "Who is inside which location now, and over a period.",
    audience: "admin",
  },
  {
    name: "Facility",
    title: "Facility",
    description: "How busy one location is, hour by hour, on one day.",
    audience: "admin",
  },
];

/** Whether the viewer may open the report: access_reports always, an admin role for some. */
export function mayOpenReport(report: ReportInfo, viewer: AccessViewer): boolean {
  if (!viewer.role.permissions.access_reports) return false;
  if (report.audience === "admin") return isAdmin(viewer.role.id);
  if (report.audience === "tokens") return viewer.role.permissions.reset_token;
  return true;
}

/** The reports the viewer may open, in the spec's order. */
export const reportsFor = (viewer: AccessViewer) => REPORTS.filter((r) => mayOpenReport(r, viewer));

/**
 * The report named in the URL, or null when there is none by that name or the viewer may not
 * open it: both answer the same, so a URL does not tell which reports exist for others.
 */
export function findReport(name: string | undefined, viewer: AccessViewer): ReportInfo | null {
  const report = REPORTS.find((r) => r.name === name);
  return report && mayOpenReport(report, viewer) ? report : null;
}
