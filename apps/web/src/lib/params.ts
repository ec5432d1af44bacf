/** getParams: the lookups every signed-in screen may need (schools, roles, statuses, search). */
import { PARAMS_PAGE_SIZE } from "@rollbook/domain";
import { useQuery } from "@tanstack/react-query";
import { graphql } from "../gql/index.ts";
import { execute } from "./graphql.ts";

export const GetParamsDocument = graphql(`
  query getParams($per_page: Int) {
    schools(per_page: $per_page, sort_by: "name") {
      total
      data {
        id
        name
      }
    }
    roles {
      id
      name
      display_name
    }
    statuses {
      id
      name
    }
    searchConfig {
      provider
      endpoint
      per_page
      indexes
    }
  }
`);

export function useParams() {
  return useQuery({
    queryKey: ["getParams"],
    queryFn: () => execute(GetParamsDocument, { per_page: PARAMS_PAGE_SIZE }),
    staleTime: 10 * 60_000,
  });
}
