import type { excuses } from "../../db/schema/index.ts";
import { createExcuse, excuseTitle, removeExcuse, updateExcuse } from "../../students/excuses.ts";
import { builder } from "../builder.ts";

export type ExcuseRow = typeof excuses.$inferSelect;

export const ExcuseRef = builder.objectRef<ExcuseRow>("Excuse").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    student_id: t.exposeInt("student_id"),
    date: t.exposeString("date"),
    notes: t.exposeString("notes", { nullable: true }),
    attendable_id: t.exposeInt("attendable_id", { nullable: true }),
    attendable_type: t.exposeString("attendable_type", { nullable: true }),
    attendable_title: t.string({
      description: "The course's or event's title; \"-\" for a whole day.",
      resolve: (e, _a, { data }) => excuseTitle(data, e),
    }),
    created_at: t.expose("created_at", { type: "DateTime" }),
  }),
});

builder.mutationField("createExcuse", (t) =>
  t.field({
    type: ExcuseRef,
    authScopes: { perm: "override" },
    description:
      "Excuses a student from a course's or event's session: its attendance reads excused (4) unless locked.",
    args: {
      student_id: t.arg.int({ required: true }),
      date: t.arg.string({ required: true }),
      attendable_id: t.arg.int({ required: true }),
      attendable_type: t.arg.string({ required: true }),
      notes: t.arg.string({ required: false }),
    },
    resolve: (_r, args, ctx) => createExcuse(ctx.data, args),
  }),
);

builder.mutationField("updateExcuse", (t) =>
  t.field({
    type: ExcuseRef,
    authScopes: { perm: "override" },
    args: {
      id: t.arg.int({ required: true }),
      date: t.arg.string({ required: false }),
      attendable_id: t.arg.int({ required: false }),
      attendable_type: t.arg.string({ required: false }),
      notes: t.arg.string({ required: false }),
    },
    resolve: (_r, args, ctx) => updateExcuse(ctx.data, args),
  }),
);

builder.mutationField("removeExcuse", (t) =>
  t.field({
    type: ExcuseRef,
    authScopes: { perm: "override" },
    description: "Removes an excuse: the sessions it covered are judged again by the engine.",
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => removeExcuse(ctx.data, args.id),
  }),
);
