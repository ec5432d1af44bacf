import type { EventInput } from "@rollbook/domain";
import { addTeamToEvent, upgradeStudent } from "../../events/seats.ts";
import { createEvent, removeEvent, restoreEvent, updateEvent } from "../../events/write.ts";
import { builder } from "../builder.ts";
import { BulkResultRef } from "./bulk.ts";
import { EventRef, StudentEventRef } from "./event.ts";

type Arg = Parameters<Parameters<typeof builder.mutationField>[1]>[0]["arg"];

/** Every field of spec section 3 a client sets (required: input only); on create title, date and times. */
function eventArgs(arg: Arg, creating: boolean) {
  return {
    title: arg.string({ required: creating }),
    ern: arg.string({ required: false }),
    description: arg.string({ required: false }),
    date: arg.string({ required: creating, description: "YYYY-MM-DD" }),
    start_time: arg.string({ required: creating, description: "HH:MM (24 h), the school's zone" }),
    end_time: arg.string({ required: creating, description: "HH:MM (24 h), after start_time" }),
    location_id: arg.int({ required: false }),
    capacity: arg.int({ required: false, description: "at least 1 and not below attending_count; null: no limit" }),
    visibility: arg.string({ required: false, description: "public or private (default)" }),
    late_time: arg.int({ required: false, description: "minutes, 0-1440" }),
    absent_time: arg.int({ required: false, description: "minutes, 0-1440, more than late_time" }),
    min_percentage: arg.int({ required: false, description: "0-100" }),
    drop_cutoff: arg.int({ required: false, description: "minutes before the start, 0-10080 (default 240)" }),
    alerts_students: arg.boolean({ required: false }),
    required: arg.boolean({ required: false }),
    restricted_by: arg.int({ required: false, description: "a team: only its students may join" }),
  };
}

/** GraphQL gives absent arguments as undefined and explicit nulls as null: both kept apart. */
function inputOf(args: Record<string, unknown>): EventInput {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) if (k !== "id" && v !== undefined) out[k] = v;
  return out as EventInput;
}

builder.mutationField("createEvent", (t) =>
  t.field({
    type: EventRef,
    authScopes: { perm: "create_appointment" },
    args: eventArgs(t.arg, true),
    resolve: (_r, args, ctx) => createEvent(ctx.data, inputOf(args)),
  }),
);

builder.mutationField("updateEvent", (t) =>
  t.field({
    type: EventRef,
    authScopes: { perm: "create_appointment" },
    description: "Changes the fields given; a larger capacity moves the waitlist up in order.",
    args: { id: t.arg.int({ required: true }), ...eventArgs(t.arg, false) },
    resolve: (_r, args, ctx) => updateEvent(ctx.data, args.id, inputOf(args)),
  }),
);

builder.mutationField("removeEvent", (t) =>
  t.field({
    type: EventRef,
    authScopes: { perm: "create_appointment" },
    description: "Soft removal: the event leaves lists and schedules; its attendance stays for reports.",
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => removeEvent(ctx.data, args.id),
  }),
);

builder.mutationField("restoreEvent", (t) =>
  t.field({
    type: EventRef,
    authScopes: { perm: "create_appointment" },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => restoreEvent(ctx.data, args.id),
  }),
);

builder.mutationField("upgradeStudent", (t) =>
  t.field({
    type: StudentEventRef,
    authScopes: { perm: "assign_appointment" },
    description: "Gives a waitlisted student a seat when the capacity allows.",
    args: { event_id: t.arg.int({ required: true }), student_id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => upgradeStudent(ctx.data, args.event_id, args.student_id),
  }),
);

builder.mutationField("addTeamToEvent", (t) =>
  t.field({
    type: BulkResultRef,
    authScopes: { perm: "assign_appointment" },
    description:
      "Signs up every live student of the team (capacity then waitlist; a restricted event only its team's).",
    args: { team_id: t.arg.int({ required: true }), event_id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => addTeamToEvent(ctx.data, args.team_id, args.event_id),
  }),
);
