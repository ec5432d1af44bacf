import type { StudentInput } from "@rollbook/domain";
import {
  addCourseToStudents,
  addStudentsToEvent,
  addStudentsToTeam,
  createStudent,
  removeStudent,
  removeStudents,
  resetStudentsTokens,
  restoreStudent,
  restoreStudents,
  updateStudent,
} from "../../students/index.ts";
import { builder } from "../builder.ts";
import { BulkResultRef } from "./bulk.ts";
import { StudentRef } from "./student.ts";

type Arg = Parameters<Parameters<typeof builder.mutationField>[1]>[0]["arg"];

/** The editable fields of a participant; on create the names are required. */
function studentArgs(arg: Arg, creating: boolean) {
  return {
    first_name: arg.string({ required: creating }),
    last_name: arg.string({ required: creating }),
    preferred_name: arg.string({ required: false }),
    email: arg.string({ required: false }),
    phone: arg.string({ required: false, description: "10 digits; stored as digits, shown (123) 456-7890" }),
    school_identifier: arg.string({ required: false, description: "unique in the school" }),
    age: arg.int({ required: false }),
    pid_number: arg.string({ required: false }),
    zip: arg.string({ required: false }),
    date_of_birth: arg.string({ required: false, description: "YYYY-MM-DD, in the past" }),
    is_veteran: arg.boolean({ required: false }),
    housing: arg.string({ required: false }),
    employment: arg.string({ required: false }),
    sexual_identity: arg.string({ required: false }),
    gender: arg.string({ required: false }),
    sex: arg.string({ required: false }),
    race: arg.string({ required: false }),
  };
}

/** GraphQL gives absent arguments as undefined and explicit nulls as null: both kept apart. */
function inputOf(args: Record<string, unknown>): StudentInput {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) if (k !== "id" && v !== undefined) out[k] = v;
  return out as StudentInput;
}

const ids = (arg: Arg) => arg.intList({ required: true, description: "at most 1000; all or nothing" });

builder.mutationField("createStudent", (t) =>
  t.field({
    type: StudentRef,
    authScopes: { perm: "create_participant" },
    description: "Adds a participant (demographic fields also need view_information).",
    args: studentArgs(t.arg, true),
    resolve: (_r, args, ctx) => createStudent(ctx.data, inputOf(args)),
  }),
);

builder.mutationField("updateStudent", (t) =>
  t.field({
    type: StudentRef,
    authScopes: { perm: "create_participant" },
    description: "Changes the fields given (demographic fields also need view_information).",
    args: { id: t.arg.int({ required: true }), ...studentArgs(t.arg, false) },
    resolve: (_r, args, ctx) => updateStudent(ctx.data, args.id, inputOf(args)),
  }),
);

builder.mutationField("removeStudent", (t) =>
  t.field({
    type: StudentRef,
    authScopes: { perm: "create_participant" },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => removeStudent(ctx.data, args.id),
  }),
);

builder.mutationField("removeStudents", (t) =>
  t.field({
    type: BulkResultRef,
    authScopes: { perm: "create_participant" },
    args: { student_ids: ids(t.arg) },
    resolve: (_r, args, ctx) => removeStudents(ctx.data, args.student_ids),
  }),
);

builder.mutationField("restoreStudent", (t) =>
  t.field({
    type: StudentRef,
    authScopes: { perm: "create_participant" },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => restoreStudent(ctx.data, args.id),
  }),
);

builder.mutationField("restoreStudents", (t) =>
  t.field({
    type: BulkResultRef,
    authScopes: { perm: "create_participant" },
    description: "Removed participants back, all or nothing within student_cap; active ones are not counted.",
    args: { student_ids: ids(t.arg) },
    resolve: (_r, args, ctx) => restoreStudents(ctx.data, args.student_ids),
  }),
);

builder.mutationField("resetStudentToken", (t) =>
  t.field({
    type: StudentRef,
    authScopes: { perm: "reset_token" },
    description:
      "A new personal token: the old one stops working at once, and the phone signed in with it is signed out. send_email mails the new one.",
    args: { id: t.arg.int({ required: true }), send_email: t.arg.boolean({ required: false }) },
    resolve: async (_r, args, ctx) => {
      const { rows } = await resetStudentsTokens(ctx.data, [args.id], {
        sendEmail: args.send_email ?? false,
        single: true,
      });
      const [row] = rows;
      if (!row) throw new Error("reset answered no student");
      return row;
    },
  }),
);

builder.mutationField("resetStudentsTokens", (t) =>
  t.field({
    type: BulkResultRef,
    authScopes: { perm: "reset_token" },
    args: { student_ids: ids(t.arg), send_email: t.arg.boolean({ required: false }) },
    resolve: (_r, args, ctx) =>
      resetStudentsTokens(ctx.data, args.student_ids, { sendEmail: args.send_email ?? false }),
  }),
);

builder.mutationField("addCourseToStudents", (t) =>
  t.field({
    type: BulkResultRef,
    authScopes: { perm: "create_participant" },
    args: { course_id: t.arg.int({ required: true }), student_ids: ids(t.arg) },
    resolve: (_r, args, ctx) => addCourseToStudents(ctx.data, args.course_id, args.student_ids),
  }),
);

builder.mutationField("addStudentsToTeam", (t) =>
  t.field({
    type: BulkResultRef,
    authScopes: { perm: "create_participant" },
    args: { team_id: t.arg.int({ required: true }), student_ids: ids(t.arg) },
    resolve: (_r, args, ctx) => addStudentsToTeam(ctx.data, args.team_id, args.student_ids),
  }),
);

builder.mutationField("addStudentsToEvent", (t) =>
  t.field({
    type: BulkResultRef,
    authScopes: { perm: "assign_appointment" },
    description: "Past the event's capacity students go on its waitlist, in the order given.",
    args: { event_id: t.arg.int({ required: true }), student_ids: ids(t.arg) },
    resolve: (_r, args, ctx) => addStudentsToEvent(ctx.data, args.event_id, args.student_ids),
  }),
);
