import { asc, desc, eq } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { imports } from "../db/schema/index.ts";
import { notFound } from "../graphql/builder.ts";
import { type PageArgs, paging, sortColumn } from "../graphql/paging.ts";

export type ImportRow = typeof imports.$inferSelect;

const SORTS = { created_at: imports.created_at, status: imports.status, kind: imports.kind };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The school's imports (admins only, through the scope), newest first by default. */
export async function importsPage(data: Scoped, args: PageArgs) {
  const p = paging({ ...args, sort_dir: args.sort_dir ?? (args.sort_by ? "asc" : "desc") });
  const col = sortColumn(args.sort_by, SORTS, "created_at");
  const dir = p.dir === "asc" ? asc : desc;
  return data.page("imports", { orderBy: [dir(col), dir(imports.id)], limit: p.perPage, offset: p.offset });
}

/**
 * The file's rows that were not written: the listed ones, and those past the list, which the
 * note of line 0 counts. An import stored before the note carried its count counts listed rows only.
 */
export function rejectedRows(rowErrors: ImportRow["row_errors"]): number {
  return rowErrors.reduce((n, e) => n + (e.line > 0 ? 1 : (e.rows ?? 0)), 0);
}

/** The rows not written, and one more for each problem of the whole file (a failure). */
export function errorCount(rowErrors: ImportRow["row_errors"]): number {
  return rejectedRows(rowErrors) + rowErrors.filter((e) => e.line === 0 && e.rows === undefined).length;
}

export async function importByUuid(data: Scoped, uuid: string): Promise<ImportRow> {
  const row = UUID.test(uuid) ? await data.first("imports", eq(imports.uuid, uuid)) : null;
  if (!row) throw notFound("Import");
  return row;
}
