import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { StudentsListQuery } from "../../../gql/graphql.ts";
import { graphql } from "../../../gql/index.ts";
import { execute } from "../../../lib/graphql.ts";
import type { GridParams } from "../../../ui/grid/grid-params.ts";
import { type StudentFilters, studentsVariables } from "./filters.ts";

/** The /Students page: one page of students with what the columns show, and the school's settings. */
export const StudentsListDocument = graphql(`
  query studentsList(
    $page: Int
    $per_page: Int
    $sort_by: String
    $sort_dir: String
    $query: String
    $state: String
    $relation: String
    $relation_uuid: String
  ) {
    school {
      id
      timezone
      warning_percentage
    }
    students(
      page: $page
      per_page: $per_page
      sort_by: $sort_by
      sort_dir: $sort_dir
      query: $query
      state: $state
      relation: $relation
      relation_uuid: $relation_uuid
    ) {
      total
      data {
        id
        uuid
        first_name
        last_name
        preferred_name
        email
        school_identifier
        weekly_apa
        semester_apa
        last_seen
        deleted_at
        device_id
        device {
          id
          location_permission
          bluetooth_permission
        }
      }
    }
  }
`);

export type StudentRow = StudentsListQuery["students"]["data"][number];
export type StudentsList = StudentsListQuery;

export const studentsKey = (f: StudentFilters, g: GridParams) => ["students", "list", f, g] as const;

/** The page's rows; a refetch (a push, a new page) keeps showing the previous rows meanwhile. */
export function useStudentsList(f: StudentFilters, g: GridParams) {
  return useQuery({
    queryKey: studentsKey(f, g),
    queryFn: () => execute(StudentsListDocument, studentsVariables(f, g)),
    placeholderData: keepPreviousData,
  });
}

/** The ids of the rows answered for the filters asked, or undefined while the previous rows stand in. */
export function settledStudentIds(list: ReturnType<typeof useStudentsList>): number[] | undefined {
  return list.isPlaceholderData ? undefined : list.data?.students.data.map((s) => s.id);
}

/** The courses to filter by (or add students to), searched on the server. */
export const CourseOptionsDocument = graphql(`
  query courseOptions($query: String, $per_page: Int) {
    courses(query: $query, per_page: $per_page, sort_by: "title") {
      total
      data {
        id
        uuid
        title
      }
    }
  }
`);

/** Teams to filter by (or add students to), by name or tag. */
export const TeamOptionsDocument = graphql(`
  query teamOptions($query: String, $per_page: Int) {
    teams(query: $query, per_page: $per_page, sort_by: "name") {
      data {
        id
        uuid
        name
      }
    }
  }
`);

/** Events to filter by (or add students to): upcoming first, then the rest, by title or ern. */
export const EventOptionsDocument = graphql(`
  query eventOptions($query: String, $per_page: Int) {
    events(query: $query, per_page: $per_page, state: "all", sort_by: "date", sort_dir: "desc") {
      data {
        id
        uuid
        title
        date
      }
    }
  }
`);
