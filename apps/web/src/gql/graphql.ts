/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type SwitchSchoolMutationVariables = Exact<{
  school_id: number;
}>;


export type SwitchSchoolMutation = { switchSchool: { id: number, name: string } };

export type DashboardQueryVariables = Exact<{
  rows?: number | null | undefined;
}>;


export type DashboardQuery = { school: { id: number, name: string, address: string | null, phone: string | null, timezone: string }, students: { total: number, data: Array<{ id: number, uuid: string, first_name: string, last_name: string, email: string | null, semester_apa: number | null }> }, courses: { total: number, data: Array<{ id: number, uuid: string, title: string, start_time: string, end_time: string, location: { id: number, name: string } | null }> } };

export type RemoveFromDashboardMutationVariables = Exact<{
  id: number;
}>;


export type RemoveFromDashboardMutation = { removeFromDashboard: boolean };

export type CloseTaskMutationVariables = Exact<{
  id: number;
}>;


export type CloseTaskMutation = { closeTask: { id: number } };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: number, first_name: string, last_name: string, email: string, school_id: number, higher_contrast: boolean, a11y_mode: boolean, role: { id: number, name: string, display_name: string, permissions: { override: boolean, reset_token: boolean, create_participant: boolean, assign_appointment: boolean, create_appointment: boolean, view_information: boolean, access_reports: boolean, cancellations: boolean } }, tasks: Array<{ id: number, description: string, taskable_id: number | null, taskable_type: string | null, created_at: string, taskable: { id: number, student: { id: number, uuid: string } } | null }>, tiles: Array<{ id: number, tileable_id: number, tileable_type: string, tileable: { id: number, uuid: string, title: string | null, name: string | null, apa: number | null, attendance_last_class: { label: string, value: number | null }, attendance_now: { meets: string, present: number, expected: number } | null } | null }>, assignedCourses: Array<{ id: number, title: string | null }> } };

export type GetParamsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetParamsQuery = { schools: { total: number, data: Array<{ id: number, name: string }> }, roles: { total: number, data: Array<{ id: number, name: string, display_name: string }> }, statuses: { total: number, data: Array<{ id: number, name: string }> }, searchConfig: { provider: string, endpoint: string, per_page: number, indexes: Array<string> } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

export const SwitchSchoolDocument = new TypedDocumentString(`
    mutation switchSchool($school_id: Int!) {
  switchSchool(school_id: $school_id) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<SwitchSchoolMutation, SwitchSchoolMutationVariables>;
export const DashboardDocument = new TypedDocumentString(`
    query dashboard($rows: Int) {
  school {
    id
    name
    address
    phone
    timezone
  }
  students(missing: true, per_page: $rows) {
    total
    data {
      id
      uuid
      first_name
      last_name
      email
      semester_apa
    }
  }
  courses(in_session: true, per_page: $rows) {
    total
    data {
      id
      uuid
      title
      start_time
      end_time
      location {
        id
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<DashboardQuery, DashboardQueryVariables>;
export const RemoveFromDashboardDocument = new TypedDocumentString(`
    mutation removeFromDashboard($id: Int!) {
  removeFromDashboard(id: $id)
}
    `) as unknown as TypedDocumentString<RemoveFromDashboardMutation, RemoveFromDashboardMutationVariables>;
export const CloseTaskDocument = new TypedDocumentString(`
    mutation closeTask($id: Int!) {
  closeTask(id: $id) {
    id
  }
}
    `) as unknown as TypedDocumentString<CloseTaskMutation, CloseTaskMutationVariables>;
export const MeDocument = new TypedDocumentString(`
    query me {
  me {
    id
    first_name
    last_name
    email
    school_id
    higher_contrast
    a11y_mode
    role {
      id
      name
      display_name
      permissions {
        override
        reset_token
        create_participant
        assign_appointment
        create_appointment
        view_information
        access_reports
        cancellations
      }
    }
    tasks {
      id
      description
      taskable_id
      taskable_type
      created_at
      taskable {
        id
        student {
          id
          uuid
        }
      }
    }
    tiles {
      id
      tileable_id
      tileable_type
      tileable {
        id
        uuid
        title
        name
        apa
        attendance_last_class {
          label
          value
        }
        attendance_now {
          meets
          present
          expected
        }
      }
    }
    assignedCourses {
      id
      title
    }
  }
}
    `) as unknown as TypedDocumentString<MeQuery, MeQueryVariables>;
export const GetParamsDocument = new TypedDocumentString(`
    query getParams {
  schools(sort_by: "name") {
    total
    data {
      id
      name
    }
  }
  roles {
    total
    data {
      id
      name
      display_name
    }
  }
  statuses {
    total
    data {
      id
      name
    }
  }
  searchConfig {
    provider
    endpoint
    per_page
    indexes
  }
}
    `) as unknown as TypedDocumentString<GetParamsQuery, GetParamsQueryVariables>;