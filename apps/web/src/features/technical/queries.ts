import { useQuery } from "@tanstack/react-query";
import type { TechnicalStatusQuery } from "../../gql/graphql.ts";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";

export const TechnicalStatusDocument = graphql(`
  query technicalStatus {
    technical {
      version
      node_version
      device_api_url
      checkin_url
      database {
        kind
        ok
        latency_ms
        server_version
      }
      mail {
        configured
        waiting
        failing
        sent_last_day
        last_error
      }
      push {
        transport
        clients
      }
    }
  }
`);

export type Technical = TechnicalStatusQuery["technical"];

/** Health is read when the tab opens and every 30 s while it stays open. */
export function useTechnical() {
  return useQuery({
    queryKey: ["technical"],
    queryFn: () => execute(TechnicalStatusDocument, {}),
    refetchInterval: 30_000,
  });
}
