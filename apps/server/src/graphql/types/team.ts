import type { teams } from "../../db/schema/index.ts";
import { listTeams, teamByUuid } from "../../teams/list.ts";
import { builder, notFound } from "../builder.ts";
import { listArgs, pageOf } from "../paging.ts";

export type TeamRow = typeof teams.$inferSelect;

export const TeamRef = builder.objectRef<TeamRow>("Team").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    uuid: t.exposeString("uuid"),
    name: t.exposeString("name"),
    tag: t.exposeString("tag", { nullable: true }),
    is_sport: t.exposeBoolean("is_sport"),
    visibility: t.exposeString("visibility"),
    deleted_at: t.expose("deleted_at", { type: "DateTime", nullable: true }),
  }),
});

builder.queryField("teams", (t) =>
  t.field({
    type: pageOf("Team", TeamRef),
    authScopes: { signedIn: true },
    args: {
      ...listArgs(t.arg),
      query: t.arg.string({ required: false, description: "matches name (blind to case and accents) or tag" }),
      state: t.arg.string({ required: false, description: "active (default), removed or all" }),
    },
    description: "sort_by: name (default), students_count, apa, created_at",
    resolve: (_r, args, ctx) => listTeams(ctx.data, args),
  }),
);

builder.queryField("team", (t) =>
  t.field({
    type: TeamRef,
    authScopes: { signedIn: true },
    description: "A team the viewer sees, removed ones included.",
    args: { uuid: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const team = await teamByUuid(ctx.data, args.uuid);
      if (!team) throw notFound("Team");
      return team;
    },
  }),
);
