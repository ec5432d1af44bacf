import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { visibleStudentsAnyState } from "../../access/visibility.ts";
import { missingStudentsCondition } from "../../dashboard/missing.ts";
import { courses, events, studentCourse, studentEvent, students, studentTeam, teams } from "../../db/schema/index.ts";
import { builder, userError } from "../builder.ts";
import { viewerOf } from "../context.ts";
import { listArgs, pageOf, paging, sortColumn } from "../paging.ts";

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
  }),
});

const RELATIONS = ["course", "event", "team"] as const;

async function relationCondition(ctx: Parameters<typeof viewerOf>[0], relation: string, uuid: string): Promise<SQL> {
  const db = ctx.s.db;
  if (relation === "course") {
    const ids = db
      .select({ id: studentCourse.student_id })
      .from(studentCourse)
      .innerJoin(courses, eq(courses.id, studentCourse.course_id))
      .where(eq(courses.uuid, uuid));
    return inArray(students.id, ids);
  }
  if (relation === "event") {
    const ids = db
      .select({ id: studentEvent.student_id })
      .from(studentEvent)
      .innerJoin(events, eq(events.id, studentEvent.event_id))
      .where(eq(events.uuid, uuid));
    return inArray(students.id, ids);
  }
  const ids = db
    .select({ id: studentTeam.student_id })
    .from(studentTeam)
    .innerJoin(teams, eq(teams.id, studentTeam.team_id))
    .where(eq(teams.uuid, uuid));
  return inArray(students.id, ids);
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
      const v = viewerOf(ctx);
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
      const parts: (SQL | undefined)[] = [visibleStudentsAnyState(v)];
      if (state === "active") parts.push(isNull(students.deleted_at));
      if (state === "removed") parts.push(isNotNull(students.deleted_at));
      const q = args.query?.trim();
      if (q) {
        const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        parts.push(or(ilike(students.first_name, like), ilike(students.last_name, like), ilike(students.email, like)));
      }
      if (args.relation || args.relation_uuid) {
        if (!args.relation || !RELATIONS.includes(args.relation as (typeof RELATIONS)[number]))
          throw userError("relation must be course, event or team", "relation");
        if (!args.relation_uuid || !UUID.test(args.relation_uuid))
          throw userError("relation_uuid must be a uuid", "relation_uuid");
        parts.push(await relationCondition(ctx, args.relation, args.relation_uuid));
      }
      if (args.missing) parts.push(await missingStudentsCondition(ctx.s.db, v));
      const where = and(...parts);
      const order = p.dir === "asc" ? asc(col) : desc(col);
      const data = await ctx.s.db
        .select()
        .from(students)
        .where(where)
        .orderBy(sql`${order} nulls last`, asc(students.id))
        .limit(p.perPage)
        .offset(p.offset);
      return { data, total: await ctx.s.db.$count(students, where) };
    },
  }),
);
