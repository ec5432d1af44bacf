/**
 * A data grid's server-side state in the URL query (page, per_page, sort_by, sort_dir), so a
 * reload, a shared link or the back button shows the same rows. Pure, tested without a browser.
 */
import { clampPage, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from "@rollbook/domain";

export type SortDir = "asc" | "desc";

export interface GridParams {
  page: number;
  per_page: number;
  sort_by: string | null;
  sort_dir: SortDir;
}

export interface GridDefaults {
  sort_by?: string | null;
  sort_dir?: SortDir;
  /** Columns the server can sort by; anything else in the URL is ignored. */
  sortable?: readonly string[];
}

const positiveInt = (raw: string | null) => {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && Number.isSafeInteger(n) ? n : null;
};

export function parseGridParams(query: URLSearchParams, defaults: GridDefaults = {}): GridParams {
  const perPage = positiveInt(query.get("per_page"));
  const sortBy = query.get("sort_by");
  const dir = query.get("sort_dir")?.toLowerCase();
  const sortAllowed = sortBy !== null && sortBy !== "" && (!defaults.sortable || defaults.sortable.includes(sortBy));
  return {
    page: positiveInt(query.get("page")) ?? 1,
    per_page:
      perPage !== null && (PAGE_SIZE_OPTIONS as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
    sort_by: sortAllowed ? sortBy : (defaults.sort_by ?? null),
    sort_dir: dir === "asc" || dir === "desc" ? dir : (defaults.sort_dir ?? "asc"),
  };
}

/** A copy of the query with the grid's keys set; other keys (filters) are kept. */
export function withGridParams(query: URLSearchParams, params: GridParams): URLSearchParams {
  const next = new URLSearchParams(query);
  next.set("page", String(params.page));
  next.set("per_page", String(params.per_page));
  if (params.sort_by) {
    next.set("sort_by", params.sort_by);
    next.set("sort_dir", params.sort_dir);
  } else {
    next.delete("sort_by");
    next.delete("sort_dir");
  }
  return next;
}

/** A click on a column header: a new column sorts ascending, the same column flips direction. */
export function nextSort(current: GridParams, column: string): Pick<GridParams, "sort_by" | "sort_dir"> {
  if (current.sort_by !== column) return { sort_by: column, sort_dir: "asc" };
  return { sort_by: column, sort_dir: current.sort_dir === "asc" ? "desc" : "asc" };
}

/** Changing the page size or the sort starts again at page 1. */
export const withPerPage = (p: GridParams, per_page: number): GridParams => ({ ...p, per_page, page: 1 });
export const withSort = (p: GridParams, column: string): GridParams => ({ ...p, ...nextSort(p, column), page: 1 });

/** The page kept between 1 and the page count once the total is known; null when already in range. */
export function clampedPage(p: GridParams, total: number): number | null {
  const page = clampPage(p.page, total, p.per_page);
  return page === p.page ? null : page;
}
