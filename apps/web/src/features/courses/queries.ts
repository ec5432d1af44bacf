import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CourseDetailQuery, CoursesListQuery } from "../../gql/graphql.ts";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";
import type { GridParams } from "../../ui/grid/grid-params.ts";
import { type CourseFilters, coursesVariables } from "./list/filters.ts";

/** The /Courses page: one page of courses with what the columns show, and the school's zone. */
export const CoursesListDocument = graphql(`
  query coursesList(
    $page: Int
    $per_page: Int
    $sort_by: String
    $sort_dir: String
    $query: String
    $state: String
    $in_session: Boolean
  ) {
    school {
      id
      timezone
      warning_percentage
    }
    courses(
      page: $page
      per_page: $per_page
      sort_by: $sort_by
      sort_dir: $sort_dir
      query: $query
      state: $state
      in_session: $in_session
    ) {
      total
      data {
        id
        uuid
        title
        crn
        course_number
        start_time
        end_time
        meet_sun
        meet_mon
        meet_tue
        meet_wed
        meet_thu
        meet_fri
        meet_sat
        is_in_session
        is_archived
        deleted_at
        students_count
        apa
        location {
          id
          name
        }
      }
    }
  }
`);

export type CourseRow = CoursesListQuery["courses"]["data"][number];

/** The locations courses use (no locations list exists yet): picked from every course's location. */
/** The course page: every field, the header's facts, the staff and the viewer's feed URL. */
export const CourseDetailDocument = graphql(`
  query courseDetail($uuid: String!) {
    school {
      id
      timezone
      warning_percentage
    }
    course(uuid: $uuid) {
      id
      uuid
      title
      crn
      course_number
      location_id
      location {
        id
        name
      }
      start_time
      end_time
      semester_start
      semester_end
      is_indefinite
      meet_sun
      meet_mon
      meet_tue
      meet_wed
      meet_thu
      meet_fri
      meet_sat
      is_in_session
      is_archived
      deleted_at
      locked
      late_time
      absent_time
      min_percentage
      alerts_students
      manual_attendance
      students_count
      apa
      calendar_url
    }
  }
`);

export type CourseDetail = CourseDetailQuery["course"];
export type CourseSchool = CourseDetailQuery["school"];

/** The Dashboard tab's figures (finished sessions: they change when a session ends, not per ping). */
export const CourseFiguresDocument = graphql(`
  query courseFigures($uuid: String!) {
    course(uuid: $uuid) {
      id
      daily_attendance_graph {
        labels
        datasets {
          label
          data
        }
      }
      attendance_last_class {
        label
        value
      }
      missed_last_class {
        id
        uuid
        first_name
        last_name
        preferred_name
      }
      student_absent_streak {
        streak
        student {
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

/** The live roster of the session in progress (null between sessions). */
export const CourseRosterDocument = graphql(`
  query courseRoster($uuid: String!) {
    course(uuid: $uuid) {
      id
      roster {
        ...RosterFields
      }
    }
  }
`);

export const CreateCourseDocument = graphql(`
  mutation createCourse(
    $title: String!
    $crn: String
    $course_number: String
    $subject: String
    $location_id: Int
    $start_time: String!
    $end_time: String!
    $is_indefinite: Boolean
    $semester_start: String
    $semester_end: String
    $meet_sun: Boolean
    $meet_mon: Boolean
    $meet_tue: Boolean
    $meet_wed: Boolean
    $meet_thu: Boolean
    $meet_fri: Boolean
    $meet_sat: Boolean
    $late_time: Int
    $absent_time: Int
    $min_percentage: Int
    $alerts_students: Boolean
    $manual_attendance: Boolean
  ) {
    createCourse(
      title: $title
      crn: $crn
      course_number: $course_number
      subject: $subject
      location_id: $location_id
      start_time: $start_time
      end_time: $end_time
      is_indefinite: $is_indefinite
      semester_start: $semester_start
      semester_end: $semester_end
      meet_sun: $meet_sun
      meet_mon: $meet_mon
      meet_tue: $meet_tue
      meet_wed: $meet_wed
      meet_thu: $meet_thu
      meet_fri: $meet_fri
      meet_sat: $meet_sat
      late_time: $late_time
      absent_time: $absent_time
      min_percentage: $min_percentage
      alerts_students: $alerts_students
      manual_attendance: $manual_attendance
    ) {
      id
      uuid
      title
    }
  }
`);

export const UpdateCourseDocument = graphql(`
  mutation updateCourse(
    $id: Int!
    $title: String
    $crn: String
    $course_number: String
    $subject: String
    $location_id: Int
    $start_time: String
    $end_time: String
    $is_indefinite: Boolean
    $semester_start: String
    $semester_end: String
    $meet_sun: Boolean
    $meet_mon: Boolean
    $meet_tue: Boolean
    $meet_wed: Boolean
    $meet_thu: Boolean
    $meet_fri: Boolean
    $meet_sat: Boolean
    $late_time: Int
    $absent_time: Int
    $min_percentage: Int
    $alerts_students: Boolean
    $manual_attendance: Boolean
    $is_archived: Boolean
  ) {
    updateCourse(
      id: $id
      title: $title
      crn: $crn
      course_number: $course_number
      subject: $subject
      location_id: $location_id
      start_time: $start_time
      end_time: $end_time
      is_indefinite: $is_indefinite
      semester_start: $semester_start
      semester_end: $semester_end
      meet_sun: $meet_sun
      meet_mon: $meet_mon
      meet_tue: $meet_tue
      meet_wed: $meet_wed
      meet_thu: $meet_thu
      meet_fri: $meet_fri
      meet_sat: $meet_sat
      late_time: $late_time
      absent_time: $absent_time
      min_percentage: $min_percentage
      alerts_students: $alerts_students
      manual_attendance: $manual_attendance
      is_archived: $is_archived
    ) {
      id
      is_archived
    }
  }
`);

export const RemoveCourseDocument = graphql(`
  mutation removeCourse($id: Int!) {
    removeCourse(id: $id) {
      id
      deleted_at
    }
  }
`);

export const RestoreCourseDocument = graphql(`
  mutation restoreCourse($id: Int!) {
    restoreCourse(id: $id) {
      id
      deleted_at
    }
  }
`);

export const EnrolStudentsDocument = graphql(`
  mutation courseEnrolStudents($course_id: Int!, $student_ids: [Int!]!) {
    addCourseToStudents(course_id: $course_id, student_ids: $student_ids) {
      student_ids
      changed
    }
  }
`);

export const AddTeamToCourseDocument = graphql(`
  mutation courseAddTeam($course_id: Int!, $team_id: Int!) {
    addTeamToCourse(course_id: $course_id, team_id: $team_id) {
      student_ids
      changed
    }
  }
`);

export const DetachCourseStudentsDocument = graphql(`
  mutation courseDetachStudents($attachable_id: Int!, $student_ids: [Int!]!) {
    detachStudents(attachable_id: $attachable_id, attachable_type: "course", student_ids: $student_ids) {
      student_ids
      changed
    }
  }
`);

/** Takes students out of a course (detachStudents, attachable_type "course"; all or nothing). */
export const detachStudents = (courseId: number, studentIds: number[]) =>
  execute(DetachCourseStudentsDocument, { attachable_id: courseId, student_ids: studentIds });

export const CourseCancellationsDocument = graphql(`
  query courseCancellations($course_id: Int!) {
    cancellations(course_id: $course_id, per_page: 250, sort_by: "date", sort_dir: "desc") {
      total
      data {
        id
        date
        notes
      }
    }
  }
`);

export const CreateCancellationDocument = graphql(`
  mutation courseCreateCancellation($course_id: Int!, $date: String!, $notes: String) {
    createCancellation(course_id: $course_id, date: $date, notes: $notes) {
      id
      date
    }
  }
`);

export const RemoveCancellationDocument = graphql(`
  mutation courseRemoveCancellation($id: Int!) {
    removeCancellation(id: $id) {
      id
    }
  }
`);

export function useCourseCancellations(uuid: string, courseId: number) {
  return useQuery({
    queryKey: ["course", uuid, "cancellations"],
    queryFn: async () => (await execute(CourseCancellationsDocument, { course_id: courseId })).cancellations,
  });
}

export const CourseUsersDocument = graphql(`
  query courseUsers($uuid: String!) {
    course(uuid: $uuid) {
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

export function useCourseUsers(uuid: string) {
  return useQuery({
    queryKey: ["course", uuid, "users"],
    queryFn: async () => (await execute(CourseUsersDocument, { uuid })).course.users,
  });
}

/** True for the server's NOT_FOUND answer ("Course not found"): the page shows "not found", no retry. */
export const isNotFound = (err: unknown) => err instanceof Error && /not found/i.test(err.message);

// Query keys: the push channel refreshes keys that start with "courses" or "course"
// (lib/push-invalidate.ts), at most once a second. The figures (finished sessions) are keyed
// outside those areas: a burst of pings does not recompute them.
export const coursesKey = (f: CourseFilters, g: GridParams) => ["courses", "list", f, g] as const;
export const courseKey = (uuid: string) => ["course", uuid] as const;
export const rosterKey = (uuid: string) => ["course", uuid, "roster"] as const;
export const figuresKey = (uuid: string) => ["figures", "course", uuid] as const;

export function useCoursesList(f: CourseFilters, g: GridParams) {
  return useQuery({
    queryKey: coursesKey(f, g),
    queryFn: () => execute(CoursesListDocument, coursesVariables(f, g)),
    placeholderData: keepPreviousData,
  });
}

export function useCourseDetail(uuid: string) {
  return useQuery({
    queryKey: courseKey(uuid),
    queryFn: () => execute(CourseDetailDocument, { uuid }),
    placeholderData: keepPreviousData,
    retry: (count, err) => !isNotFound(err) && count < 1,
  });
}

export function useCourseFigures(uuid: string) {
  return useQuery({
    queryKey: figuresKey(uuid),
    queryFn: async () => (await execute(CourseFiguresDocument, { uuid })).course,
    staleTime: 60_000,
  });
}

export function useCourseRoster(uuid: string) {
  return useQuery({
    queryKey: rosterKey(uuid),
    queryFn: async () => (await execute(CourseRosterDocument, { uuid })).course.roster,
    // a session starts or ends on the clock, not on a push: look again every minute
    refetchInterval: 60_000,
  });
}

/** Refetches everything this course's page shows (after a change made here). */
export function useRefreshCourse(uuid: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["course", uuid] }),
      client.invalidateQueries({ queryKey: ["courses"] }),
      client.invalidateQueries({ queryKey: figuresKey(uuid) }),
    ]);
}
