import { TEAM_ROLE_IDS } from "@rollbook/domain";
import { desc } from "drizzle-orm";
import { travel, userTeam } from "../../db/schema/index.ts";
import { teamApaOf, teamStudentsCount } from "../../teams/figures.ts";
import { USERS_BY_NAME } from "../../users/list.ts";
import { builder } from "../builder.ts";
import { TeamRef } from "./team.ts";
import { TravelRef } from "./travel.ts";
import { UserRef } from "./user.ts";

/** A team's figures and relations (decision 0700): each one statement for a whole response. */
builder.objectFields(TeamRef, (t) => ({
  students_count: t.int({
    description: "Live students on the team.",
    resolve: (team, _a, { data }) => teamStudentsCount(data, team.id),
  }),
  apa: t.float({
    nullable: true,
    description: "The mean of the live members' semester_apa (null when none has one).",
    resolve: (team, _a, { data }) => teamApaOf(data, team.id),
  }),
  users: t.field({
    type: [UserRef],
    description: "Staff assigned to the team (user_team) that the viewer sees, by last and first name.",
    resolve: (team, _a, { data }) =>
      data.through("users", { owner: userTeam.team_id, target: userTeam.user_id }, team.id, USERS_BY_NAME),
  }),
  travel: t.field({
    type: [TravelRef],
    nullable: true,
    // the Travel tab's roles (spec section 2); null for the others, so a shared team query still works
    authScopes: { roles: TEAM_ROLE_IDS },
    unauthorizedResolver: () => null,
    description: "The team's travel, newest first; null unless the viewer has a team role (1-5, 7).",
    resolve: (team, _a, { data }) => data.manyBy("travel", travel.team_id, team.id, [desc(travel.start_date)]),
  }),
}));
