import type { ArgBuilder, ObjectRef, SchemaTypes } from "@pothos/core";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@rollbook/domain";
import { builder, userError } from "./builder.ts";

/** page, per_page, sort_by, sort_dir: the arguments of every list. */
export function listArgs<Types extends SchemaTypes>(arg: ArgBuilder<Types>) {
  return {
    page: arg.int({ required: false }),
    per_page: arg.int({ required: false }),
    sort_by: arg.string({ required: false }),
    sort_dir: arg.string({ required: false }),
  };
}

export interface PageArgs {
  page?: number | null;
  per_page?: number | null;
  sort_by?: string | null;
  sort_dir?: string | null;
}

/**
 * Checked paging: per_page from 1 to 250 on every list. The spec's 99999 of the parameter
 * lists is served by the unpaged lookups (schools, roles, statuses), not by a larger cap.
 */
export function paging(args: PageArgs) {
  const page = args.page ?? 1;
  const perPage = args.per_page ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(page) || page < 1) throw userError("page must be 1 or more", "page");
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PAGE_SIZE)
    throw userError(`per_page must be between 1 and ${MAX_PAGE_SIZE}`, "per_page");
  const dir = (args.sort_dir ?? "asc").toLowerCase();
  if (dir !== "asc" && dir !== "desc") throw userError("sort_dir must be asc or desc", "sort_dir");
  return { page, perPage, offset: (page - 1) * perPage, dir: dir as "asc" | "desc" };
}

/** Picks the sort column from an allow-list, naming the field when it is not sortable. */
export function sortColumn<T>(sortBy: string | null | undefined, allowed: Record<string, T>, fallback: string): T {
  const key = sortBy ?? fallback;
  // own keys only: "__proto__" or "constructor" must not reach Object.prototype
  const col = Object.hasOwn(allowed, key) ? allowed[key] : undefined;
  if (col === undefined) throw userError(`sort_by must be one of ${Object.keys(allowed).join(", ")}`, "sort_by");
  return col;
}

const pages = new Map<string, ObjectRef<any, any>>();

/** `{ data, total }` for an item type. */
export function pageOf<T>(name: string, item: ObjectRef<any, T>) {
  const existing = pages.get(name);
  if (existing) return existing as ObjectRef<any, { data: T[]; total: number }>;
  const ref = builder.objectRef<{ data: T[]; total: number }>(`${name}Page`).implement({
    fields: (t) => ({
      data: t.field({ type: [item], resolve: (p) => p.data }),
      total: t.exposeInt("total"),
    }),
  });
  pages.set(name, ref);
  return ref;
}

/** A search term is a few words: a longer one is refused before it reaches a LIKE over the table. */
export const MAX_QUERY_LENGTH = 200;

export function searchTerm(query: string | null | undefined): string | null {
  const q = query?.trim();
  if (!q) return null;
  if (q.length > MAX_QUERY_LENGTH) throw userError(`query must be at most ${MAX_QUERY_LENGTH} characters`, "query");
  return q;
}
