/**
 * The /Users list's filters in the URL (query, role, state) beside the grid's paging and order,
 * so a reload or a shared link shows the same rows. Pure, tested without a browser.
 */
import type { GridParams } from "../../ui/grid/grid-params.ts";

export const USER_STATES = ["active", "inactive", "removed", "all"] as const;
export type UserState = (typeof USER_STATES)[number];

export const USER_SORTS = ["last_name", "first_name", "email", "role_id", "last_seen"] as const;
export const USER_GRID_DEFAULTS = { sort_by: "last_name", sort_dir: "asc", sortable: USER_SORTS } as const;

export interface UserFilters {
  query: string;
  /** a role id 1-9, or null for every role */
  role: number | null;
  state: UserState;
}

const isState = (v: string | null): v is UserState => (USER_STATES as readonly string[]).includes(v ?? "");

export function parseUserFilters(q: URLSearchParams): UserFilters {
  const role = Number(q.get("role"));
  const state = q.get("state");
  return {
    query: (q.get("query") ?? "").slice(0, 200),
    role: Number.isInteger(role) && role >= 1 && role <= 9 ? role : null,
    state: isState(state) ? state : "active",
  };
}

/** A copy of the query with filters changed; a changed filter goes back to page 1. */
export function withUserFilters(q: URLSearchParams, patch: Partial<UserFilters>): URLSearchParams {
  const current = parseUserFilters(q);
  const next = { ...current, ...patch };
  const changed =
    next.query.trim() !== current.query.trim() || next.role !== current.role || next.state !== current.state;
  const out = new URLSearchParams(q);
  const put = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key));
  put("query", next.query.trim() ? next.query : null);
  put("role", next.role ? String(next.role) : null);
  put("state", next.state === "active" ? null : next.state);
  if (changed) out.set("page", "1");
  return out;
}

export function usersVariables(f: UserFilters, g: GridParams) {
  return {
    state: f.state,
    ...(f.query.trim() ? { query: f.query.trim() } : {}),
    ...(f.role ? { role_id: f.role } : {}),
    page: g.page,
    per_page: g.per_page,
    ...(g.sort_by ? { sort_by: g.sort_by, sort_dir: g.sort_dir } : {}),
  };
}

export function usersCaption(f: UserFilters): string {
  return { active: "Users", inactive: "Inactive users", removed: "Removed users", all: "All users" }[f.state];
}
