import { asc } from "drizzle-orm";
import { byName } from "../../db/collation.ts";
import { courses, studentCourse, type students } from "../../db/schema/index.ts";
import { FilterError, orderOf, studentFilter } from "../../students/filter.ts";
import { builder, userError } from "../builder.ts";
import { listArgs, pageOf, paging } from "../paging.ts";
import { CourseRef } from "./course.ts";

export type StudentRow = typeof students.$inferSelect;

/** Demographic fields need view_information; without it they read as null. */
const info = { authScopes: { perm: "view_information" as const }, unauthorizedResolver: () => null };

export const StudentRef = builder.objectRef<StudentRow>("Student").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    uuid: t.exposeString("uuid"),
    first_name: t.exposeString("first_name"),
    last_name: t.exposeString("last_name"),
    preferred_name: t.exposeString("preferred_name", { nullable: true }),
    token: t.exposeString("token", {
      nullable: true,
      authScopes: { perm: "reset_token" },
      unauthorizedResolver: () => null,
    }),
    email: t.exposeString("email", { nullable: true }),
    phone: t.exposeString("phone", { nullable: true }),
    school_identifier: t.exposeString("school_identifier", { nullable: true }),
    age: t.exposeInt("age", { nullable: true, ...info }),
    pid_number: t.exposeString("pid_number", { nullable: true, ...info }),
    zip: t.exposeString("zip", { nullable: true, ...info }),
    date_of_birth: t.exposeString("date_of_birth", { nullable: true, ...info }),
    is_veteran: t.exposeBoolean("is_veteran", { nullable: true, ...info }),
    housing: t.exposeString("housing", { nullable: true, ...info }),
    employment: t.exposeString("employment", { nullable: true, ...info }),
    sexual_identity: t.exposeString("sexual_identity", { nullable: true, ...info }),
    gender: t.exposeString("gender", { nullable: true, ...info }),
    sex: t.exposeString("sex", { nullable: true, ...info }),
    race: t.exposeString("race", { nullable: true, ...info }),
    weekly_apa: t.exposeFloat("weekly_apa", { nullable: true }),
    semester_apa: t.exposeFloat("semester_apa", { nullable: true }),
    deleted_at: t.expose("deleted_at", { type: "DateTime", nullable: true }),
    last_seen: t.expose("last_seen", { type: "DateTime", nullable: true }),
    device_id: t.exposeInt("device_id", { nullable: true }),
    courses: t.field({
      type: [CourseRef],
      description: "The courses the student is enrolled in that the viewer may see",
      // batched over every student of the response
      resolve: (st, _a, { data }) =>
        data.through("courses", { owner: studentCourse.student_id, target: studentCourse.course_id }, st.id, [
          asc(byName(courses.title)),
          asc(courses.id),
        ]),
    }),
  }),
});

builder.queryField("students", (t) =>
  t.field({
    type: pageOf("Student", StudentRef),
    authScopes: { signedIn: true },
    args: {
      ...listArgs(t.arg),
      query: t.arg.string({ required: false }),
      relation: t.arg.string({ required: false }),
      relation_uuid: t.arg.string({ required: false }),
      missing: t.arg.boolean({ required: false }),
      state: t.arg.string({ required: false, description: "active (default), removed or all" }),
    },
    resolve: async (_r, args, ctx) => {
      const p = paging(args);
      const filter = await studentFilter(ctx.data, {
        query: args.query ?? undefined,
        state: args.state ?? undefined,
        relation: args.relation ?? undefined,
        relation_uuid: args.relation_uuid ?? undefined,
        missing: args.missing ?? undefined,
        sort_by: args.sort_by ?? undefined,
        sort_dir: p.dir,
      }).catch((e: unknown) => {
        throw e instanceof FilterError ? userError(e.message, e.field) : e;
      });
      return ctx.data.page("students", {
        where: filter.where,
        orderBy: orderOf(filter.keys, filter.gather),
        limit: p.perPage,
        offset: p.offset,
      });
    },
  }),
);
