import { createCancellation, listCancellations, removeCancellation } from "../../courses/cancellations.ts";
import type { cancellations } from "../../db/schema/index.ts";
import { builder } from "../builder.ts";
import { listArgs, pageOf } from "../paging.ts";

export const CancellationRef = builder.objectRef<typeof cancellations.$inferSelect>("Cancellation").implement({
  description: "A class date called off: its attendance reads cancelled (decision 0302).",
  fields: (t) => ({
    id: t.exposeInt("id"),
    course_id: t.exposeInt("course_id"),
    date: t.exposeString("date"),
    notes: t.exposeString("notes", { nullable: true }),
  }),
});

builder.queryField("cancellations", (t) =>
  t.field({
    type: pageOf("Cancellation", CancellationRef),
    authScopes: { signedIn: true },
    description: "A course's cancellations (empty for a course the viewer does not see); sort_by date, created_at.",
    args: { course_id: t.arg.int({ required: true }), ...listArgs(t.arg) },
    resolve: (_r, args, ctx) => listCancellations(ctx.data, args.course_id, args),
  }),
);

builder.mutationField("createCancellation", (t) =>
  t.field({
    type: CancellationRef,
    authScopes: { perm: "cancellations" },
    description: "Calls off a meeting day of the course within its semester; that date's attendance reads cancelled.",
    args: {
      course_id: t.arg.int({ required: true }),
      date: t.arg.string({ required: true, description: "YYYY-MM-DD" }),
      notes: t.arg.string({ required: false }),
    },
    resolve: (_r, args, ctx) => createCancellation(ctx.data, args),
  }),
);

builder.mutationField("removeCancellation", (t) =>
  t.field({
    type: CancellationRef,
    authScopes: { perm: "cancellations" },
    description: "Takes a cancellation back: the date's attendance is judged again.",
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => removeCancellation(ctx.data, args.id),
  }),
);
