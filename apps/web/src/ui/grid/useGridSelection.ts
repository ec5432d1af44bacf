import { useCallback, useMemo, useState } from "react";
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

/**
 * Row selection for a DataGrid, kept in component state keyed by row id: a refetch or a page
 * change keeps it; the page clears it when its filter changes.
 */
export function useGridSelection<Id extends RowId = RowId>(): GridSelection<Id> {
  const [selected, setSelected] = useState<Selection>(EMPTY_SELECTION);
  const toggle = useCallback((id: Id, on?: boolean) => setSelected((s) => toggleRow(s, id, on)), []);
  const toggleShown = useCallback((pageIds: readonly Id[]) => setSelected((s) => toggleAllShown(s, pageIds)), []);
  const remove = useCallback((ids: Iterable<Id>) => setSelected((s) => without(s, ids)), []);
  const keep = useCallback((ids: Iterable<Id>) => setSelected((s) => keepOnly(s, ids)), []);
  const clear = useCallback(() => setSelected(EMPTY_SELECTION), []);
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
