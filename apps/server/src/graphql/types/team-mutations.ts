import { TEAM_ROLE_IDS, type TeamInput } from "@rollbook/domain";
import { attachStudentsToTeam, type TeamAttachResult } from "../../teams/attach.ts";
import { createTeam, removeTeam, restoreTeam, updateTeam } from "../../teams/write.ts";
import { builder } from "../builder.ts";
import { TeamRef } from "./team.ts";

type Arg = Parameters<Parameters<typeof builder.mutationField>[1]>[0]["arg"];

const teamRoles = { roles: TEAM_ROLE_IDS };

function teamArgs(arg: Arg, creating: boolean) {
  return {
    name: arg.string({ required: creating, description: "unique among the school's live teams" }),
    tag: arg.string({ required: false, description: "at most 20 characters" }),
    is_sport: arg.boolean({ required: false }),
    visibility: arg.string({ required: false, description: "public or private (default)" }),
  };
}

/** GraphQL gives absent arguments as undefined and explicit nulls as null: both kept apart. */
function inputOf(args: Record<string, unknown>): TeamInput {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) if (k !== "id" && v !== undefined) out[k] = v;
  return out as TeamInput;
}

export const TeamAttachResultRef = builder.objectRef<TeamAttachResult>("TeamAttachResult").implement({
  description: "The students linked by a pasted list, and the pasted ids that matched nobody (in order).",
  fields: (t) => ({
    student_ids: t.exposeIntList("student_ids"),
    changed: t.int({ resolve: (r) => r.student_ids.length }),
    unknown: t.exposeStringList("unknown"),
  }),
});

builder.mutationField("createTeam", (t) =>
  t.field({
    type: TeamRef,
    authScopes: teamRoles,
    args: teamArgs(t.arg, true),
    resolve: (_r, args, ctx) => createTeam(ctx.data, inputOf(args)),
  }),
);

builder.mutationField("updateTeam", (t) =>
  t.field({
    type: TeamRef,
    authScopes: teamRoles,
    description: "Changes the fields given; a removed team is read-only until restored.",
    args: { id: t.arg.int({ required: true }), ...teamArgs(t.arg, false) },
    resolve: (_r, args, ctx) => updateTeam(ctx.data, args.id, inputOf(args)),
  }),
);

builder.mutationField("removeTeam", (t) =>
  t.field({
    type: TeamRef,
    authScopes: teamRoles,
    description: "Soft removal: members, travel and staff stay for a restore.",
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => removeTeam(ctx.data, args.id),
  }),
);

builder.mutationField("restoreTeam", (t) =>
  t.field({
    type: TeamRef,
    authScopes: teamRoles,
    description: "Needs the name free among live teams.",
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => restoreTeam(ctx.data, args.id),
  }),
);

builder.mutationField("attachStudentsToTeam", (t) =>
  t.field({
    type: TeamAttachResultRef,
    authScopes: { perm: "create_participant" },
    description:
      "Links the participants whose school_identifier (ignoring case) is pasted; at most 1000; unknown ids answered in order.",
    args: {
      team_id: t.arg.int({ required: true }),
      student_school_ids: t.arg.stringList({ required: true }),
    },
    resolve: (_r, args, ctx) => attachStudentsToTeam(ctx.data, args.team_id, args.student_school_ids),
  }),
);
