import { isAdmin } from "@rollbook/domain";
import type { Viewer } from "./viewer.ts";

/**
 * Who may open reports, for the CSV route (GraphQL says the same with authScopes): a full access
 * token with access_reports; the admin-only reports also need an admin role (id 1-4).
 */
export const viewerIsAllowedReports = (v: Viewer): boolean =>
  v.tokenKind === "access" && v.permissions.access_reports === true;

export const viewerIsAllowedAdminReports = (v: Viewer): boolean => viewerIsAllowedReports(v) && isAdmin(v.roleId);
