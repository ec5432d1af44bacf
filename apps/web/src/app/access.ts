/**
 * Who may open which area (spec section 2): the guards and the sidebar read the same table,
 * so a link is never shown for a page that would bounce the user back to the dashboard.
 */
import { isAdmin, isAdvisor, isJudge, isStaff, type PermissionFlag } from "@rollbook/domain";

export interface AccessViewer {
  role: { id: number; permissions: Record<PermissionFlag, boolean> };
}

export type Area =
  | "dashboard"
  | "participants"
  | "recurring"
  | "singular"
  | "groups"
  | "reports"
  | "users"
  | "settings"
  | "profile";

const everyone = () => true;

export const AREA_ACCESS: Record<Area, (v: AccessViewer) => boolean> = {
  dashboard: everyone,
  participants: everyone,
  recurring: everyone,
  singular: everyone,
  groups: everyone,
  profile: everyone,
  reports: (v) => v.role.permissions.access_reports,
  // admin roles plus academic advisor, professor (judge) and coach (staff)
  users: (v) => isAdmin(v.role.id) || isAdvisor(v.role.id) || isJudge(v.role.id) || isStaff(v.role.id),
  settings: (v) => isAdmin(v.role.id),
};

export const canOpen = (area: Area, viewer: AccessViewer) => AREA_ACCESS[area](viewer);

/** The sidebar, in the spec's order and wording. */
export const NAV_ITEMS: readonly { area: Area; label: string; path: string }[] = [
  { area: "dashboard", label: "Dashboard", path: "/Dashboard" },
  { area: "participants", label: "Participants", path: "/Students" },
  { area: "recurring", label: "Recurring", path: "/Courses" },
  { area: "singular", label: "Singular", path: "/Events" },
  { area: "groups", label: "Groups", path: "/Teams" },
  { area: "reports", label: "Reports", path: "/Reports" },
  { area: "users", label: "Users", path: "/Users" },
  { area: "settings", label: "Settings", path: "/Settings" },
];

export const navItemsFor = (viewer: AccessViewer) => NAV_ITEMS.filter((item) => canOpen(item.area, viewer));
