import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TeamDetailQuery, TeamsListQuery, TeamTravelQuery } from "../../gql/graphql.ts";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";
import type { GridParams } from "../../ui/grid/grid-params.ts";
import { type TeamFilters, teamsVariables } from "./list/filters.ts";

/** The /Teams page: one page of teams with what the columns show, and the school's warning level. */
export const TeamsListDocument = graphql(`
  query teamsList($page: Int, $per_page: Int, $sort_by: String, $sort_dir: String, $query: String, $state: String) {
    school {
      id
      timezone
      warning_percentage
    }
    teams(page: $page, per_page: $per_page, sort_by: $sort_by, sort_dir: $sort_dir, query: $query, state: $state) {
      total
      data {
        id
        uuid
        name
        tag
        is_sport
        visibility
        students_count
        apa
        deleted_at
      }
    }
  }
`);

export type TeamRow = TeamsListQuery["teams"]["data"][number];

export const TeamDetailDocument = graphql(`
  query teamDetail($uuid: String!) {
    school {
      id
      timezone
      warning_percentage
    }
    team(uuid: $uuid) {
      id
      uuid
      name
      tag
      is_sport
      visibility
      students_count
      apa
      deleted_at
    }
  }
`);

export type TeamDetail = TeamDetailQuery["team"];
export type SchoolFacts = TeamDetailQuery["school"];

export const CreateTeamDocument = graphql(`
  mutation createTeam($name: String!, $tag: String, $is_sport: Boolean, $visibility: String) {
    createTeam(name: $name, tag: $tag, is_sport: $is_sport, visibility: $visibility) {
      id
      uuid
      name
    }
  }
`);

export const UpdateTeamDocument = graphql(`
  mutation updateTeam($id: Int!, $name: String, $tag: String, $is_sport: Boolean, $visibility: String) {
    updateTeam(id: $id, name: $name, tag: $tag, is_sport: $is_sport, visibility: $visibility) {
      id
    }
  }
`);

export const RemoveTeamDocument = graphql(`
  mutation removeTeam($id: Int!) {
    removeTeam(id: $id) {
      id
    }
  }
`);

export const RestoreTeamDocument = graphql(`
  mutation restoreTeam($id: Int!) {
    restoreTeam(id: $id) {
      id
    }
  }
`);

export type AttachableType = "course" | "event" | "team" | "travel";

export const AttachStudentsDocument = graphql(`
  mutation groupsAttachStudents($attachable_type: String!, $attachable_id: Int!, $student_ids: [Int!]!) {
    attachStudents(attachable_type: $attachable_type, attachable_id: $attachable_id, student_ids: $student_ids) {
      changed
      student_ids
    }
  }
`);

export const DetachStudentsDocument = graphql(`
  mutation groupsDetachStudents($attachable_type: String!, $attachable_id: Int!, $student_ids: [Int!]!) {
    detachStudents(attachable_type: $attachable_type, attachable_id: $attachable_id, student_ids: $student_ids) {
      changed
      student_ids
    }
  }
`);

export const AttachSchoolIdsDocument = graphql(`
  mutation teamAttachSchoolIds($team_id: Int!, $student_school_ids: [String!]!) {
    attachStudentsToTeam(team_id: $team_id, student_school_ids: $student_school_ids) {
      changed
      student_ids
      unknown
    }
  }
`);

export const TeamTravelDocument = graphql(`
  query teamTravel($team_id: Int!) {
    travel(team_id: $team_id, per_page: 250, sort_by: "start_date", sort_dir: "desc") {
      total
      data {
        id
        team_id
        start_date
        end_date
        notes
        is_away
        students_count
        students {
          id
          uuid
          first_name
          last_name
          preferred_name
        }
      }
    }
  }
`);

export type TravelRow = TeamTravelQuery["travel"]["data"][number];

export const CreateTravelDocument = graphql(`
  mutation teamCreateTravel(
    $team_id: Int!
    $start_date: String
    $end_date: String
    $notes: String
    $is_away: Boolean
    $student_ids: [Int!]
  ) {
    createTravel(
      team_id: $team_id
      start_date: $start_date
      end_date: $end_date
      notes: $notes
      is_away: $is_away
      student_ids: $student_ids
    ) {
      id
    }
  }
`);

export const UpdateTravelDocument = graphql(`
  mutation teamUpdateTravel(
    $id: Int!
    $start_date: String
    $end_date: String
    $notes: String
    $is_away: Boolean
    $student_ids: [Int!]
  ) {
    updateTravel(
      id: $id
      start_date: $start_date
      end_date: $end_date
      notes: $notes
      is_away: $is_away
      student_ids: $student_ids
    ) {
      id
    }
  }
`);

export const RemoveTravelDocument = graphql(`
  mutation teamRemoveTravel($id: Int!) {
    removeTravel(id: $id) {
      id
    }
  }
`);

/** The team's live members (the travel form picks the travelling students among them). */
export const TeamMembersDocument = graphql(`
  query teamMembers($relation_uuid: String) {
    students(relation: "team", relation_uuid: $relation_uuid, per_page: 250, sort_by: "name", state: "active") {
      total
      data {
        id
        uuid
        first_name
        last_name
        preferred_name
      }
    }
  }
`);

export const TeamUsersDocument = graphql(`
  query teamUsers($uuid: String!) {
    team(uuid: $uuid) {
      id
      users {
        id
        first_name
        last_name
        email
        role_id
        role {
          id
          display_name
        }
      }
    }
  }
`);

/** True for the server's NOT_FOUND answer ("Team not found"): the page shows "not found", no retry. */
export const isNotFound = (err: unknown) => err instanceof Error && /not found/i.test(err.message);

// Query keys start with "teams"/"team"; a member's change (student.update) refreshes the
// participants grid of the Students tab ("students" keys).
export const teamsKey = (f: TeamFilters, g: GridParams) => ["teams", "list", f, g] as const;
export const teamKey = (uuid: string) => ["team", uuid] as const;

export function useTeamsList(f: TeamFilters, g: GridParams) {
  return useQuery({
    queryKey: teamsKey(f, g),
    queryFn: () => execute(TeamsListDocument, teamsVariables(f, g)),
    placeholderData: keepPreviousData,
  });
}

export function useTeamDetail(uuid: string) {
  return useQuery({
    queryKey: teamKey(uuid),
    queryFn: () => execute(TeamDetailDocument, { uuid }),
    retry: (count, err) => !isNotFound(err) && count < 1,
  });
}

export function useTeamTravel(uuid: string, teamId: number) {
  return useQuery({
    queryKey: ["team", uuid, "travel"],
    queryFn: async () => (await execute(TeamTravelDocument, { team_id: teamId })).travel,
  });
}

export function useTeamMembers(uuid: string, enabled: boolean) {
  return useQuery({
    queryKey: ["team", uuid, "members"],
    enabled,
    queryFn: async () => (await execute(TeamMembersDocument, { relation_uuid: uuid })).students,
  });
}

export function useTeamUsers(uuid: string) {
  return useQuery({
    queryKey: ["team", uuid, "users"],
    queryFn: async () => (await execute(TeamUsersDocument, { uuid })).team.users,
  });
}

/** Refetches everything the team's pages show (after a change made here). */
export function useRefreshTeam(uuid: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["team", uuid] }),
      client.invalidateQueries({ queryKey: ["teams"] }),
      client.invalidateQueries({ queryKey: ["students"] }),
    ]);
}
