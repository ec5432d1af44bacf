import { useQuery } from "@tanstack/react-query";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";

/**
 * Every live location of the school, for the Location list of the course and event forms
 * (decision 0702). It was built from the courses' own locations, so a location no course used
 * yet could never be picked for a first course or event.
 */
export const LocationChoicesDocument = graphql(`
  query locationChoices {
    locationChoices {
      id
      name
    }
  }
`);

export interface LocationOption {
  value: string;
  label: string;
}

export async function fetchLocationOptions(): Promise<LocationOption[]> {
  const r = await execute(LocationChoicesDocument);
  return r.locationChoices.map((l) => ({ value: String(l.id), label: l.name }));
}

export function useLocationChoices(enabled: boolean) {
  return useQuery({ queryKey: ["locationChoices"], enabled, staleTime: 60_000, queryFn: fetchLocationOptions });
}
