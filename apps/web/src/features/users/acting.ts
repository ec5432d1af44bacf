import { useQuery } from "@tanstack/react-query";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";

const ActingDocument = graphql(`
  query acting {
    me {
      id
      first_name
      last_name
      impersonator {
        id
        first_name
        last_name
      }
    }
  }
`);

/** Who this session acts for: set only after switchUser; a session never changes it, so no refetch. */
export function useActing() {
  const q = useQuery({
    queryKey: ["acting"],
    queryFn: () => execute(ActingDocument),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { me: q.data?.me ?? null, impersonator: q.data?.me.impersonator ?? null };
}
