/**
 * The /Teams list's filters in the URL query (query, state), next to the grid's page, per_page,
 * sort_by and sort_dir, so a reload or a shared link shows the same rows. Pure, tested without a
 * browser.
 */
import { emptyListText, NO_MATCH } from "../../../ui/grid/empty-text.ts";
import type { GridParams } from "../../../ui/grid/grid-params.ts";

export const TEAM_STATES = ["active", "removed"] as const;
export type TeamState = (typeof TEAM_STATES)[number];

/** The columns the server sorts teams by (teams/list.ts). */
export const TEAM_SORTS = ["name", "students_count", "apa", "created_at"] as const;

export const TEAM_GRID_DEFAULTS = { sort_by: "name", sort_dir: "asc", sortable: TEAM_SORTS } as const;

export interface TeamFilters {
  query: string;
  state: TeamState;
}

export function parseTeamFilters(q: URLSearchParams): TeamFilters {
  return {
    query: (q.get("query") ?? "").slice(0, 200),
    state: q.get("state") === "removed" ? "removed" : "active",
  };
}

/**
 * A copy of the query with the filters changed. A change of a filter starts again at page 1;
 * unchanged filters leave the page alone. Defaults are left out of the URL.
 */
export function withTeamFilters(q: URLSearchParams, patch: Partial<TeamFilters>): URLSearchParams {
  const current = parseTeamFilters(q);
  const next = { ...current, ...patch };
  const changed = next.query.trim() !== current.query.trim() || next.state !== current.state;
  const out = new URLSearchParams(q);
  if (next.query.trim() === "") out.delete("query");
  else out.set("query", next.query);
  if (next.state === "active") out.delete("state");
  else out.set("state", next.state);
  if (changed) out.set("page", "1");
  return out;
}

/** The `teams` query's variables: the filters (blank ones left out) and the grid's page and order. */
export function teamsVariables(f: TeamFilters, g: GridParams) {
  return {
    state: f.state,
    ...(f.query.trim() ? { query: f.query.trim() } : {}),
    page: g.page,
    per_page: g.per_page,
    ...(g.sort_by ? { sort_by: g.sort_by, sort_dir: g.sort_dir } : {}),
  };
}

export const teamsCaption = (f: TeamFilters) => (f.state === "removed" ? "Removed teams" : "Teams");

/** The empty list's words: a search found nothing, or there are no teams (in the school, or for this viewer). */
export function teamsEmptyText(f: TeamFilters, roleId: number): string {
  if (f.query.trim()) return NO_MATCH;
  return f.state === "removed"
    ? emptyListText("removed teams", { roleId })
    : emptyListText("teams", { roleId, yet: true });
}
