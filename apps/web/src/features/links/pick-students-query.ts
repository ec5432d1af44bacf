import { useQuery } from "@tanstack/react-query";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";

/** How many students one search of the picker lists. */
export const PICK_ROWS = 25;

/** The active students matching a name or an e-mail, with only what the picker shows. */
export const PickStudentsDocument = graphql(`
  query pickStudents($query: String!, $per_page: Int) {
    students(query: $query, state: "active", page: 1, per_page: $per_page, sort_by: "name") {
      total
      data {
        id
        first_name
        last_name
        preferred_name
        email
        school_identifier
      }
    }
  }
`);

/** The students found for what was typed; nothing is asked before something is typed or while closed. */
export function usePickStudents(search: string, enabled: boolean) {
  const term = search.trim();
  return useQuery({
    queryKey: ["pickStudents", term],
    enabled: enabled && term !== "",
    queryFn: () => execute(PickStudentsDocument, { query: term, per_page: PICK_ROWS }),
  });
}
