import { useCallback, useEffect, useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  clampedPage,
  type GridDefaults,
  type GridParams,
  parseGridParams,
  withGridParams,
  withPerPage,
  withSort,
} from "./grid-params.ts";

export interface GridControl {
  params: GridParams;
  setPage: (page: number, opts?: { replace?: boolean }) => void;
  setPerPage: (perPage: number) => void;
  toggleSort: (column: string) => void;
}

/** The grid's paging and sorting, read from and written to the URL query. */
export function useGridParams(defaults: GridDefaults = {}): GridControl {
  const [query, setQuery] = useSearchParams();
  // biome-ignore lint/correctness/useExhaustiveDependencies: defaults are a literal per page; their content matters
  const params = useMemo(() => parseGridParams(query, defaults), [query, JSON.stringify(defaults)]);
  const write = useCallback(
    (next: GridParams, replace = false) => setQuery((q) => withGridParams(q, next), { replace }),
    [setQuery],
  );
  return {
    params,
    setPage: useCallback(
      (page: number, opts?: { replace?: boolean }) => write({ ...params, page }, opts?.replace),
      [params, write],
    ),
    setPerPage: useCallback((perPage: number) => write(withPerPage(params, perPage)), [params, write]),
    toggleSort: useCallback((column: string) => write(withSort(params, column)), [params, write]),
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
