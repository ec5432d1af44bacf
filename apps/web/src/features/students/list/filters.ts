/**
 * The /Students list's filters in the URL query (query, state, relation, relation_uuid), next to
 * the grid's page, per_page, sort_by and sort_dir, so a reload or a shared link shows the same
 * rows. Pure, tested without a browser.
 */
import { emptyListText, NO_MATCH } from "../../../ui/grid/empty-text.ts";
import type { GridParams } from "../../../ui/grid/grid-params.ts";

export const STUDENT_STATES = ["active", "removed"] as const;
export type StudentState = (typeof STUDENT_STATES)[number];

export const RELATIONS = ["course", "event", "team"] as const;
export type Relation = (typeof RELATIONS)[number];

/** The columns the server sorts students by. */
export const STUDENT_SORTS = ["name", "email", "school_identifier", "weekly_apa", "semester_apa", "last_seen"] as const;

export const STUDENT_GRID_DEFAULTS = { sort_by: "name", sort_dir: "asc", sortable: STUDENT_SORTS } as const;

export interface StudentFilters {
  query: string;
  state: StudentState;
  relation: Relation | null;
  relation_uuid: string | null;
}

export const NO_FILTERS: StudentFilters = { query: "", state: "active", relation: null, relation_uuid: null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseStudentFilters(q: URLSearchParams): StudentFilters {
  const state = q.get("state");
  const relation = q.get("relation");
  const uuid = q.get("relation_uuid");
  // a relation counts only with its uuid, and a uuid only with its kind: half a filter is none
  const pair =
    relation && (RELATIONS as readonly string[]).includes(relation) && uuid && UUID.test(uuid)
      ? { relation: relation as Relation, relation_uuid: uuid.toLowerCase() }
      : { relation: null, relation_uuid: null };
  return {
    query: (q.get("query") ?? "").slice(0, 200),
    state: state === "removed" ? "removed" : "active",
    ...pair,
  };
}

/**
 * A copy of the query with the filters changed. Any change of a filter starts again at page 1
 * (the rows are others); unchanged filters leave the page alone. Defaults are left out of the URL.
 */
export function withStudentFilters(q: URLSearchParams, patch: Partial<StudentFilters>): URLSearchParams {
  const current = parseStudentFilters(q);
  const next = { ...current, ...patch };
  if (patch.relation === null) next.relation_uuid = null;
  const changed =
    next.query.trim() !== current.query.trim() ||
    next.state !== current.state ||
    next.relation !== current.relation ||
    next.relation_uuid !== current.relation_uuid;
  const out = new URLSearchParams(q);
  const put = (key: string, value: string | null) => {
    if (value === null || value === "") out.delete(key);
    else out.set(key, value);
  };
  put("query", next.query.trim() === "" ? null : next.query);
  put("state", next.state === "active" ? null : next.state);
  put("relation", next.relation && next.relation_uuid ? next.relation : null);
  put("relation_uuid", next.relation && next.relation_uuid ? next.relation_uuid : null);
  if (changed) out.set("page", "1");
  return out;
}

/** A key naming the filtered set (not its page or order): a new one clears the selection. */
export const filterKey = (f: StudentFilters) => JSON.stringify([f.query.trim(), f.state, f.relation, f.relation_uuid]);

/** The `students` query's filter arguments (blank ones left out). */
export function filterVariables(f: StudentFilters) {
  return {
    state: f.state,
    ...(f.query.trim() ? { query: f.query.trim() } : {}),
    ...(f.relation && f.relation_uuid ? { relation: f.relation, relation_uuid: f.relation_uuid } : {}),
  };
}

/** The `students` query's variables: the filters and the grid's page and order. */
export function studentsVariables(f: StudentFilters, g: GridParams) {
  return {
    ...filterVariables(f),
    page: g.page,
    per_page: g.per_page,
    ...(g.sort_by ? { sort_by: g.sort_by, sort_dir: g.sort_dir } : {}),
  };
}

/** GET /api/v2/students/export.csv with the same filters and order (every page). */
export function exportCsvPath(f: StudentFilters, g: Pick<GridParams, "sort_by" | "sort_dir">): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filterVariables(f))) q.set(k, String(v));
  if (g.sort_by) {
    q.set("sort_by", g.sort_by);
    q.set("sort_dir", g.sort_dir);
  }
  return `/api/v2/students/export.csv?${q.toString()}`;
}

/**
 * The empty list's words: a search or a course, event or team found nothing, or there are no
 * participants. Roles 5-9 see those assigned to them and those of their courses, events and teams.
 */
export function studentsEmptyText(f: StudentFilters, roleId: number): string {
  if (f.query.trim() || f.relation) return NO_MATCH;
  const what = f.state === "removed" ? "removed participants" : "participants";
  return emptyListText(what, {
    roleId,
    yet: f.state === "active",
    mine: "assigned to you or in your courses, events and teams",
  });
}
