/** The signed-in user (`me`), loaded once by the shell and polled every ME_POLL_MS. */
import { ME_POLL_MS } from "@rollbook/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { MeQuery } from "../gql/graphql.ts";
import { graphql } from "../gql/index.ts";
import { execute } from "./graphql.ts";

export const MeDocument = graphql(`
  query me {
    me {
      id
      first_name
      last_name
      email
      school_id
      higher_contrast
      a11y_mode
      role {
        id
        name
        display_name
        permissions {
          override
          reset_token
          create_participant
          assign_appointment
          create_appointment
          view_information
          access_reports
          cancellations
        }
      }
      tasks {
        id
        description
        taskable_id
        taskable_type
        created_at
        taskable {
          id
          student {
            id
            uuid
          }
        }
      }
      tiles {
        id
        tileable_id
        tileable_type
        tileable {
          id
          uuid
          title
          name
          apa
          attendance_last_class {
            label
            value
          }
          attendance_now {
            meets
            present
            expected
          }
        }
      }
      assignedCourses {
        id
        title
      }
    }
  }
`);

export type Me = MeQuery["me"];
export type MeTask = Me["tasks"][number];
export type MeTile = Me["tiles"][number];

export const ME_KEY = ["me"] as const;

export function useMeQuery() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: async () => (await execute(MeDocument)).me,
    refetchInterval: ME_POLL_MS,
    refetchIntervalInBackground: true,
    // several components read me as the page mounts; without this each mount refetched it
    // (three loads per page). The poll, pushes and explicit invalidations keep it fresh.
    staleTime: 30_000,
    // a failed load sends the user to login; no silent retries of a refused token
    retry: false,
  });
}

/** The loaded user; only inside the signed-in shell, which renders nothing until `me` is there. */
export function useMe(): Me {
  const { data } = useMeQuery();
  if (!data) throw new Error("useMe() outside the signed-in shell");
  return data;
}

export function useRefreshMe() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ME_KEY });
}
