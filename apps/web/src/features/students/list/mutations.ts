import { graphql } from "../../../gql/index.ts";

/** The bulk calls of the /Students toolbar: all or nothing, each answering what it changed. */
export const RemoveStudentsDocument = graphql(`
  mutation removeStudents($student_ids: [Int!]!) {
    removeStudents(student_ids: $student_ids) {
      student_ids
      changed
    }
  }
`);

export const RestoreStudentsDocument = graphql(`
  mutation restoreStudents($student_ids: [Int!]!) {
    restoreStudents(student_ids: $student_ids) {
      student_ids
      changed
    }
  }
`);

export const ResetStudentsTokensDocument = graphql(`
  mutation resetStudentsTokens($student_ids: [Int!]!, $send_email: Boolean) {
    resetStudentsTokens(student_ids: $student_ids, send_email: $send_email) {
      student_ids
      changed
    }
  }
`);

export const AddCourseToStudentsDocument = graphql(`
  mutation addCourseToStudents($course_id: Int!, $student_ids: [Int!]!) {
    addCourseToStudents(course_id: $course_id, student_ids: $student_ids) {
      student_ids
      changed
    }
  }
`);

export const AddStudentsToTeamDocument = graphql(`
  mutation addStudentsToTeam($team_id: Int!, $student_ids: [Int!]!) {
    addStudentsToTeam(team_id: $team_id, student_ids: $student_ids) {
      student_ids
      changed
    }
  }
`);

export const AddStudentsToEventDocument = graphql(`
  mutation addStudentsToEvent($event_id: Int!, $student_ids: [Int!]!) {
    addStudentsToEvent(event_id: $event_id, student_ids: $student_ids) {
      student_ids
      changed
    }
  }
`);

export const CreateStudentDocument = graphql(`
  mutation createStudent(
    $first_name: String!
    $last_name: String!
    $preferred_name: String
    $email: String
    $phone: String
    $school_identifier: String
  ) {
    createStudent(
      first_name: $first_name
      last_name: $last_name
      preferred_name: $preferred_name
      email: $email
      phone: $phone
      school_identifier: $school_identifier
    ) {
      id
      uuid
    }
  }
`);
