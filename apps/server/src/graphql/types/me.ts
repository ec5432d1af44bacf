import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { visibleCourses, visibleEvents, visibleTeams } from "../../access/visibility.ts";
import { type TileType, type TileView, tilesOf } from "../../dashboard/tiles.ts";
import { attendance, courses, events, students, tasks, teams, userTiles } from "../../db/schema/index.ts";
import { builder, notFound, userError } from "../builder.ts";
import { viewerOf } from "../context.ts";
import { listArgs, pageOf, paging, sortColumn } from "../paging.ts";
import { UserFields, type UserRow } from "./user.ts";

type TaskRow = typeof tasks.$inferSelect;

const TaskStudent = builder.objectRef<{ id: number; uuid: string }>("TaskStudent").implement({
  fields: (t) => ({ id: t.exposeInt("id"), uuid: t.exposeString("uuid") }),
});

const TaskAttendance = builder
  .objectRef<{ id: number; student_id: number; student: { id: number; uuid: string } }>("TaskAttendance")
  .implement({
    fields: (t) => ({
      id: t.exposeInt("id"),
      student_id: t.exposeInt("student_id"),
      student: t.field({ type: TaskStudent, resolve: (a) => a.student }),
    }),
  });

export const TaskRef = builder.objectRef<TaskRow>("Task").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    description: t.exposeString("description"),
    taskable_id: t.exposeInt("taskable_id", { nullable: true }),
    taskable_type: t.exposeString("taskable_type", { nullable: true }),
    created_at: t.expose("created_at", { type: "DateTime" }),
    deleted_at: t.expose("deleted_at", { type: "DateTime", nullable: true }),
    taskable: t.field({
      type: TaskAttendance,
      nullable: true,
      resolve: async (task, _a, { s }) => {
        if (task.taskable_type !== "attendance" || !task.taskable_id) return null;
        const [row] = await s.db
          .select({ id: attendance.id, student_id: attendance.student_id, uuid: students.uuid })
          .from(attendance)
          .innerJoin(students, eq(students.id, attendance.student_id))
          .where(eq(attendance.id, task.taskable_id));
        return row ? { id: row.id, student_id: row.student_id, student: { id: row.student_id, uuid: row.uuid } } : null;
      },
    }),
  }),
});

const LastClass = builder.objectRef<{ label: string; value: number | null }>("AttendanceLastClass").implement({
  fields: (t) => ({ label: t.exposeString("label"), value: t.exposeFloat("value", { nullable: true }) }),
});

const AttendanceNowRef = builder
  .objectRef<{ meets: string; present: number; expected: number }>("AttendanceNow")
  .implement({
    description: "A session in progress: its enrolled students and how many have checked in so far",
    fields: (t) => ({
      meets: t.exposeString("meets"),
      present: t.exposeInt("present"),
      expected: t.exposeInt("expected"),
    }),
  });

const Tileable = builder.objectRef<NonNullable<TileView["tileable"]>>("Tileable").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    uuid: t.exposeString("uuid"),
    title: t.exposeString("title", { nullable: true }),
    name: t.exposeString("name", { nullable: true }),
    apa: t.exposeFloat("apa", { nullable: true }),
    attendance_last_class: t.field({ type: LastClass, resolve: (x) => x.attendance_last_class }),
    attendance_now: t.field({ type: AttendanceNowRef, nullable: true, resolve: (x) => x.attendance_now }),
  }),
});

export const TileRef = builder.objectRef<TileView>("Tile").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    tileable_id: t.exposeInt("tileable_id"),
    tileable_type: t.exposeString("tileable_type"),
    tileable: t.field({ type: Tileable, nullable: true, resolve: (x) => x.tileable }),
  }),
});

const openTasks = (userId: number) => and(eq(tasks.user_id, userId), isNull(tasks.deleted_at));

/** The signed-in user with their tasks and tiles. */
export const MeRef = builder.objectRef<UserRow>("Me").implement({
  interfaces: [UserFields],
  fields: (t) => ({
    tasks: t.field({
      type: [TaskRef],
      resolve: (m, _a, { s }) =>
        s.db.select().from(tasks).where(openTasks(m.id)).orderBy(desc(tasks.created_at)).limit(100),
    }),
    tiles: t.field({
      type: [TileRef],
      resolve: (m, _a, { s }) => tilesOf(s.db, m.id, m.school_id),
    }),
  }),
});

builder.queryField("me", (t) =>
  t.field({
    type: MeRef,
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => viewerOf(ctx).user,
  }),
);

builder.queryField("tasks", (t) =>
  t.field({
    type: pageOf("Task", TaskRef),
    authScopes: { signedIn: true },
    args: listArgs(t.arg),
    resolve: async (_r, args, ctx) => {
      const v = viewerOf(ctx);
      const p = paging(args);
      // one sortable column, but a wrong sort_by is still named rather than ignored
      const col = sortColumn(args.sort_by, { created_at: tasks.created_at }, "created_at");
      const where = openTasks(v.user.id);
      const data = await ctx.s.db
        .select()
        .from(tasks)
        .where(where)
        .orderBy(p.dir === "asc" ? asc(col) : desc(col), asc(tasks.id))
        .limit(p.perPage)
        .offset(p.offset);
      const total = await ctx.s.db.$count(tasks, where);
      return { data, total };
    },
  }),
);

builder.mutationField("closeTask", (t) =>
  t.field({
    type: TaskRef,
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_r, { id }, ctx) => {
      const v = viewerOf(ctx);
      const [task] = await ctx.s.db
        .update(tasks)
        .set({ deleted_at: new Date() })
        .where(and(eq(tasks.id, id), openTasks(v.user.id)))
        .returning();
      if (!task) throw notFound("Task");
      await ctx.s.bus.publish({
        type: "task.update",
        school_id: task.school_id,
        ids: [task.id],
        user_id: task.user_id,
      });
      return task;
    },
  }),
);

const TILE_TYPES = ["team", "course", "event"] as const;

builder.mutationField("addToDashboard", (t) =>
  t.field({
    type: TileRef,
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }), type: t.arg.string({ required: true }) },
    resolve: async (_r, { id, type }, ctx) => {
      const v = viewerOf(ctx);
      if (!TILE_TYPES.includes(type as TileType)) throw userError("type must be team, course or event", "type");
      const tileType = type as TileType;
      const table = { course: courses, event: events, team: teams }[tileType];
      const visible = { course: visibleCourses, event: visibleEvents, team: visibleTeams }[tileType](v);
      const [found] = await ctx.s.db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, id), visible));
      if (!found) throw notFound(tileType === "team" ? "Group" : tileType === "course" ? "Course" : "Event");
      await ctx.s.db
        .insert(userTiles)
        .values({ user_id: v.user.id, tileable_id: id, tileable_type: tileType })
        .onConflictDoNothing();
      const tiles = await tilesOf(ctx.s.db, v.user.id, v.schoolId);
      const tile = tiles.find((x) => x.tileable_type === tileType && x.tileable_id === id);
      if (!tile) throw notFound("Tile");
      return tile;
    },
  }),
);

builder.mutationField("removeFromDashboard", (t) =>
  t.field({
    type: "Boolean",
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true, description: "the tile's id" }) },
    resolve: async (_r, { id }, ctx) => {
      const v = viewerOf(ctx);
      const gone = await ctx.s.db
        .delete(userTiles)
        .where(and(eq(userTiles.id, id), eq(userTiles.user_id, v.user.id)))
        .returning({ id: userTiles.id });
      if (gone.length === 0) throw notFound("Tile");
      return true;
    },
  }),
);
