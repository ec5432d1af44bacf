/**
 * Every report of spec section 2, with what it answers and who may open it. The /Reports index
 * lists `reportsFor(viewer)` and the /Reports/:report route opens a report only if `mayOpenReport`
 * (else it sends the viewer to the Dashboard saying why), so a link is never shown for a report the
 * route would refuse. Pure, tested without a browser.
 */
import { type ReportName, mayOpenReport as roleMayOpen } from "@rollbook/domain";
import type { AccessViewer } from "../../app/access.ts";

export { REPORT_NAMES, type ReportName } from "@rollbook/domain";

export interface ReportInfo {
  name: ReportName;
  title: string;
  /** One line: the question the report answers. */
  description: string;
}

export const REPORTS: readonly ReportInfo[] = [
  {
    name: "Status",
    title: "Status",
    description: "How each participant's attendance stood, session by session, over a date range.",
  },
  {
    name: "Cancellation",
    title: "Cancellations",
    description: "Which class dates were cancelled and when the school was closed.",
  },
  {
    name: "Canvas",
    title: "Canvas gradebook",
    description: "Attendance as a percentage per participant and class, as a CSV that Canvas imports.",
  },
  {
    name: "Class",
    title: "Class",
    description: "Every session of one class against its participants, with each status.",
  },
  {
    name: "Student",
    title: "Participant",
    description: "One participant's sessions of a class or event, with status, enter and exit.",
  },
  {
    name: "Team",
    title: "Group",
    description: "A group's participants with their APA, travel and missed sessions.",
  },
  {
    name: "Event",
    title: "Events",
    description: "Events with how many are attending, waitlisted, attended and missed.",
  },
  {
    name: "LastAttendance",
    title: "Last attendance",
    description: "When each participant last attended each class, and how many days ago.",
  },
  {
    name: "Setup",
    title: "Setup",
    description: "Participants whose phone is missing or not set up, and classes without a location or beacons.",
  },
  {
    name: "Token",
    title: "Tokens",
    description: "Participants' personal tokens for chosen groups and classes, ready to print.",
  },
  {
    name: "Beacon",
    title: "Beacons",
    description: "Every beacon with its location, battery and when it was last seen.",
  },
  {
    name: "Presence",
    title: "Presence",
    description: "Who is inside which location now, and over a period.",
  },
  {
    name: "Facility",
    title: "Facility",
    description: "How busy one location is, hour by hour, on one day.",
  },
];

/**
 * Whether the viewer may open the report: the domain's rule, which the server's report calls and
 * exports follow too (access_reports; an admin role for Beacon, Presence and Facility; reset_token
 * for Token).
 */
export const mayOpenReport = (report: ReportInfo, viewer: AccessViewer): boolean =>
  roleMayOpen(report.name, { roleId: viewer.role.id, permissions: viewer.role.permissions });

/** The reports the viewer may open, in the spec's order. */
export const reportsFor = (viewer: AccessViewer) => REPORTS.filter((r) => mayOpenReport(r, viewer));

/** The report named in the URL (the name is exact), whoever may open it; null for no such report. */
export const reportNamed = (name: string | undefined): ReportInfo | null =>
  REPORTS.find((r) => r.name === name) ?? null;
