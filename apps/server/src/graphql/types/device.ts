import { releaseDevice } from "../../device/release.ts";
import { builder } from "../builder.ts";
import { StudentRef } from "./student.ts";

/** One active phone per student: staff who may reset tokens let a new phone register (decision 0511). */
builder.mutationField("releaseDevice", (t) =>
  t.field({
    type: StudentRef,
    description: "Forgets the student's active phone, so the next phone to register becomes the active one",
    authScopes: { perm: "reset_token" },
    args: { student_id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => releaseDevice(ctx.data, args.student_id),
  }),
);
