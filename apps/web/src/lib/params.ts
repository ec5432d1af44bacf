/** getParams: the lookups every signed-in screen may need (schools, roles, statuses, search). */
import { useQuery } from "@tanstack/react-query";
import { graphql } from "../gql/index.ts";
import { execute } from "./graphql.ts";

// the lookups are unpaged on the server: no per_page means every row (spec: parameter lists)
export const GetParamsDocument = graphql(`
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
`);

export function useParams() {
  return useQuery({
    queryKey: ["getParams"],
    queryFn: () => execute(GetParamsDocument),
    staleTime: 10 * 60_000,
  });
}
