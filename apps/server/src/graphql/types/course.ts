import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import { courseSessionsToday } from "../../dashboard/sessions-today.ts";
import { courses } from "../../db/schema/index.ts";
import { builder, userError } from "../builder.ts";
import { listArgs, pageOf, paging, searchTerm, sortColumn } from "../paging.ts";

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
    start_time: t.exposeString("start_time"),
    end_time: t.exposeString("end_time"),
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
      query: t.arg.string({ required: false }),
      in_session: t.arg.boolean({ required: false }),
      state: t.arg.string({ required: false, description: "active (default), archived or all" }),
    },
    resolve: async (_r, args, ctx) => {
      const p = paging(args);
      const col = sortColumn(
        args.sort_by,
        {
          title: courses.title,
          start_time: courses.start_time,
          end_time: courses.end_time,
          crn: courses.crn,
          created_at: courses.created_at,
        },
        "title",
      );
      const state = args.state ?? "active";
      if (!["active", "archived", "all"].includes(state))
        throw userError("state must be active, archived or all", "state");
      const parts: (SQL | undefined)[] = [];
      if (state !== "all") parts.push(eq(courses.is_archived, state === "archived"));
      const q = searchTerm(args.query);
      if (q) parts.push(ilike(courses.title, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
      const now = new Date();
      const { sessions } = await courseSessionsToday(ctx.data, now);
      const inSession = new Set(
        sessions
          .filter(({ session }) => session.start.getTime() <= now.getTime() && now.getTime() < session.end.getTime())
          .map((x) => x.course.id),
      );
      if (args.in_session) parts.push(inSession.size ? inArray(courses.id, [...inSession]) : sql`false`);
      const { data, total } = await ctx.data.page("courses", {
        where: and(...parts),
        orderBy: [p.dir === "asc" ? asc(col) : desc(col), asc(courses.id)],
        limit: p.perPage,
        offset: p.offset,
      });
      return { data: data.map((c) => ({ ...c, is_in_session: inSession.has(c.id) })), total };
    },
  }),
);
