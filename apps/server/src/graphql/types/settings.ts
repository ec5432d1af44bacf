import { createClosure, removeClosure } from "../../settings/closures.ts";
import { createSchool, updateSchool } from "../../settings/school.ts";
import { builder } from "../builder.ts";
import { ClosureRef, SchoolRef } from "./school.ts";

/** The School tab of /Settings (issue 13): admin roles, the viewer's current school only. */
const schoolFieldArgs = (t: Parameters<Parameters<typeof builder.mutationField>[1]>[0]) => ({
  address: t.arg.string(),
  contact_person: t.arg.string(),
  phone: t.arg.string({ description: "7 to 15 digits; stored as its digits" }),
  email: t.arg.string(),
  support_email: t.arg.string(),
  late_time: t.arg.int({ description: "minutes after the start, 0-1440" }),
  absent_time: t.arg.int({ description: "minutes after the start, 0-1440, more than late_time" }),
  leave_time: t.arg.int({ description: "minutes before the end, 0-1440" }),
  warning_percentage: t.arg.int({ description: "0-100: below it a student's APA shows a warning" }),
  timezone: t.arg.string({ description: "one of the spec's zones (TIME_ZONES), or UTC" }),
  token_pattern: t.arg.string({ description: "random, or a template of # (digit), @ (letter), * (either)" }),
  student_cap: t.arg.int({ description: "at least the active participants; null: no cap" }),
  allow_user_invite: t.arg.boolean(),
});

builder.mutationField("updateSchool", (t) =>
  t.field({
    type: SchoolRef,
    authScopes: { admin: true },
    description:
      "The fields of the viewer's current school (another school's id: not found). Each error names its field.",
    args: {
      id: t.arg.int({ required: true, description: "the school's id" }),
      name: t.arg.string(),
      ...schoolFieldArgs(t),
    },
    resolve: (_r, args, ctx) => updateSchool(ctx.data, args),
  }),
);

builder.mutationField("createSchool", (t) =>
  t.field({
    type: SchoolRef,
    authScopes: { masterAdmin: true },
    description: "A new school (role 1); switchSchool opens it.",
    args: {
      name: t.arg.string({ required: true }),
      ...schoolFieldArgs(t),
    },
    resolve: (_r, args, ctx) => createSchool(ctx.data, args),
  }),
);

builder.mutationField("createClosure", (t) =>
  t.field({
    type: ClosureRef,
    authScopes: { admin: true },
    description:
      "Closes the viewer's school from start_date to end_date (inclusive, at most 366 days): every session in it is cancelled.",
    args: {
      title: t.arg.string({ required: true }),
      start_date: t.arg.string({ required: true, description: "YYYY-MM-DD" }),
      end_date: t.arg.string({ required: true, description: "YYYY-MM-DD, on or after start_date" }),
    },
    resolve: (_r, args, ctx) => createClosure(ctx.data, args),
  }),
);

builder.mutationField("removeClosure", (t) =>
  t.field({
    type: ClosureRef,
    authScopes: { admin: true },
    description: "Takes a closure of the viewer's school back: the class dates it cancelled are judged again.",
    args: { id: t.arg.int({ required: true, description: "the closure's id" }) },
    resolve: (_r, { id }, ctx) => removeClosure(ctx.data, id),
  }),
);
