import { TEAM_ROLE_IDS } from "@rollbook/domain";
import { asc } from "drizzle-orm";
import { byName } from "../../db/collation.ts";
import { students, studentTravel, type travel } from "../../db/schema/index.ts";
import { travelStudentsCount } from "../../teams/figures.ts";
import { createTravel, listTravel, removeTravel, type TravelInput, updateTravel } from "../../teams/travel.ts";
import { builder } from "../builder.ts";
import { listArgs, pageOf } from "../paging.ts";
import { StudentRef } from "./student.ts";

export type TravelRow = typeof travel.$inferSelect;

/** A team's trip (spec section 3); shown to the team roles only (decision 0700). */
export const TravelRef = builder.objectRef<TravelRow>("Travel").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    team_id: t.exposeInt("team_id"),
    start_date: t.expose("start_date", { type: "DateTime" }),
    end_date: t.expose("end_date", { type: "DateTime" }),
    notes: t.exposeString("notes", { nullable: true }),
    is_away: t.exposeBoolean("is_away"),
    students_count: t.int({
      description: "Live students listed on the travel.",
      resolve: (r, _a, { data }) => travelStudentsCount(data, r.id),
    }),
    students: t.field({
      type: [StudentRef],
      description: "The travelling students the viewer sees (live ones), by name.",
      resolve: async (r, _a, { data }) =>
        (
          await data.through("students", { owner: studentTravel.travel_id, target: studentTravel.student_id }, r.id, [
            asc(byName(students.last_name)),
            asc(byName(students.first_name)),
            asc(students.id),
          ])
        ).filter((s) => s.deleted_at === null),
    }),
  }),
});

const teamRoles = { roles: TEAM_ROLE_IDS };

type Arg = Parameters<Parameters<typeof builder.mutationField>[1]>[0]["arg"];

function travelArgs(arg: Arg) {
  return {
    start_date: arg.string({ required: false, description: "ISO 8601 with zone; default 6:00 of the day" }),
    end_date: arg.string({ required: false, description: "ISO 8601 with zone, after start_date; default 20:00" }),
    notes: arg.string({ required: false }),
    is_away: arg.boolean({ required: false, description: "default true: covers the sessions as travel" }),
    student_ids: arg.intList({ required: false, description: "the travelling students, on the team; replaces" }),
  };
}

/** GraphQL gives absent arguments as undefined and explicit nulls as null: both kept apart. */
function inputOf(args: Record<string, unknown>): TravelInput {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) if (k !== "id" && k !== "team_id" && v !== undefined) out[k] = v;
  return out as TravelInput;
}

builder.queryField("travel", (t) =>
  t.field({
    type: pageOf("Travel", TravelRef),
    authScopes: teamRoles,
    description: "A team's travel, newest first; sort_by start_date (default) or end_date.",
    args: { team_id: t.arg.int({ required: true }), ...listArgs(t.arg) },
    resolve: (_r, args, ctx) => listTravel(ctx.data, args.team_id, args),
  }),
);

builder.mutationField("createTravel", (t) =>
  t.field({
    type: TravelRef,
    authScopes: teamRoles,
    description: "Covered sessions of the travelling students read travel (when is_away).",
    args: { team_id: t.arg.int({ required: true }), ...travelArgs(t.arg) },
    resolve: (_r, args, ctx) => createTravel(ctx.data, args.team_id, inputOf(args)),
  }),
);

builder.mutationField("updateTravel", (t) =>
  t.field({
    type: TravelRef,
    authScopes: teamRoles,
    description: "Changes the fields given; the old and new coverage are judged again.",
    args: { id: t.arg.int({ required: true }), ...travelArgs(t.arg) },
    resolve: (_r, args, ctx) => updateTravel(ctx.data, args.id, inputOf(args)),
  }),
);

builder.mutationField("removeTravel", (t) =>
  t.field({
    type: TravelRef,
    authScopes: teamRoles,
    description: "Deletes the travel; the sessions it covered are judged again.",
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => removeTravel(ctx.data, args.id),
  }),
);
