import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  EMPTY_SELECTION,
  keepOnly,
  type RowId,
  type Selection,
  toggleAllShown,
  toggleRow,
  without,
} from "./selection.ts";

export interface GridSelection<Id extends RowId = RowId> {
  /** The selected ids, across pages. */
  selected: Selection;
  /** The selected ids as an array (insertion order). */
  ids: Id[];
  count: number;
  isSelected: (id: Id) => boolean;
  toggle: (id: Id, on?: boolean) => void;
  /** The header checkbox: all rows shown on, or (when all were on) off. */
  toggleShown: (pageIds: readonly Id[]) => void;
  /** Drops ids (e.g. rows an action took out of the list). */
  remove: (ids: Iterable<Id>) => void;
  /** Keeps only these ids. */
  keep: (ids: Iterable<Id>) => void;
  clear: () => void;
}

/** The list a selection belongs to: its filter, and the rows the server answered for it. */
export interface SelectionScope<Id extends RowId = RowId> {
  /** Names the filtered set (a search, a state), not its page or order. */
  filter: string;
  /** The ids of the rows answered for `filter`; undefined while they load (previous rows shown). */
  settledIds: readonly Id[] | undefined;
}

/**
 * Row selection for a DataGrid, kept in component state keyed by row id: a refetch or a page
 * change keeps it. With a `scope`, a new filter fits the selection to its result once that has
 * settled: rows in it stay selected, the others are dropped (decision 0589). Clearing at the
 * moment the filter changed dropped rows picked on the rows still shown meanwhile.
 */
export function useGridSelection<Id extends RowId = RowId>(scope?: SelectionScope<Id>): GridSelection<Id> {
  const [selected, setSelected] = useState<Selection>(EMPTY_SELECTION);
  const toggle = useCallback((id: Id, on?: boolean) => setSelected((s) => toggleRow(s, id, on)), []);
  const toggleShown = useCallback((pageIds: readonly Id[]) => setSelected((s) => toggleAllShown(s, pageIds)), []);
  const remove = useCallback((ids: Iterable<Id>) => setSelected((s) => without(s, ids)), []);
  const keep = useCallback((ids: Iterable<Id>) => setSelected((s) => keepOnly(s, ids)), []);
  const clear = useCallback(() => setSelected(EMPTY_SELECTION), []);

  // the filter whose result the selection was last fitted to
  const fitted = useRef(scope?.filter);
  const filter = scope?.filter;
  const settledIds = scope?.settledIds;
  useEffect(() => {
    if (filter === fitted.current || settledIds === undefined) return;
    fitted.current = filter;
    setSelected((s) => keepOnly(s, settledIds));
  }, [filter, settledIds]);

  return useMemo(
    () => ({
      selected,
      ids: [...selected] as Id[],
      count: selected.size,
      isSelected: (id: Id) => selected.has(id),
      toggle,
      toggleShown,
      remove,
      keep,
      clear,
    }),
    [selected, toggle, toggleShown, remove, keep, clear],
  );
}
