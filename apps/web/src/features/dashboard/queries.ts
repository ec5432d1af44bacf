import { DASHBOARD_ROWS, ME_POLL_MS } from "@rollbook/domain";
import { useQuery } from "@tanstack/react-query";
import type { DashboardQuery } from "../../gql/graphql.ts";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";

/** The named `dashboard` operation: the school, 10 students missing attendance, 10 courses in session. */
export const DashboardDocument = graphql(`
  query dashboard($rows: Int) {
    school {
      id
      name
      address
      phone
      timezone
    }
    students(missing: true, per_page: $rows) {
      total
      data {
        id
        uuid
        first_name
        last_name
        email
        semester_apa
      }
    }
    courses(in_session: true, per_page: $rows) {
      total
      data {
        id
        uuid
        title
        start_time
        end_time
        location {
          id
          name
        }
      }
    }
  }
`);

export const RemoveFromDashboardDocument = graphql(`
  mutation removeFromDashboard($id: Int!) {
    removeFromDashboard(id: $id)
  }
`);

export const CloseTaskDocument = graphql(`
  mutation closeTask($id: Int!) {
    closeTask(id: $id) {
      id
    }
  }
`);

export type DashboardData = DashboardQuery;

export function useDashboard() {
  return useQuery({
    queryKey: ["dashboard"],
    queryFn: () => execute(DashboardDocument, { rows: DASHBOARD_ROWS }),
    // who is in session changes with the clock
    refetchInterval: ME_POLL_MS,
  });
}
