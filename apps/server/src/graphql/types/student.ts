import { and, asc, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../../access/scoped.ts";
import { missingStudentsCondition } from "../../dashboard/missing.ts";
import { courses, events, studentCourse, studentEvent, students, studentTeam, teams } from "../../db/schema/index.ts";
import { builder, userError } from "../builder.ts";
import { listArgs, pageOf, paging, searchTerm, sortColumn } from "../paging.ts";
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
          asc(courses.title),
        ]),
    }),
  }),
});

const RELATIONS = ["course", "event", "team"] as const;

/** Students linked to a course, event or team the viewer may see (an unseen one matches nobody). */
function relationCondition(data: Scoped, relation: string, uuid: string): SQL {
  if (relation === "course")
    return sql`${students.id} in (select ${studentCourse.student_id} from ${studentCourse} where ${studentCourse.course_id} in (${data.ids("courses", eq(courses.uuid, uuid))}))`;
  if (relation === "event")
    return sql`${students.id} in (select ${studentEvent.student_id} from ${studentEvent} where ${studentEvent.event_id} in (${data.ids("events", eq(events.uuid, uuid))}))`;
  return sql`${students.id} in (select ${studentTeam.student_id} from ${studentTeam} where ${studentTeam.team_id} in (${data.ids("teams", eq(teams.uuid, uuid))}))`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
      const col = sortColumn(
        args.sort_by,
        {
          last_name: students.last_name,
          first_name: students.first_name,
          email: students.email,
          semester_apa: students.semester_apa,
          weekly_apa: students.weekly_apa,
          last_seen: students.last_seen,
          created_at: students.created_at,
        },
        "last_name",
      );
      const state = args.state ?? "active";
      if (!["active", "removed", "all"].includes(state))
        throw userError("state must be active, removed or all", "state");
      const parts: (SQL | undefined)[] = [];
      if (state === "active") parts.push(isNull(students.deleted_at));
      if (state === "removed") parts.push(isNotNull(students.deleted_at));
      const q = searchTerm(args.query);
      if (q) {
        const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        parts.push(or(ilike(students.first_name, like), ilike(students.last_name, like), ilike(students.email, like)));
      }
      if (args.relation || args.relation_uuid) {
        if (!args.relation || !RELATIONS.includes(args.relation as (typeof RELATIONS)[number]))
          throw userError("relation must be course, event or team", "relation");
        if (!args.relation_uuid || !UUID.test(args.relation_uuid))
          throw userError("relation_uuid must be a uuid", "relation_uuid");
        parts.push(relationCondition(ctx.data, args.relation, args.relation_uuid));
      }
      if (args.missing) parts.push(await missingStudentsCondition(ctx.data));
      const order = p.dir === "asc" ? asc(col) : desc(col);
      return ctx.data.page("students", {
        where: and(...parts),
        orderBy: [sql`${order} nulls last`, asc(students.id)],
        limit: p.perPage,
        offset: p.offset,
      });
    },
  }),
);
