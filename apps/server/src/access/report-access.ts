import { audienceAllows } from "@rollbook/domain";
import type { Viewer } from "./viewer.ts";

/**
 * Who may open reports, for the CSV route (GraphQL says the same with authScopes): a full access
 * token and the domain's rule (`audienceAllows`, which the web app opens or refuses a report by):
 * access_reports; the admin-only reports also an admin role (id 1-4); Token also reset_token.
 */
export const viewerIsAllowedReports = (v: Viewer): boolean => v.tokenKind === "access" && audienceAllows("reports", v);

export const viewerIsAllowedAdminReports = (v: Viewer): boolean =>
  v.tokenKind === "access" && audienceAllows("admin", v);

export const viewerIsAllowedTokenReport = (v: Viewer): boolean =>
  v.tokenKind === "access" && audienceAllows("tokens", v);
