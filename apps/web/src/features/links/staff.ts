/**
 * The staff of a course, an event or a team (the Users tab, AssignedUsers.tsx): who may be
 * assigned, the calls that assign and unassign, and the pure rules behind them.
 */
import { type AssignableType, canManageUsers, comparePeople, isAdmin } from "@rollbook/domain";
import { useQuery } from "@tanstack/react-query";
import type { StaffFieldsFragment } from "../../gql/graphql.ts";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";

/** What the Users tab serves (a student's staff are not on these pages). */
export type StaffLinkType = Exclude<AssignableType, "student">;

/** A staff member as the Users tab shows them (a course's, event's or team's `users`). */
export type StaffMember = StaffFieldsFragment;

/**
 * Whether the viewer may assign, or unassign, a user of this role: roles 1-4 any user of the
 * school, role 5 users of roles 6-9 (the server's attachUsers / detachUsers rule, decision 0700).
 */
export const mayAssign = (viewerRoleId: number, userRoleId: number) =>
  isAdmin(viewerRoleId) || canManageUsers(viewerRoleId, userRoleId);

/**
 * Everyone found once, by last and first name in the server's order of names (decision 0612:
 * "Émile" among the E's, whatever the browser's language), then id. Pure.
 */
export function uniqueStaff(lists: readonly (readonly StaffMember[])[]): StaffMember[] {
  const byId = new Map<number, StaffMember>();
  for (const list of lists) for (const u of list) if (!byId.has(u.id)) byId.set(u.id, u);
  return [...byId.values()].sort(comparePeople);
}

/** The picker's choices: not assigned yet, and one the viewer may assign. Pure. */
export function assignableStaff(
  candidates: readonly StaffMember[],
  assigned: readonly StaffMember[],
  viewerRoleId: number,
): StaffMember[] {
  const taken = new Set(assigned.map((u) => u.id));
  return candidates.filter((u) => !taken.has(u.id) && mayAssign(viewerRoleId, u.role_id));
}

/** A staff member's fields on the Users tab: a course's, event's or team's `users { ...StaffFields }`. */
export const StaffFieldsFragmentDoc = graphql(`
  fragment StaffFields on User {
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
`);

/**
 * The staff one may assign. The API has no users list yet (the Users issue brings it): the
 * candidates are the staff assigned to the school's courses the viewer sees, and the viewer.
 */
export const StaffCandidatesDocument = graphql(`
  query linksStaffCandidates {
    me {
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
    courses(state: "all", per_page: 250, sort_by: "title") {
      data {
        id
        users {
          ...StaffFields
        }
      }
    }
  }
`);

export const AttachUsersDocument = graphql(`
  mutation linksAttachUsers($assignable_type: String!, $assignable_id: Int!, $user_ids: [Int!]!) {
    attachUsers(assignable_type: $assignable_type, assignable_id: $assignable_id, user_ids: $user_ids) {
      changed
      user_ids
    }
  }
`);

export const DetachUsersDocument = graphql(`
  mutation linksDetachUsers($assignable_type: String!, $assignable_id: Int!, $user_ids: [Int!]!) {
    detachUsers(assignable_type: $assignable_type, assignable_id: $assignable_id, user_ids: $user_ids) {
      changed
      user_ids
    }
  }
`);

export function useStaffCandidates(enabled: boolean) {
  return useQuery({
    queryKey: ["staffCandidates"],
    enabled,
    staleTime: 60_000,
    queryFn: async () => {
      const r = await execute(StaffCandidatesDocument);
      return uniqueStaff([[r.me], ...r.courses.data.map((c) => c.users)]);
    },
  });
}
