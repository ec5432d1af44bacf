import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { graphql } from "../../../gql/index.ts";
import { execute } from "../../../lib/graphql.ts";
import { RequestError } from "../../../lib/http.ts";
import type { AttendableType, AttendanceRow, AttendanceStudent } from "./types.ts";

/** The student and the titles of their courses and events (the page's heading), and the statuses. */
export const AttendanceStudentDocument = graphql(`
  query studentAttendanceHeading($uuid: String!) {
    school {
      id
      timezone
    }
    student(uuid: $uuid) {
      id
      uuid
      first_name
      last_name
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
        }
      }
    }
    statuses {
      data {
        id
        name
      }
    }
  }
`);

/** One row per session of the student at the course or event, newest first. */
export const StudentAttendanceDocument = graphql(`
  query studentAttendance(
    $student_id: Int!
    $attendable_uuid: String!
    $attendable_type: String!
    $page: Int
    $per_page: Int
  ) {
    attendance(
      student_id: $student_id
      attendable_uuid: $attendable_uuid
      attendable_type: $attendable_type
      page: $page
      per_page: $per_page
      sort_by: "meets"
      sort_dir: "desc"
    ) {
      total
      data {
        id
        meets
        status
        enter
        exit
        percentage
        confidence
        unconfirmed_status
        lock
        finished
        attendable_title
        location {
          id
          name
          latitude
          longitude
          radius
        }
        evidence {
          kind
          summary
          effect
          pings
        }
        activity {
          id
          event
          created_at
        }
        overrides {
          id
          old_status
          new_status
          created_at
          user {
            id
            first_name
            last_name
          }
        }
        coordinates {
          id
          latitude
          longitude
          created_at
          bluetooth
        }
      }
    }
  }
`);

export const UpdateAttendanceDocument = graphql(`
  mutation studentAttendanceOverride($id: Int!, $status: Int!) {
    updateAttendance(id: $id, status: $status) {
      id
      status
      lock
    }
  }
`);

export interface HeadingData {
  school: { id: number; timezone: string };
  student: AttendanceStudent;
  statuses: { data: { id: number; name: string }[] };
}

export const isNotFound = (err: unknown) => err instanceof Error && /not found/i.test(err.message);

/** A malformed course or event uuid in the address: refused by the server, shown as "not found". */
export const isBadAttendable = (err: unknown) =>
  err instanceof RequestError && Object.hasOwn(err.errors, "attendable_uuid");

export function useAttendanceHeading(uuid: string) {
  return useQuery({
    queryKey: ["student", uuid, "attendance-heading"],
    queryFn: async (): Promise<HeadingData> => execute(AttendanceStudentDocument, { uuid }),
    placeholderData: keepPreviousData,
    retry: (count, err) => !isNotFound(err) && count < 1,
  });
}

export function useStudentAttendance(
  studentId: number | undefined,
  type: AttendableType,
  attendableUuid: string,
  page: number,
  perPage: number,
) {
  return useQuery({
    queryKey: ["attendance", "student", studentId, type, attendableUuid, page, perPage],
    queryFn: async (): Promise<{ total: number; data: AttendanceRow[] }> =>
      (
        await execute(StudentAttendanceDocument, {
          student_id: studentId as number,
          attendable_uuid: attendableUuid,
          attendable_type: type,
          page,
          per_page: perPage,
        })
      ).attendance,
    enabled: studentId !== undefined,
    placeholderData: keepPreviousData,
    retry: (count, err) => !isNotFound(err) && !isBadAttendable(err) && count < 1,
  });
}

/** updateAttendance (override): the row's status, lock and overrides refetch when it lands. */
export function useUpdateAttendance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { id: number; status: number }) => execute(UpdateAttendanceDocument, vars),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ["attendance"] }),
        client.invalidateQueries({ queryKey: ["student"] }),
      ]),
  });
}
