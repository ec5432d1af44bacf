import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { addTile, type TileType, type TileView, tilesOf } from "../../dashboard/tiles.ts";
import { courses, events, tasks, teams, userTiles } from "../../db/schema/index.ts";
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
      // only an attendance the viewer may see (its student visible), batched over the list
      resolve: async (task, _a, { data }) => {
        if (task.taskable_type !== "attendance" || !task.taskable_id) return null;
        const row = await data.byId("attendance", task.taskable_id);
        const student = row ? await data.byId("students", row.student_id) : null;
        return row && student ? { id: row.id, student_id: row.student_id, student } : null;
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

const openTasks = isNull(tasks.deleted_at);

/** The signed-in user with their tasks and tiles. */
const ImpersonatorRef = builder
  .objectRef<{ id: number; first_name: string; last_name: string }>("Impersonator")
  .implement({
    description: "The user who switched into this one (the banner's way back)",
    fields: (t) => ({
      id: t.exposeInt("id"),
      first_name: t.exposeString("first_name"),
      last_name: t.exposeString("last_name"),
    }),
  });

export const MeRef = builder.objectRef<UserRow>("Me").implement({
  interfaces: [UserFields],
  fields: (t) => ({
    impersonator: t.field({
      type: ImpersonatorRef,
      nullable: true,
      // set only on a session opened by switchUser; the app shows "Acting as" while it is
      resolve: async (_m, _a, { data }) => {
        const id = data.viewer.impersonatorId;
        return id === null ? null : await data.byId("users", id);
      },
    }),
    tasks: t.field({
      type: [TaskRef],
      // Me is always the viewer: the scope's own tasks
      resolve: (_m, _a, { data }) =>
        data.rows("tasks", { where: openTasks, orderBy: [desc(tasks.created_at)], limit: 100 }),
    }),
    tiles: t.field({
      type: [TileRef],
      resolve: (_m, _a, { data }) => tilesOf(data),
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
      const p = paging(args);
      // one sortable column, but a wrong sort_by is still named rather than ignored
      const col = sortColumn(args.sort_by, { created_at: tasks.created_at }, "created_at");
      return ctx.data.page("tasks", {
        where: openTasks,
        orderBy: [p.dir === "asc" ? asc(col) : desc(col), asc(tasks.id)],
        limit: p.perPage,
        offset: p.offset,
      });
    },
  }),
);

builder.mutationField("closeTask", (t) =>
  t.field({
    type: TaskRef,
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_r, { id }, ctx) => {
      const [task] = await ctx.data.update("tasks", and(eq(tasks.id, id), openTasks), {
        deleted_at: new Date(),
      });
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
      if (!TILE_TYPES.includes(type as TileType)) throw userError("type must be team, course or event", "type");
      const tileType = type as TileType;
      const found =
        tileType === "course"
          ? await ctx.data.first("courses", eq(courses.id, id))
          : tileType === "event"
            ? await ctx.data.first("events", eq(events.id, id))
            : await ctx.data.first("teams", eq(teams.id, id));
      if (!found) throw notFound(tileType === "team" ? "Group" : tileType === "course" ? "Course" : "Event");
      await addTile(ctx.data, tileType, found.id);
      const tiles = await tilesOf(ctx.data);
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
      const gone = await ctx.data.delete("tiles", eq(userTiles.id, id));
      if (gone.length === 0) throw notFound("Tile");
      return true;
    },
  }),
);
