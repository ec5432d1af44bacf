/**
 * A data grid's row selection, keyed by row id, so a refetch (a push, a page change) keeps what
 * the user picked. Pure: the hook in useGridSelection.ts holds it in state.
 */
export type RowId = string | number;

export type Selection = ReadonlySet<RowId>;

export const EMPTY_SELECTION: Selection = new Set<RowId>();

/** The header checkbox's state over the rows shown: none, some (indeterminate) or all of them. */
export type HeaderState = "none" | "some" | "all";

export function headerState(selection: Selection, pageIds: readonly RowId[]): HeaderState {
  if (pageIds.length === 0) return "none";
  let picked = 0;
  for (const id of pageIds) if (selection.has(id)) picked++;
  if (picked === 0) return "none";
  return picked === pageIds.length ? "all" : "some";
}

/** One row on or off (`on` omitted: flips it). */
export function toggleRow(selection: Selection, id: RowId, on?: boolean): Selection {
  const want = on ?? !selection.has(id);
  if (want === selection.has(id)) return selection;
  const next = new Set(selection);
  if (want) next.add(id);
  else next.delete(id);
  return next;
}

/**
 * A click on the header checkbox: when every row shown is selected it unselects them, otherwise
 * (none or some) it selects them all. Rows of other pages keep their state.
 */
export function toggleAllShown(selection: Selection, pageIds: readonly RowId[]): Selection {
  const on = headerState(selection, pageIds) !== "all";
  const next = new Set(selection);
  for (const id of pageIds) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** Only the ids still present (e.g. after an action removed some rows from the list). */
export function keepOnly(selection: Selection, ids: Iterable<RowId>): Selection {
  const keep = new Set(ids);
  let changed = false;
  const next = new Set<RowId>();
  for (const id of selection) {
    if (keep.has(id)) next.add(id);
    else changed = true;
  }
  return changed ? next : selection;
}

/** The selection without the given ids. */
export function without(selection: Selection, ids: Iterable<RowId>): Selection {
  const next = new Set(selection);
  let changed = false;
  for (const id of ids) changed = next.delete(id) || changed;
  return changed ? next : selection;
}

/** "3 selected" — the text the toolbar shows and announces. */
export const selectedText = (count: number) => `${count} selected`;
