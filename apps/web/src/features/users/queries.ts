import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { UserDetailQuery, UsersListQuery } from "../../gql/graphql.ts";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";
import type { GridParams } from "../../ui/grid/grid-params.ts";
import { type UserFilters, usersVariables } from "./filters.ts";

export const UsersListDocument = graphql(`
  query usersList($page: Int, $per_page: Int, $sort_by: String, $sort_dir: String, $query: String, $role_id: Int, $state: String) {
    users(page: $page, per_page: $per_page, sort_by: $sort_by, sort_dir: $sort_dir, query: $query, role_id: $role_id, state: $state) {
      total
      data {
        id
        first_name
        last_name
        email
        role_id
        active
        deleted_at
        last_seen
        role {
          id
          display_name
        }
      }
    }
    school {
      id
      timezone
      allow_user_invite
    }
  }
`);

export type UserListRow = UsersListQuery["users"]["data"][number];

export function useUsersList(filters: UserFilters, grid: GridParams) {
  const variables = usersVariables(filters, grid);
  return useQuery({
    queryKey: ["users", "list", variables],
    queryFn: () => execute(UsersListDocument, variables),
    placeholderData: keepPreviousData,
  });
}

export const UserDetailDocument = graphql(`
  query userDetail($id: Int!) {
    user(id: $id) {
      id
      first_name
      last_name
      email
      pending_email
      phone_number
      school_id
      role_id
      active
      deleted_at
      last_seen
      prefers_sms
      late_email
      absent_email
      tardy_absent_email
      pindrop_email
      daily_recap_email
      weekly_startup_email
      weekly_recap_email
      alert_filter
      role {
        id
        display_name
      }
      assignedCourses {
        id
        uuid
        title
      }
      assignedEvents {
        id
        uuid
        title
      }
      assignedTeams {
        id
        uuid
        name
      }
      assignedStudents {
        id
        uuid
        first_name
        last_name
      }
    }
    school {
      id
      timezone
    }
  }
`);

export type UserDetail = UserDetailQuery["user"];

/**
 * Keyed "user" (a detail page, as "student" or "course"), apart from the "users" lists: a push
 * message about a course, event, team or student refetches this page alone (lib/push-invalidate.ts).
 */
export const userKey = (id: number) => ["user", id] as const;

/** The courses and teams a user's alert filter offers, by name: under "user" so a rename refreshes it. */
export const ALERT_TARGETS_KEY = ["user", "alert-targets"] as const;

export function useUserDetail(id: number) {
  return useQuery({
    queryKey: userKey(id),
    queryFn: () => execute(UserDetailDocument, { id }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export const UpdateUserDocument = graphql(`
  mutation updateUser($id: Int!, $first_name: String, $last_name: String, $email: String, $phone_number: String, $role_id: Int, $active: Boolean) {
    updateUser(id: $id, first_name: $first_name, last_name: $last_name, email: $email, phone_number: $phone_number, role_id: $role_id, active: $active) {
      id
    }
  }
`);

export const RemoveUserDocument = graphql(`
  mutation removeUser($id: Int!) {
    removeUser(id: $id) {
      id
    }
  }
`);

export const RestoreUserDocument = graphql(`
  mutation restoreUser($id: Int!) {
    restoreUser(id: $id) {
      id
    }
  }
`);

export const InviteUserDocument = graphql(`
  mutation inviteUserAdmin($email: String!, $first_name: String!, $last_name: String, $role_id: Int!) {
    inviteUser(email: $email, first_name: $first_name, last_name: $last_name, role_id: $role_id) {
      id
      email
    }
  }
`);

export const InvitationsDocument = graphql(`
  query invitationsList($state: String, $page: Int, $per_page: Int) {
    invitations(state: $state, page: $page, per_page: $per_page) {
      total
      data {
        id
        email
        first_name
        last_name
        role_id
        expires_at
        created_at
      }
    }
    school {
      id
      timezone
      allow_user_invite
    }
  }
`);

export const ResendInvitationDocument = graphql(`
  mutation resendInvitation($id: Int!) {
    resendInvitation(id: $id) {
      id
    }
  }
`);

export const RevokeInvitationDocument = graphql(`
  mutation revokeInvitation($id: Int!) {
    revokeInvitation(id: $id) {
      id
    }
  }
`);

export const SendPasswordResetDocument = graphql(`
  mutation sendPasswordReset($id: Int!) {
    sendPasswordReset(id: $id)
  }
`);

export const SignOutUserDocument = graphql(`
  mutation signOutUser($id: Int!) {
    signOutUser(id: $id)
  }
`);

export const UpdateNotificationsDocument = graphql(`
  mutation updateNotifications(
    $user_id: Int!
    $late_email: Boolean
    $absent_email: Boolean
    $tardy_absent_email: Boolean
    $pindrop_email: Boolean
    $daily_recap_email: Boolean
    $weekly_startup_email: Boolean
    $weekly_recap_email: Boolean
    $prefers_sms: Boolean
    $phone_number: String
    $alert_filter: [String!]
  ) {
    updateNotifications(
      user_id: $user_id
      late_email: $late_email
      absent_email: $absent_email
      tardy_absent_email: $tardy_absent_email
      pindrop_email: $pindrop_email
      daily_recap_email: $daily_recap_email
      weekly_startup_email: $weekly_startup_email
      weekly_recap_email: $weekly_recap_email
      prefers_sms: $prefers_sms
      phone_number: $phone_number
      alert_filter: $alert_filter
    ) {
      id
    }
  }
`);

export const AttachUserDocument = graphql(`
  mutation attachUserTo($type: String!, $id: Int!, $user_ids: [Int!]!) {
    attachUsers(assignable_type: $type, assignable_id: $id, user_ids: $user_ids) {
      changed
    }
  }
`);

export const DetachUserDocument = graphql(`
  mutation detachUserFrom($type: String!, $id: Int!, $user_ids: [Int!]!) {
    detachUsers(assignable_type: $type, assignable_id: $id, user_ids: $user_ids) {
      changed
    }
  }
`);

/** Candidates for the Access tab's and the alert filter's pickers: a search over each list. */
export const PickAssignablesDocument = graphql(`
  query pickAssignables($query: String, $courses: Boolean!, $events: Boolean!, $teams: Boolean!, $students: Boolean!) {
    courses(query: $query, per_page: 20) @include(if: $courses) {
      data {
        id
        title
      }
    }
    events(query: $query, per_page: 20) @include(if: $events) {
      data {
        id
        title
      }
    }
    teams(query: $query, per_page: 20) @include(if: $teams) {
      data {
        id
        name
      }
    }
    students(query: $query, per_page: 20) @include(if: $students) {
      data {
        id
        first_name
        last_name
      }
    }
  }
`);
