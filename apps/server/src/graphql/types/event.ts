import type { events } from "../../db/schema/index.ts";
import { eventByUuid, listEvents } from "../../events/list.ts";
import type { StudentEventView } from "../../students/reads.ts";
import { builder, notFound } from "../builder.ts";
import { CLOCK_DESCRIPTION, clock } from "../clock.ts";
import { listArgs, pageOf } from "../paging.ts";

export type EventRow = typeof events.$inferSelect & { is_in_session?: boolean };

/** The event's own columns (spec section 3); relations and counts are in event-fields.ts. */
export const EventRef = builder.objectRef<EventRow>("Event").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    uuid: t.exposeString("uuid"),
    ern: t.exposeString("ern", { nullable: true }),
    school_id: t.exposeInt("school_id"),
    title: t.exposeString("title"),
    description: t.exposeString("description", { nullable: true }),
    date: t.exposeString("date"),
    start_time: t.string({ description: CLOCK_DESCRIPTION, resolve: (c) => clock(c.start_time) }),
    end_time: t.string({ description: CLOCK_DESCRIPTION, resolve: (c) => clock(c.end_time) }),
    capacity: t.exposeInt("capacity", { nullable: true }),
    visibility: t.exposeString("visibility"),
    location_id: t.exposeInt("location_id", { nullable: true }),
    late_time: t.exposeInt("late_time", { nullable: true }),
    absent_time: t.exposeInt("absent_time", { nullable: true }),
    min_percentage: t.exposeInt("min_percentage", { nullable: true }),
    drop_cutoff: t.exposeInt("drop_cutoff", {
      description: "Minutes before the start after which a student may not drop.",
    }),
    alerts_students: t.exposeBoolean("alerts_students"),
    required: t.exposeBoolean("required", {
      description:
        "Attendance at the event is required (the spec's input only; read back so that a form can show and clear it, decision 0700).",
    }),
    restricted_by: t.exposeInt("restricted_by", {
      nullable: true,
      description: "The team whose students alone may join.",
    }),
    deleted_at: t.expose("deleted_at", { type: "DateTime", nullable: true }),
    is_in_session: t.boolean({ resolve: (e) => e.is_in_session ?? false }),
  }),
});

export const StudentEventRef = builder.objectRef<StudentEventView>("StudentEvent").implement({
  description: "An event the student is on: whether on its waitlist, and their attendance status there (null: none).",
  fields: (t) => ({
    event: t.field({ type: EventRef, resolve: (r) => r.event }),
    in_waitlist: t.exposeBoolean("in_waitlist"),
    status: t.exposeInt("status", { nullable: true }),
  }),
});

builder.queryField("events", (t) =>
  t.field({
    type: pageOf("Event", EventRef),
    authScopes: { signedIn: true },
    args: {
      ...listArgs(t.arg),
      query: t.arg.string({ required: false, description: "matches title (blind to case and accents) or ern" }),
      in_session: t.arg.boolean({ required: false }),
      state: t.arg.string({
        required: false,
        description: "upcoming (default: today and later), past, removed or all",
      }),
    },
    description: "sort_by: date (default), title, start_time, attending_count",
    resolve: (_r, args, ctx) => listEvents(ctx.data, args),
  }),
);

builder.queryField("event", (t) =>
  t.field({
    type: EventRef,
    authScopes: { signedIn: true },
    description: "An event the viewer sees, removed ones included.",
    args: { uuid: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const event = await eventByUuid(ctx.data, args.uuid);
      if (!event) throw notFound("Event");
      return event;
    },
  }),
);
