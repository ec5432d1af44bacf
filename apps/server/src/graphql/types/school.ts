import { asc, eq, isNull, sql } from "drizzle-orm";
import { schoolClosures, schools } from "../../db/schema/index.ts";
import { builder, notFound } from "../builder.ts";
import { viewerOf } from "../context.ts";
import { listArgs, pageOf, paging, sortColumn } from "../paging.ts";

type SchoolRow = typeof schools.$inferSelect;
type ClosureRow = typeof schoolClosures.$inferSelect;

export const ClosureRef = builder.objectRef<ClosureRow>("SchoolClosure").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    school_id: t.exposeInt("school_id"),
    title: t.exposeString("title"),
    start_date: t.exposeString("start_date"),
    end_date: t.exposeString("end_date"),
  }),
});

export const SchoolRef = builder.objectRef<SchoolRow>("School").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    address: t.exposeString("address", { nullable: true }),
    contact_person: t.exposeString("contact_person", { nullable: true }),
    phone: t.exposeString("phone", { nullable: true }),
    email: t.exposeString("email", { nullable: true }),
    support_email: t.exposeString("support_email", { nullable: true }),
    late_time: t.exposeInt("late_time"),
    absent_time: t.exposeInt("absent_time"),
    leave_time: t.exposeInt("leave_time"),
    warning_percentage: t.exposeInt("warning_percentage"),
    timezone: t.exposeString("timezone"),
    token_pattern: t.exposeString("token_pattern"),
    student_cap: t.exposeInt("student_cap", { nullable: true }),
    allow_user_invite: t.exposeBoolean("allow_user_invite"),
    closures: t.field({
      type: [ClosureRef],
      resolve: (school, _a, { s }) =>
        s.db
          .select()
          .from(schoolClosures)
          .where(eq(schoolClosures.school_id, school.id))
          .orderBy(asc(schoolClosures.start_date)),
    }),
  }),
});

/** Lookup shape of spec section 3: schools (id, name). */
builder.queryField("schools", (t) =>
  t.field({
    type: pageOf("School", SchoolRef),
    authScopes: { signedIn: true },
    args: listArgs(t.arg),
    resolve: async (_r, args, ctx) => {
      const v = viewerOf(ctx);
      const p = paging(args);
      const col = sortColumn(args.sort_by, { name: schools.name, id: schools.id }, "name");
      // role 1 spans schools; everyone else sees their own only
      const where =
        v.roleId === 1
          ? isNull(schools.deleted_at)
          : sql`${schools.id} = ${v.schoolId} and ${schools.deleted_at} is null`;
      const data = await ctx.s.db
        .select()
        .from(schools)
        .where(where)
        .orderBy(p.dir === "asc" ? asc(col) : sql`${col} desc`)
        .limit(p.perPage)
        .offset(p.offset);
      return { data, total: await ctx.s.db.$count(schools, where) };
    },
  }),
);

/** The viewer's current school (the dashboard's school info). */
builder.queryField("school", (t) =>
  t.field({
    type: SchoolRef,
    authScopes: { signedIn: true },
    resolve: async (_r, _a, ctx) => {
      const v = viewerOf(ctx);
      const [school] = await ctx.s.db.select().from(schools).where(eq(schools.id, v.schoolId));
      if (!school) throw notFound("School");
      return school;
    },
  }),
);
