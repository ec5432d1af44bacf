/**
 * The live roster's GraphQL: one fragment that the course and the event rosters both ask for,
 * and the two actions staff take on it (override, offline code) for either kind.
 */

import type { RosterFieldsFragment } from "../../gql/graphql.ts";
import { graphql } from "../../gql/index.ts";

export const RosterFieldsFragmentDoc = graphql(`
  fragment RosterFields on Roster {
    start
    end
    meets
    rows {
      attendance_id
      status
      enter
      exit
      confidence
      updated_at
      student {
        id
        uuid
        first_name
        last_name
        preferred_name
      }
    }
  }
`);

export type Roster = RosterFieldsFragment;
export type RosterRow = Roster["rows"][number];

export const RosterOverrideDocument = graphql(`
  mutation rosterOverride($id: Int!, $status: Int!) {
    updateAttendance(id: $id, status: $status) {
      id
      status
      lock
    }
  }
`);

export const RosterOfflineCodeDocument = graphql(`
  mutation rosterOfflineCode($student_id: Int!, $attendable_id: Int!, $attendable_type: String!, $code: String!) {
    submitOfflineCode(
      student_id: $student_id
      attendable_id: $attendable_id
      attendable_type: $attendable_type
      code: $code
    ) {
      id
      status
    }
  }
`);
