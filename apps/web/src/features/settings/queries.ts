import { useQuery } from "@tanstack/react-query";
import type { SchoolSettingsQuery } from "../../gql/graphql.ts";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";

export const SchoolSettingsDocument = graphql(`
  query schoolSettings {
    school {
      id
      name
      address
      contact_person
      phone
      email
      support_email
      late_time
      absent_time
      leave_time
      warning_percentage
      timezone
      token_pattern
      student_cap
      allow_user_invite
      closures {
        id
        title
        start_date
        end_date
      }
    }
  }
`);

export type SchoolSettings = SchoolSettingsQuery["school"];
export type Closure = SchoolSettings["closures"][number];
export const SCHOOL_SETTINGS_KEY = ["settings", "school"] as const;

export function useSchoolSettings() {
  return useQuery({ queryKey: SCHOOL_SETTINGS_KEY, queryFn: () => execute(SchoolSettingsDocument, {}) });
}

export const UpdateSchoolDocument = graphql(`
  mutation updateSchool(
    $id: Int!
    $name: String
    $address: String
    $contact_person: String
    $phone: String
    $email: String
    $support_email: String
    $late_time: Int
    $absent_time: Int
    $leave_time: Int
    $warning_percentage: Int
    $timezone: String
    $token_pattern: String
    $student_cap: Int
    $allow_user_invite: Boolean
  ) {
    updateSchool(
      id: $id
      name: $name
      address: $address
      contact_person: $contact_person
      phone: $phone
      email: $email
      support_email: $support_email
      late_time: $late_time
      absent_time: $absent_time
      leave_time: $leave_time
      warning_percentage: $warning_percentage
      timezone: $timezone
      token_pattern: $token_pattern
      student_cap: $student_cap
      allow_user_invite: $allow_user_invite
    ) {
      id
      name
    }
  }
`);

export const CreateSchoolDocument = graphql(`
  mutation createSchool($name: String!, $timezone: String) {
    createSchool(name: $name, timezone: $timezone) {
      id
      name
    }
  }
`);

export const CreateClosureDocument = graphql(`
  mutation createClosure($title: String!, $start_date: String!, $end_date: String!) {
    createClosure(title: $title, start_date: $start_date, end_date: $end_date) {
      id
      title
    }
  }
`);

export const RemoveClosureDocument = graphql(`
  mutation removeClosure($id: Int!) {
    removeClosure(id: $id) {
      id
    }
  }
`);
