import type { notes } from "../../db/schema/index.ts";
import { createNote, notesOf } from "../../students/notes.ts";
import { builder } from "../builder.ts";

export type NoteRow = typeof notes.$inferSelect;

const NoteUserRef = builder.objectRef<{ id: number; first_name: string; last_name: string }>("NoteUser").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    first_name: t.exposeString("first_name"),
    last_name: t.exposeString("last_name"),
  }),
});

export const NoteRef = builder.objectRef<NoteRow>("Note").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    student_id: t.exposeInt("student_id"),
    message: t.exposeString("message"),
    user_id: t.exposeInt("user_id", { nullable: true }),
    // null once the author is deleted (or is not staff of the viewer's school); the note stays
    user: t.field({
      type: NoteUserRef,
      nullable: true,
      resolve: (n, _a, { data }) => (n.user_id === null ? null : data.byId("users", n.user_id)),
    }),
    created_at: t.expose("created_at", { type: "DateTime" }),
  }),
});

const NotePageRef = builder.objectRef<{ data: NoteRow[]; total: number }>("NotePage").implement({
  fields: (t) => ({
    data: t.field({ type: [NoteRef], resolve: (p) => p.data }),
    total: t.exposeInt("total"),
  }),
});

builder.queryField("notes", (t) =>
  t.field({
    type: NotePageRef,
    authScopes: { signedIn: true },
    description: "The notes on a student the viewer may see, newest first.",
    args: {
      student_uuid: t.arg.string({ required: true }),
      page: t.arg.int({ required: false }),
      per_page: t.arg.int({ required: false }),
    },
    resolve: (_r, args, ctx) => notesOf(ctx.data, args.student_uuid, args),
  }),
);

builder.mutationField("createNote", (t) =>
  t.field({
    type: NoteRef,
    authScopes: { signedIn: true },
    description: "Anyone who may see the student may note something on them.",
    args: { student_uuid: t.arg.string({ required: true }), message: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => createNote(ctx.data, args.student_uuid, args.message),
  }),
);
