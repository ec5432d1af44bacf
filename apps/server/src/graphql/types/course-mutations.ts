import type { CourseInput } from "@rollbook/domain";
import { addTeamToCourse } from "../../courses/team.ts";
import { createCourse, removeCourse, restoreCourse, updateCourse } from "../../courses/write.ts";
import { builder } from "../builder.ts";
import { BulkResultRef } from "./bulk.ts";
import { CourseRef } from "./course.ts";

type Arg = Parameters<Parameters<typeof builder.mutationField>[1]>[0]["arg"];

/** Every field of spec section 3 a client sets (subject: input only); on create the title, times and a day. */
function courseArgs(arg: Arg, creating: boolean) {
  return {
    title: arg.string({ required: creating }),
    crn: arg.string({ required: false }),
    course_number: arg.string({ required: false }),
    subject: arg.string({ required: false }),
    location_id: arg.int({ required: false }),
    start_time: arg.string({ required: creating, description: "HH:MM (24 h), the school's zone" }),
    end_time: arg.string({ required: creating, description: "HH:MM (24 h), after start_time" }),
    semester_start: arg.string({ required: false, description: "YYYY-MM-DD; required unless is_indefinite" }),
    semester_end: arg.string({ required: false, description: "YYYY-MM-DD, after semester_start" }),
    meet_sun: arg.boolean({ required: false }),
    meet_mon: arg.boolean({ required: false }),
    meet_tue: arg.boolean({ required: false }),
    meet_wed: arg.boolean({ required: false }),
    meet_thu: arg.boolean({ required: false }),
    meet_fri: arg.boolean({ required: false }),
    meet_sat: arg.boolean({ required: false }),
    is_archived: arg.boolean({ required: false }),
    is_indefinite: arg.boolean({ required: false }),
    late_time: arg.int({ required: false, description: "minutes, 0-1440" }),
    absent_time: arg.int({ required: false, description: "minutes, 0-1440, more than late_time" }),
    min_percentage: arg.int({ required: false, description: "0-100" }),
    alerts_students: arg.boolean({ required: false }),
    manual_attendance: arg.boolean({ required: false }),
    locked: arg.boolean({ required: false }),
  };
}

/** GraphQL gives absent arguments as undefined and explicit nulls as null: both kept apart. */
function inputOf(args: Record<string, unknown>): CourseInput {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) if (k !== "id" && v !== undefined) out[k] = v;
  return out as CourseInput;
}

builder.mutationField("createCourse", (t) =>
  t.field({
    type: CourseRef,
    authScopes: { admin: true },
    args: courseArgs(t.arg, true),
    resolve: (_r, args, ctx) => createCourse(ctx.data, inputOf(args)),
  }),
);

builder.mutationField("updateCourse", (t) =>
  t.field({
    type: CourseRef,
    authScopes: { admin: true },
    description: "Changes the fields given; is_archived archives or unarchives.",
    args: { id: t.arg.int({ required: true }), ...courseArgs(t.arg, false) },
    resolve: (_r, args, ctx) => updateCourse(ctx.data, args.id, inputOf(args)),
  }),
);

builder.mutationField("removeCourse", (t) =>
  t.field({
    type: CourseRef,
    authScopes: { admin: true },
    description: "Soft removal: the course leaves lists and schedules; its attendance stays for reports.",
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => removeCourse(ctx.data, args.id),
  }),
);

builder.mutationField("restoreCourse", (t) =>
  t.field({
    type: CourseRef,
    authScopes: { admin: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => restoreCourse(ctx.data, args.id),
  }),
);

builder.mutationField("addTeamToCourse", (t) =>
  t.field({
    type: BulkResultRef,
    authScopes: { perm: "create_participant" },
    description: "Enrols every live student of the team (all or nothing; already enrolled ones are not counted).",
    args: { team_id: t.arg.int({ required: true }), course_id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => addTeamToCourse(ctx.data, args.team_id, args.course_id),
  }),
);
