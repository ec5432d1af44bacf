import { useQuery } from "@tanstack/react-query";
import { graphql } from "../../../gql/index.ts";
import { execute } from "../../../lib/graphql.ts";

/**
 * The staff one may assign. The API has no users list yet (the Users issue brings it): the
 * candidates are the staff assigned to the school's courses the viewer sees, and the viewer.
 */
export const StaffCandidatesDocument = graphql(`
  query groupsStaffCandidates {
    me {
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
    courses(state: "all", per_page: 250, sort_by: "title") {
      data {
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
  }
`);

export interface StaffOption {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role_id: number;
  role: { id: number; display_name: string };
}

/** Everyone found once, by last and first name. Pure. */
export function uniqueStaff(lists: readonly (readonly StaffOption[])[]): StaffOption[] {
  const byId = new Map<number, StaffOption>();
  for (const list of lists) for (const u of list) if (!byId.has(u.id)) byId.set(u.id, u);
  return [...byId.values()].sort(
    (a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name) || a.id - b.id,
  );
}

export function useStaffCandidates(enabled: boolean) {
  return useQuery({
    queryKey: ["groupsStaffCandidates"],
    enabled,
    staleTime: 60_000,
    queryFn: async () => {
      const r = await execute(StaffCandidatesDocument);
      return uniqueStaff([[r.me], ...r.courses.data.map((c) => c.users)]);
    },
  });
}
