import { releaseDevice } from "../../device/release.ts";
import { builder } from "../builder.ts";
import { StudentRef } from "./student.ts";

/** One active phone per student: staff who may reset tokens let a new phone register (decision 0511). */
builder.mutationField("releaseDevice", (t) =>
  t.field({
    type: StudentRef,
    description:
      "Forgets one of the student's phones: the one device_id names (the active phone or one the student signed out of), or without it the active phone if any, else the phones the student signed out of. The next phone to register becomes the active one; a phone signed out of may sign in another student at once",
    authScopes: { perm: "reset_token" },
    args: {
      student_id: t.arg.int({ required: true }),
      device_id: t.arg.int({
        required: false,
        description: "The phone to let go; a student's new phone stays when an old one is released",
      }),
    },
    resolve: (_r, args, ctx) => releaseDevice(ctx.data, args.student_id, args.device_id),
  }),
);
