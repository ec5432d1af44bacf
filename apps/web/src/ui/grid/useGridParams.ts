import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { type NavigateOptions, useSearchParams } from "react-router";
import {
  clampedPage,
  type GridDefaults,
  type GridParams,
  parseGridParams,
  withGridParams,
  withPerPage,
  withSort,
} from "./grid-params.ts";

export type QueryUpdate = (
  fn: (query: URLSearchParams) => URLSearchParams,
  opts?: Pick<NavigateOptions, "replace">,
) => void;

/**
 * The URL query with an updater that builds on the latest write, not on the query of the last
 * render: react-router applies a search change in a transition, so two quick changes (the page
 * size, then a page) would otherwise start from the same old query and the second undo the first.
 *
 * Only a committed render moves the base. While a write's transition is pending (a slow page, a
 * render interrupted by a click), React renders the page again with the old URL; taking that as
 * "the URL moved" made the next change start from the old query and undo the pending one (a sort
 * lost when the page size changed, typed search text lost when the grid went back to page 1).
 */
export function useLiveSearchParams(): [URLSearchParams, QueryUpdate] {
  const [query, setQuery] = useSearchParams();
  const shown = query.toString();
  const base = useRef(shown);
  // this hook's writes that no committed render has shown yet, oldest first
  const pending = useRef<string[]>([]);
  useLayoutEffect(() => {
    const ours = pending.current.indexOf(shown);
    if (ours >= 0) {
      // one of our writes landed; a later one may still be on its way and stays the base
      pending.current = pending.current.slice(ours + 1);
      if (pending.current.length === 0) base.current = shown;
      return;
    }
    // the URL moved without us (the back button, a link, another widget): that is the base now
    pending.current = [];
    base.current = shown;
  }, [shown]);
  const update = useCallback<QueryUpdate>(
    (fn, opts) => {
      const next = fn(new URLSearchParams(base.current));
      base.current = next.toString();
      pending.current.push(base.current);
      setQuery(next, { replace: opts?.replace });
    },
    [setQuery],
  );
  return [query, update];
}

export interface GridControl {
  params: GridParams;
  setPage: (page: number, opts?: { replace?: boolean }) => void;
  setPerPage: (perPage: number) => void;
  toggleSort: (column: string) => void;
  /** Changes other keys of the query (the page's filters) on the same live base as the grid's. */
  updateQuery: QueryUpdate;
}

/** The grid's paging and sorting, read from and written to the URL query. */
export function useGridParams(defaults: GridDefaults = {}): GridControl {
  const [query, updateQuery] = useLiveSearchParams();
  // biome-ignore lint/correctness/useExhaustiveDependencies: defaults are a literal per page; their content matters
  const params = useMemo(() => parseGridParams(query, defaults), [query, JSON.stringify(defaults)]);
  const defaultsRef = useRef(defaults);
  defaultsRef.current = defaults;
  const write = useCallback(
    (change: (p: GridParams) => GridParams, replace = false) =>
      updateQuery((q) => withGridParams(q, change(parseGridParams(q, defaultsRef.current))), { replace }),
    [updateQuery],
  );
  return {
    params,
    setPage: useCallback(
      (page: number, opts?: { replace?: boolean }) => write((p) => ({ ...p, page }), opts?.replace),
      [write],
    ),
    setPerPage: useCallback((perPage: number) => write((p) => withPerPage(p, perPage)), [write]),
    toggleSort: useCallback((column: string) => write((p) => withSort(p, column)), [write]),
    updateQuery,
  };
}

/** Once the server has told the total, a page past the end is replaced by the last page. */
export function useClampPage(grid: GridControl, total: number | undefined) {
  const { params, setPage } = grid;
  useEffect(() => {
    if (total === undefined) return;
    const page = clampedPage(params, total);
    if (page !== null) setPage(page, { replace: true });
  }, [params, total, setPage]);
}
