import type { Scoped } from "../../access/scoped.ts";
import { userError } from "../../graphql/builder.ts";
import type { PageArgs } from "../../graphql/paging.ts";
import type { Cell } from "./report-export.ts";

/** Rows per statement of a school report's CSV: memory holds one batch. */
export const SCHOOL_EXPORT_BATCH = 1000;

/**
 * Every row of a report, in its order, a batch at a time through a fresh scope each (a scope's
 * loaders keep what they read). Offset batches: the reports sort by names and figures that have
 * no keyset index (see the note of issue 12's school reports).
 */
export async function* offsetBatches<T>(
  scope: () => Scoped,
  read: (data: Scoped, limit: number, offset: number) => Promise<T[]>,
  cells: (row: T) => Cell[],
  batch = SCHOOL_EXPORT_BATCH,
): AsyncGenerator<Cell[][]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await read(scope(), batch, offset);
    if (rows.length) yield rows.map(cells);
    if (rows.length < batch) return;
  }
}

/**
 * Every row of a report in the order of a key, a batch at a time, each batch after the last row
 * of the one before (a keyset): a grouped report is not grouped again in full for each batch.
 */
export async function* keysetBatches<T>(
  scope: () => Scoped,
  read: (data: Scoped, after: T | null, limit: number) => Promise<T[]>,
  cells: (row: T) => Cell[],
  batch = SCHOOL_EXPORT_BATCH,
): AsyncGenerator<Cell[][]> {
  let after: T | null = null;
  for (;;) {
    const rows = await read(scope(), after, batch);
    if (rows.length) yield rows.map(cells);
    if (rows.length < batch) return;
    after = rows[rows.length - 1] as T;
  }
}

/** The sort of the query string, as the GraphQL call takes it. */
export const sortOf = (q: Record<string, string>): PageArgs => ({
  sort_by: q.sort_by || undefined,
  sort_dir: q.sort_dir || undefined,
});

/** A whole number from the query string, or undefined; refuses anything else, naming the field. */
export function intParam(q: Record<string, string>, field: string): number | undefined {
  const v = q[field];
  if (v === undefined || v === "") return undefined;
  if (!/^-?[0-9]{1,9}$/.test(v)) throw userError(`${field} must be a whole number`, field);
  return Number(v);
}
