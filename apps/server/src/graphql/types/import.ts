import { errorCount, type ImportRow, importByUuid, importsPage, rejectedRows } from "../../imports/reads.ts";
import { builder } from "../builder.ts";
import { listArgs, pageOf } from "../paging.ts";

const ImportRowErrorRef = builder.objectRef<{ line: number; reason: string }>("ImportRowError").implement({
  description: "A row that was not written: its line in the file (the header is line 1; 0: the file as a whole).",
  fields: (t) => ({
    line: t.exposeInt("line"),
    reason: t.exposeString("reason"),
  }),
});

export const ImportRef = builder.objectRef<ImportRow>("Import").implement({
  description: "A CSV import of the school (decision 0970): status queued, running, done or failed.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    uuid: t.exposeString("uuid"),
    kind: t.exposeString("kind"),
    status: t.exposeString("status"),
    progress: t.exposeInt("progress"),
    total_rows: t.exposeInt("total_rows"),
    row_errors: t.field({ type: [ImportRowErrorRef], resolve: (i) => i.row_errors }),
    // row_errors lists at most 1,000 rows; these count every one
    error_count: t.int({
      description: "The rows not written (listed or not), plus one for a problem with the whole file.",
      resolve: (i) => errorCount(i.row_errors),
    }),
    rejected_rows: t.int({
      description: "The file's rows that were not written, those listed in row_errors and those past the list.",
      resolve: (i) => rejectedRows(i.row_errors),
    }),
    user: t.field({
      type: builder.objectRef<{ id: number; first_name: string; last_name: string }>("ImportUser").implement({
        fields: (u) => ({
          id: u.exposeInt("id"),
          first_name: u.exposeString("first_name"),
          last_name: u.exposeString("last_name"),
        }),
      }),
      nullable: true,
      resolve: (i, _a, { data }) => (i.user_id === null ? null : data.byId("users", i.user_id)),
    }),
    created_at: t.expose("created_at", { type: "DateTime" }),
    finished_at: t.expose("finished_at", { type: "DateTime", nullable: true }),
  }),
});

builder.queryField("imports", (t) =>
  t.field({
    type: pageOf("Import", ImportRef),
    authScopes: { admin: true },
    description: "The school's imports, newest first (sort_by created_at, status or kind).",
    args: listArgs(t.arg),
    resolve: (_r, args, ctx) => importsPage(ctx.data, args),
  }),
);

builder.queryField("import", (t) =>
  t.field({
    type: ImportRef,
    authScopes: { admin: true },
    description: "One import of the school by its uuid, with its row errors.",
    args: { uuid: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => importByUuid(ctx.data, args.uuid),
  }),
);
