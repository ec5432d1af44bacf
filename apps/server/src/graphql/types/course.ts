import { courseByUuid, listCourses } from "../../courses/list.ts";
import type { courses } from "../../db/schema/index.ts";
import { builder, notFound } from "../builder.ts";
import { CLOCK_DESCRIPTION, clock } from "../clock.ts";
import { listArgs, pageOf } from "../paging.ts";

export type CourseRow = typeof courses.$inferSelect & { is_in_session?: boolean };

const LocationName = builder.objectRef<{ id: number; name: string }>("CourseLocation").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});

export const CourseRef = builder.objectRef<CourseRow>("Course").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    uuid: t.exposeString("uuid"),
    crn: t.exposeString("crn", { nullable: true }),
    course_number: t.exposeString("course_number", { nullable: true }),
    title: t.exposeString("title"),
    school_id: t.exposeInt("school_id"),
    location_id: t.exposeInt("location_id", { nullable: true }),
    start_time: t.string({ description: CLOCK_DESCRIPTION, resolve: (c) => clock(c.start_time) }),
    end_time: t.string({ description: CLOCK_DESCRIPTION, resolve: (c) => clock(c.end_time) }),
    semester_start: t.exposeString("semester_start", { nullable: true }),
    semester_end: t.exposeString("semester_end", { nullable: true }),
    meet_sun: t.exposeBoolean("meet_sun"),
    meet_mon: t.exposeBoolean("meet_mon"),
    meet_tue: t.exposeBoolean("meet_tue"),
    meet_wed: t.exposeBoolean("meet_wed"),
    meet_thu: t.exposeBoolean("meet_thu"),
    meet_fri: t.exposeBoolean("meet_fri"),
    meet_sat: t.exposeBoolean("meet_sat"),
    is_in_session: t.boolean({ resolve: (c) => c.is_in_session ?? false }),
    is_archived: t.exposeBoolean("is_archived"),
    late_time: t.exposeInt("late_time", { nullable: true }),
    absent_time: t.exposeInt("absent_time", { nullable: true }),
    min_percentage: t.exposeInt("min_percentage", { nullable: true }),
    alerts_students: t.exposeBoolean("alerts_students"),
    manual_attendance: t.exposeBoolean("manual_attendance"),
    locked: t.exposeBoolean("locked"),
    deleted_at: t.expose("deleted_at", { type: "DateTime", nullable: true }),
    is_indefinite: t.exposeBoolean("is_indefinite"),
    location: t.field({
      type: LocationName,
      nullable: true,
      // batched: one read for every course of the response
      resolve: (c, _a, { data }) => (c.location_id ? data.byId("locations", c.location_id) : null),
    }),
  }),
});

builder.queryField("courses", (t) =>
  t.field({
    type: pageOf("Course", CourseRef),
    authScopes: { signedIn: true },
    args: {
      ...listArgs(t.arg),
      query: t.arg.string({
        required: false,
        description: "matches title (blind to case and accents), crn or course_number",
      }),
      in_session: t.arg.boolean({ required: false }),
      state: t.arg.string({ required: false, description: "active (default), archived, removed or all" }),
    },
    description: "sort_by: title, crn, course_number, start_time, end_time, students_count, created_at",
    resolve: (_r, args, ctx) => listCourses(ctx.data, args),
  }),
);

builder.queryField("course", (t) =>
  t.field({
    type: CourseRef,
    authScopes: { signedIn: true },
    description: "A course the viewer sees, removed ones included.",
    args: { uuid: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const course = await courseByUuid(ctx.data, args.uuid);
      if (!course) throw notFound("Course");
      return course;
    },
  }),
);
