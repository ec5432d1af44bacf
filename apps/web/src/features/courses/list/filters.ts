/**
 * The /Courses list's filters in the URL query (query, state, in_session), next to the grid's
 * page, per_page, sort_by and sort_dir, so a reload or a shared link shows the same rows. Pure,
 * tested without a browser.
 */
import { emptyListText, NO_MATCH } from "../../../ui/grid/empty-text.ts";
import type { GridParams } from "../../../ui/grid/grid-params.ts";

export const COURSE_STATES = ["active", "archived", "removed"] as const;
export type CourseState = (typeof COURSE_STATES)[number];

/** The columns the server sorts courses by (decision 0700). */
export const COURSE_SORTS = [
  "title",
  "crn",
  "course_number",
  "start_time",
  "end_time",
  "students_count",
  "created_at",
] as const;

export const COURSE_GRID_DEFAULTS = { sort_by: "title", sort_dir: "asc", sortable: COURSE_SORTS } as const;

export interface CourseFilters {
  query: string;
  state: CourseState;
  /** Only the courses meeting now. */
  in_session: boolean;
}

export const NO_COURSE_FILTERS: CourseFilters = { query: "", state: "active", in_session: false };

const isState = (v: string | null): v is CourseState => (COURSE_STATES as readonly string[]).includes(v ?? "");

export function parseCourseFilters(q: URLSearchParams): CourseFilters {
  const state = q.get("state");
  const flag = q.get("in_session");
  return {
    query: (q.get("query") ?? "").slice(0, 200),
    state: isState(state) ? state : "active",
    in_session: flag === "1" || flag === "true",
  };
}

/**
 * A copy of the query with the filters changed. A change of a filter starts again at page 1 (the
 * rows are others); unchanged filters leave the page alone. Defaults are left out of the URL.
 */
export function withCourseFilters(q: URLSearchParams, patch: Partial<CourseFilters>): URLSearchParams {
  const current = parseCourseFilters(q);
  const next = { ...current, ...patch };
  const changed =
    next.query.trim() !== current.query.trim() ||
    next.state !== current.state ||
    next.in_session !== current.in_session;
  const out = new URLSearchParams(q);
  const put = (key: string, value: string | null) => {
    if (value === null || value === "") out.delete(key);
    else out.set(key, value);
  };
  put("query", next.query.trim() === "" ? null : next.query);
  put("state", next.state === "active" ? null : next.state);
  put("in_session", next.in_session ? "1" : null);
  if (changed) out.set("page", "1");
  return out;
}

/** The `courses` query's variables: the filters (blank ones left out) and the grid's page and order. */
export function coursesVariables(f: CourseFilters, g: GridParams) {
  return {
    state: f.state,
    ...(f.query.trim() ? { query: f.query.trim() } : {}),
    ...(f.in_session ? { in_session: true } : {}),
    page: g.page,
    per_page: g.per_page,
    ...(g.sort_by ? { sort_by: g.sort_by, sort_dir: g.sort_dir } : {}),
  };
}

/** The grid's caption: what set of courses is shown. */
export function coursesCaption(f: CourseFilters): string {
  const base = f.state === "archived" ? "Archived courses" : f.state === "removed" ? "Removed courses" : "Courses";
  return f.in_session ? `${base} in session now` : base;
}

/**
 * The empty list's words: a search (or "in session now") found nothing, or there are no courses
 * in this state (in the school, or for this viewer).
 */
export function coursesEmptyText(f: CourseFilters, roleId: number): string {
  if (f.query.trim() || f.in_session) return NO_MATCH;
  if (f.state === "active") return emptyListText("courses", { roleId, yet: true });
  return emptyListText(`${f.state} courses`, { roleId });
}
