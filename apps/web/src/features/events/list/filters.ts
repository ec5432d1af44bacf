/**
 * The /Events list's filters in the URL query (query, state), next to the grid's page, per_page,
 * sort_by and sort_dir, so a reload or a shared link shows the same rows. Pure, tested without a
 * browser.
 */
import { emptyListText, NO_MATCH } from "../../../ui/grid/empty-text.ts";
import type { GridParams } from "../../../ui/grid/grid-params.ts";

export const EVENT_STATES = ["upcoming", "past", "removed"] as const;
export type EventState = (typeof EVENT_STATES)[number];

/** The columns the server sorts events by. */
export const EVENT_SORTS = ["date", "title", "start_time", "attending_count"] as const;

export const EVENT_GRID_DEFAULTS = { sort_by: "date", sort_dir: "asc", sortable: EVENT_SORTS } as const;

export interface EventFilters {
  query: string;
  state: EventState;
}

const isState = (v: string | null): v is EventState => (EVENT_STATES as readonly string[]).includes(v ?? "");

export function parseEventFilters(q: URLSearchParams): EventFilters {
  const state = q.get("state");
  return { query: (q.get("query") ?? "").slice(0, 200), state: isState(state) ? state : "upcoming" };
}

/**
 * A copy of the query with the filters changed. A change of a filter starts again at page 1;
 * unchanged filters leave the page alone. Defaults are left out of the URL.
 */
export function withEventFilters(q: URLSearchParams, patch: Partial<EventFilters>): URLSearchParams {
  const current = parseEventFilters(q);
  const next = { ...current, ...patch };
  const changed = next.query.trim() !== current.query.trim() || next.state !== current.state;
  const out = new URLSearchParams(q);
  if (next.query.trim() === "") out.delete("query");
  else out.set("query", next.query);
  if (next.state === "upcoming") out.delete("state");
  else out.set("state", next.state);
  if (changed) out.set("page", "1");
  return out;
}

/** The `events` query's variables: the filters (blank ones left out) and the grid's page and order. */
export function eventsVariables(f: EventFilters, g: GridParams) {
  return {
    state: f.state,
    ...(f.query.trim() ? { query: f.query.trim() } : {}),
    page: g.page,
    per_page: g.per_page,
    ...(g.sort_by ? { sort_by: g.sort_by, sort_dir: g.sort_dir } : {}),
  };
}

export const eventsCaption = (f: EventFilters) =>
  f.state === "past" ? "Past events" : f.state === "removed" ? "Removed events" : "Upcoming events";

/**
 * The empty list's words: a search found nothing, or there are no events in this state. Roles
 * 5-9 see the events assigned to them and the public ones.
 */
export function eventsEmptyText(f: EventFilters, roleId: number): string {
  if (f.query.trim()) return NO_MATCH;
  return emptyListText(eventsCaption(f).toLowerCase(), { roleId, mine: "assigned to you or public" });
}
