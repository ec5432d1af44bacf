import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { execute } from "../../../lib/graphql.ts";
import type { Relation } from "./filters.ts";
import { CourseOptionsDocument, GroupOptionsDocument } from "./queries.ts";

export interface PickOption {
  /** The uuid (the filter's relation_uuid). */
  value: string;
  label: string;
  /** The numeric id the add-to calls take; null when the source does not tell it. */
  id: number | null;
}

const OPTION_ROWS = 50;

/**
 * The courses, events or teams matching what was typed: courses from the `courses` list (all of
 * them when nothing is typed), events and teams from the `search` call's hits (it answers only
 * to a term; their own lists arrive with issue 11).
 */
export function useRelationOptions(kind: Relation | null, search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: ["studentsPicker", kind, term],
    enabled: kind !== null && (kind === "course" || term !== ""),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    queryFn: async (): Promise<PickOption[]> => {
      if (kind === "course") {
        const r = await execute(CourseOptionsDocument, { query: term || undefined, per_page: OPTION_ROWS });
        return r.courses.data.map((c) => ({ value: c.uuid, label: c.title, id: c.id }));
      }
      const r = await execute(GroupOptionsDocument, { query: term, per_page: 25 });
      if (kind === "team") return r.search.teams.map((t) => ({ value: t.uuid, label: t.name, id: t.id }));
      return r.search.events.map((e) => ({ value: e.uuid, label: `${e.title} (${e.date})`, id: e.id }));
    },
  });
}
