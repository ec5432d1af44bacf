import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { execute } from "../../../lib/graphql.ts";
import type { Relation } from "./filters.ts";
import { CourseOptionsDocument, EventOptionsDocument, TeamOptionsDocument } from "./queries.ts";

export interface PickOption {
  /** The uuid (the filter's relation_uuid). */
  value: string;
  label: string;
  /** The numeric id the add-to calls take; null when the source does not tell it. */
  id: number | null;
}

const OPTION_ROWS = 50;

/**
 * The courses, events or teams matching what was typed (the first 50 of each list when nothing
 * is typed), from their own lists, so they follow the viewer's scope as the lists do.
 */
export function useRelationOptions(kind: Relation | null, search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: ["studentsPicker", kind, term],
    enabled: kind !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    queryFn: async (): Promise<PickOption[]> => {
      if (kind === "course") {
        const r = await execute(CourseOptionsDocument, { query: term || undefined, per_page: OPTION_ROWS });
        return r.courses.data.map((c) => ({ value: c.uuid, label: c.title, id: c.id }));
      }
      if (kind === "team") {
        const r = await execute(TeamOptionsDocument, { query: term || undefined, per_page: OPTION_ROWS });
        return r.teams.data.map((t) => ({ value: t.uuid, label: t.name, id: t.id }));
      }
      const r = await execute(EventOptionsDocument, { query: term || undefined, per_page: OPTION_ROWS });
      return r.events.data.map((e) => ({ value: e.uuid, label: `${e.title} (${e.date})`, id: e.id }));
    },
  });
}
