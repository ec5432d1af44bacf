/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation switchSchool($school_id: Int!) {\n    switchSchool(school_id: $school_id) {\n      id\n      name\n    }\n  }\n": typeof types.SwitchSchoolDocument,
    "\n  query dashboard($rows: Int) {\n    school {\n      id\n      name\n      address\n      phone\n      timezone\n    }\n    students(missing: true, per_page: $rows) {\n      total\n      data {\n        id\n        uuid\n        first_name\n        last_name\n        email\n        semester_apa\n      }\n    }\n    courses(in_session: true, per_page: $rows) {\n      total\n      data {\n        id\n        uuid\n        title\n        start_time\n        end_time\n        location {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.DashboardDocument,
    "\n  mutation removeFromDashboard($id: Int!) {\n    removeFromDashboard(id: $id)\n  }\n": typeof types.RemoveFromDashboardDocument,
    "\n  mutation closeTask($id: Int!) {\n    closeTask(id: $id) {\n      id\n    }\n  }\n": typeof types.CloseTaskDocument,
    "\n  query me {\n    me {\n      id\n      first_name\n      last_name\n      email\n      school_id\n      higher_contrast\n      a11y_mode\n      role {\n        id\n        name\n        display_name\n        permissions {\n          override\n          reset_token\n          create_participant\n          assign_appointment\n          create_appointment\n          view_information\n          access_reports\n          cancellations\n        }\n      }\n      tasks {\n        id\n        description\n        taskable_id\n        taskable_type\n        created_at\n        taskable {\n          id\n          student {\n            id\n            uuid\n          }\n        }\n      }\n      tiles {\n        id\n        tileable_id\n        tileable_type\n        tileable {\n          id\n          uuid\n          title\n          name\n          apa\n          attendance_last_class {\n            label\n            value\n          }\n          attendance_now {\n            meets\n            present\n            expected\n          }\n        }\n      }\n      assignedCourses {\n        id\n        title\n      }\n    }\n  }\n": typeof types.MeDocument,
    "\n  query getParams {\n    schools(sort_by: \"name\") {\n      total\n      data {\n        id\n        name\n      }\n    }\n    roles {\n      total\n      data {\n        id\n        name\n        display_name\n      }\n    }\n    statuses {\n      total\n      data {\n        id\n        name\n      }\n    }\n    searchConfig {\n      provider\n      endpoint\n      per_page\n      indexes\n    }\n  }\n": typeof types.GetParamsDocument,
};
const documents: Documents = {
    "\n  mutation switchSchool($school_id: Int!) {\n    switchSchool(school_id: $school_id) {\n      id\n      name\n    }\n  }\n": types.SwitchSchoolDocument,
    "\n  query dashboard($rows: Int) {\n    school {\n      id\n      name\n      address\n      phone\n      timezone\n    }\n    students(missing: true, per_page: $rows) {\n      total\n      data {\n        id\n        uuid\n        first_name\n        last_name\n        email\n        semester_apa\n      }\n    }\n    courses(in_session: true, per_page: $rows) {\n      total\n      data {\n        id\n        uuid\n        title\n        start_time\n        end_time\n        location {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.DashboardDocument,
    "\n  mutation removeFromDashboard($id: Int!) {\n    removeFromDashboard(id: $id)\n  }\n": types.RemoveFromDashboardDocument,
    "\n  mutation closeTask($id: Int!) {\n    closeTask(id: $id) {\n      id\n    }\n  }\n": types.CloseTaskDocument,
    "\n  query me {\n    me {\n      id\n      first_name\n      last_name\n      email\n      school_id\n      higher_contrast\n      a11y_mode\n      role {\n        id\n        name\n        display_name\n        permissions {\n          override\n          reset_token\n          create_participant\n          assign_appointment\n          create_appointment\n          view_information\n          access_reports\n          cancellations\n        }\n      }\n      tasks {\n        id\n        description\n        taskable_id\n        taskable_type\n        created_at\n        taskable {\n          id\n          student {\n            id\n            uuid\n          }\n        }\n      }\n      tiles {\n        id\n        tileable_id\n        tileable_type\n        tileable {\n          id\n          uuid\n          title\n          name\n          apa\n          attendance_last_class {\n            label\n            value\n          }\n          attendance_now {\n            meets\n            present\n            expected\n          }\n        }\n      }\n      assignedCourses {\n        id\n        title\n      }\n    }\n  }\n": types.MeDocument,
    "\n  query getParams {\n    schools(sort_by: \"name\") {\n      total\n      data {\n        id\n        name\n      }\n    }\n    roles {\n      total\n      data {\n        id\n        name\n        display_name\n      }\n    }\n    statuses {\n      total\n      data {\n        id\n        name\n      }\n    }\n    searchConfig {\n      provider\n      endpoint\n      per_page\n      indexes\n    }\n  }\n": types.GetParamsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation switchSchool($school_id: Int!) {\n    switchSchool(school_id: $school_id) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').SwitchSchoolDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query dashboard($rows: Int) {\n    school {\n      id\n      name\n      address\n      phone\n      timezone\n    }\n    students(missing: true, per_page: $rows) {\n      total\n      data {\n        id\n        uuid\n        first_name\n        last_name\n        email\n        semester_apa\n      }\n    }\n    courses(in_session: true, per_page: $rows) {\n      total\n      data {\n        id\n        uuid\n        title\n        start_time\n        end_time\n        location {\n          id\n          name\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation removeFromDashboard($id: Int!) {\n    removeFromDashboard(id: $id)\n  }\n"): typeof import('./graphql').RemoveFromDashboardDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation closeTask($id: Int!) {\n    closeTask(id: $id) {\n      id\n    }\n  }\n"): typeof import('./graphql').CloseTaskDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query me {\n    me {\n      id\n      first_name\n      last_name\n      email\n      school_id\n      higher_contrast\n      a11y_mode\n      role {\n        id\n        name\n        display_name\n        permissions {\n          override\n          reset_token\n          create_participant\n          assign_appointment\n          create_appointment\n          view_information\n          access_reports\n          cancellations\n        }\n      }\n      tasks {\n        id\n        description\n        taskable_id\n        taskable_type\n        created_at\n        taskable {\n          id\n          student {\n            id\n            uuid\n          }\n        }\n      }\n      tiles {\n        id\n        tileable_id\n        tileable_type\n        tileable {\n          id\n          uuid\n          title\n          name\n          apa\n          attendance_last_class {\n            label\n            value\n          }\n          attendance_now {\n            meets\n            present\n            expected\n          }\n        }\n      }\n      assignedCourses {\n        id\n        title\n      }\n    }\n  }\n"): typeof import('./graphql').MeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getParams {\n    schools(sort_by: \"name\") {\n      total\n      data {\n        id\n        name\n      }\n    }\n    roles {\n      total\n      data {\n        id\n        name\n        display_name\n      }\n    }\n    statuses {\n      total\n      data {\n        id\n        name\n      }\n    }\n    searchConfig {\n      provider\n      endpoint\n      per_page\n      indexes\n    }\n  }\n"): typeof import('./graphql').GetParamsDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
