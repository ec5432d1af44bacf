import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { graphql } from "../../../gql/index.ts";
import { execute } from "../../../lib/graphql.ts";
import type { SchoolInfo, StudentDetail, StudentNote } from "./types.ts";

/** The participant page: the school's zone and warning line, and the student with every relation. */
export const StudentDetailDocument = graphql(`
  query studentDetail($uuid: String!) {
    school {
      id
      timezone
      warning_percentage
    }
    student(uuid: $uuid) {
      id
      uuid
      first_name
      last_name
      preferred_name
      email
      phone
      school_identifier
      age
      pid_number
      zip
      date_of_birth
      is_veteran
      housing
      employment
      sexual_identity
      gender
      sex
      race
      deleted_at
      last_seen
      weekly_apa
      semester_apa
      token
      offline_code
      offline_code_uri
      device {
        id
        type
        os_version
        app_version
        model_name
        location_permission
        bluetooth_permission
        created_at
        updated_at
      }
      signed_out_device {
        id
        type
        model_name
        signed_out_at
      }
      courses {
        id
        uuid
        title
      }
      events {
        event {
          id
          uuid
          title
          date
          start_time
          end_time
        }
        in_waitlist
        status
      }
      excuses {
        id
        date
        notes
        attendable_id
        attendable_type
        attendable_title
        created_at
      }
      course_stats {
        course {
          id
          uuid
          title
          start_time
          end_time
        }
        apa
        week_apa
        attended
        missed
        last_attended
        missed_streak
      }
      now {
        attendable_type
        attendable_uuid
        title
        start_time
        end_time
        status
        enter
        last_ping_at
        location_name
        inside
      }
    }
  }
`);

export const StudentNotesDocument = graphql(`
  query studentNotes($student_uuid: String!, $page: Int, $per_page: Int) {
    notes(student_uuid: $student_uuid, page: $page, per_page: $per_page) {
      total
      data {
        id
        message
        created_at
        user {
          id
          first_name
          last_name
        }
      }
    }
  }
`);

export const UpdateStudentDocument = graphql(`
  mutation studentDetailUpdate(
    $id: Int!
    $first_name: String
    $last_name: String
    $preferred_name: String
    $email: String
    $phone: String
    $school_identifier: String
    $age: Int
    $pid_number: String
    $zip: String
    $date_of_birth: String
    $is_veteran: Boolean
    $housing: String
    $employment: String
    $sexual_identity: String
    $gender: String
    $sex: String
    $race: String
  ) {
    updateStudent(
      id: $id
      first_name: $first_name
      last_name: $last_name
      preferred_name: $preferred_name
      email: $email
      phone: $phone
      school_identifier: $school_identifier
      age: $age
      pid_number: $pid_number
      zip: $zip
      date_of_birth: $date_of_birth
      is_veteran: $is_veteran
      housing: $housing
      employment: $employment
      sexual_identity: $sexual_identity
      gender: $gender
      sex: $sex
      race: $race
    ) {
      id
    }
  }
`);

export const RemoveStudentDocument = graphql(`
  mutation studentDetailRemove($id: Int!) {
    removeStudent(id: $id) {
      id
    }
  }
`);

export const RestoreStudentDocument = graphql(`
  mutation studentDetailRestore($id: Int!) {
    restoreStudent(id: $id) {
      id
    }
  }
`);

export const ResetStudentTokenDocument = graphql(`
  mutation studentDetailResetToken($id: Int!, $send_email: Boolean) {
    resetStudentToken(id: $id, send_email: $send_email) {
      id
    }
  }
`);

export const ReleaseDeviceDocument = graphql(`
  mutation studentDetailReleaseDevice($student_id: Int!, $device_id: Int) {
    releaseDevice(student_id: $student_id, device_id: $device_id) {
      id
    }
  }
`);

export const CreateNoteDocument = graphql(`
  mutation studentDetailCreateNote($student_uuid: String!, $message: String!) {
    createNote(student_uuid: $student_uuid, message: $message) {
      id
    }
  }
`);

export const CreateExcuseDocument = graphql(`
  mutation studentDetailCreateExcuse(
    $student_id: Int!
    $date: String!
    $attendable_id: Int!
    $attendable_type: String!
    $notes: String
  ) {
    createExcuse(
      student_id: $student_id
      date: $date
      attendable_id: $attendable_id
      attendable_type: $attendable_type
      notes: $notes
    ) {
      id
    }
  }
`);

export const RemoveExcuseDocument = graphql(`
  mutation studentDetailRemoveExcuse($id: Int!) {
    removeExcuse(id: $id) {
      id
    }
  }
`);

export const studentKey = (uuid: string) => ["student", uuid] as const;
export const notesKey = (uuid: string, page: number) => ["student", uuid, "notes", page] as const;

/** True for the server's NOT_FOUND answer ("Student not found"): the page shows "not found", no retry. */
export const isNotFound = (err: unknown) => err instanceof Error && /not found/i.test(err.message);

export interface StudentDetailData {
  school: SchoolInfo;
  student: StudentDetail;
}

export function useStudentDetail(uuid: string) {
  return useQuery({
    queryKey: studentKey(uuid),
    queryFn: async (): Promise<StudentDetailData> => execute(StudentDetailDocument, { uuid }),
    placeholderData: keepPreviousData,
    retry: (count, err) => !isNotFound(err) && count < 1,
  });
}

export const NOTES_PER_PAGE = 10;

export function useStudentNotes(uuid: string, page: number) {
  return useQuery({
    queryKey: notesKey(uuid, page),
    queryFn: async (): Promise<{ total: number; data: StudentNote[] }> =>
      (await execute(StudentNotesDocument, { student_uuid: uuid, page, per_page: NOTES_PER_PAGE })).notes,
    placeholderData: keepPreviousData,
  });
}

/** A mutation that refetches the student's queries (detail, notes) when it lands. */
export function useStudentMutation<V>(uuid: string, fn: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ["student", uuid] }),
  });
}
