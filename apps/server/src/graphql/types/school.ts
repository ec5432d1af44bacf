import { asc, desc, eq } from "drizzle-orm";
import { byName } from "../../db/collation.ts";
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
      // batched over every school of the response
      resolve: (school, _a, { data }) =>
        data.manyBy("closures", schoolClosures.school_id, school.id, [asc(schoolClosures.start_date)]),
    }),
  }),
});

/**
 * Lookup of spec section 3: schools (id, name); role 1 sees every school, everyone else their
 * own. Unpaged without per_page (the spec's parameter list), else paged like any list.
 */
builder.queryField("schools", (t) =>
  t.field({
    type: pageOf("School", SchoolRef),
    authScopes: { signedIn: true },
    args: listArgs(t.arg),
    resolve: async (_r, args, ctx) => {
      const p = paging(args);
      const col = sortColumn(args.sort_by, { name: byName(schools.name), id: schools.id }, "name");
      const orderBy = [p.dir === "asc" ? asc(col) : desc(col), asc(schools.id)];
      if (args.per_page == null && args.page == null) {
        const data = await ctx.data.rows("schools", { orderBy });
        return { data, total: data.length };
      }
      return ctx.data.page("schools", { orderBy, limit: p.perPage, offset: p.offset });
    },
  }),
);

/** The viewer's current school (the dashboard's school info). */
builder.queryField("school", (t) =>
  t.field({
    type: SchoolRef,
    authScopes: { signedIn: true },
    resolve: async (_r, _a, ctx) => {
      const school = await ctx.data.first("schools", eq(schools.id, viewerOf(ctx).schoolId));
      if (!school) throw notFound("School");
      return school;
    },
  }),
);
