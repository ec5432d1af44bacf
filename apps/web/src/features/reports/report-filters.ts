/**
 * A report's filters in the URL query, next to the grid's page, per_page, sort_by and sort_dir:
 * which keys a report reads is its config's `filters`; ids lists (classes, teams, courses) are
 * comma-separated, as the CSV export takes them. The same values give the GraphQL variables and
 * the export's query, so the file holds what the screen shows. Pure, tested without a browser.
 */
import { ReportInputError, reportRange } from "@rollbook/domain";
import type { GridParams } from "../../ui/grid/grid-params.ts";

export interface ReportFilters {
  classes: number[];
  start_date: string | null;
  end_date: string | null;
  location_id: number | null;
  uuid: string | null;
  attendable_type: "course" | "event" | null;
  mode: string | null;
  date: string | null;
  teams: number[];
  courses: number[];
}

export type FilterKey = keyof ReportFilters;

export const EMPTY_FILTERS: ReportFilters = {
  classes: [],
  start_date: null,
  end_date: null,
  location_id: null,
  uuid: null,
  attendable_type: null,
  mode: null,
  date: null,
  teams: [],
  courses: [],
};

/**
 * The filters as the filter bar shows them: a range the URL leaves open shows the one the server
 * used (the Class report's semester), so the boxes never read empty while the page reports on
 * dates. A range the user set, or half set, stays as it is.
 */
export function shownFilters(
  filters: ReportFilters,
  used: { start_date: string; end_date: string } | null | undefined,
): ReportFilters {
  if (!used || filters.start_date !== null || filters.end_date !== null) return filters;
  return { ...filters, start_date: used.start_date.slice(0, 10), end_date: used.end_date.slice(0, 10) };
}

const LIST_KEYS = ["classes", "teams", "courses"] as const satisfies readonly FilterKey[];
type ListKey = (typeof LIST_KEYS)[number];
const isList = (k: FilterKey): k is ListKey => (LIST_KEYS as readonly string[]).includes(k);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_IDS = 500;

/** "3,4,x,4" -> [3, 4]: positive ids, once each, garbage dropped. */
export function parseIds(raw: string | null): number[] {
  if (!raw) return [];
  const ids = raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number)
    .filter((n) => n >= 1 && Number.isSafeInteger(n));
  return [...new Set(ids)].slice(0, MAX_IDS);
}

const day = (raw: string | null) => (raw && DAY.test(raw) ? raw : null);
const positive = (raw: string | null) => (raw && /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : null);

/**
 * The report's filters from the query; keys the report does not use stay empty. With the report's
 * `modes`, a mode that is none of them (an old or mistyped link) is empty too: its select cannot
 * show it, and the page's default takes its place.
 */
export function parseReportFilters(
  q: URLSearchParams,
  keys: readonly FilterKey[],
  modes?: readonly { value: string }[],
): ReportFilters {
  const f: ReportFilters = { ...EMPTY_FILTERS, classes: [], teams: [], courses: [] };
  const uses = new Set(keys);
  for (const k of LIST_KEYS) if (uses.has(k)) f[k] = parseIds(q.get(k));
  if (uses.has("start_date")) f.start_date = day(q.get("start_date"));
  if (uses.has("end_date")) f.end_date = day(q.get("end_date"));
  if (uses.has("date")) f.date = day(q.get("date"));
  if (uses.has("location_id")) f.location_id = positive(q.get("location_id"));
  if (uses.has("uuid")) {
    const uuid = q.get("uuid");
    f.uuid = uuid && UUID.test(uuid) ? uuid.toLowerCase() : null;
  }
  if (uses.has("attendable_type")) {
    const t = q.get("attendable_type");
    f.attendable_type = t === "course" || t === "event" ? t : null;
  }
  if (uses.has("mode")) {
    const mode = q.get("mode")?.slice(0, 40) || null;
    f.mode = mode && modes && !modes.some((m) => m.value === mode) ? null : mode;
  }
  return f;
}

/** A filter's value as query text; null for an empty one (left out of the URL). */
function text(f: ReportFilters, k: FilterKey): string | null {
  if (isList(k)) return f[k].length ? f[k].join(",") : null;
  const v = f[k];
  return v === null || v === "" ? null : String(v);
}

/**
 * A copy of the query with the filters changed. A changed filter starts again at page 1 (the
 * rows are others); empty filters leave the URL. Keys not in `keys` are not touched.
 */
export function withReportFilters(
  q: URLSearchParams,
  keys: readonly FilterKey[],
  patch: Partial<ReportFilters>,
): URLSearchParams {
  const current = parseReportFilters(q, keys);
  const next = { ...current, ...patch };
  const out = new URLSearchParams(q);
  let changed = false;
  for (const k of keys) {
    const value = text(next, k);
    if (value !== text(current, k)) changed = true;
    if (value === null) out.delete(k);
    else out.set(k, value);
  }
  if (changed) out.set("page", "1");
  return out;
}

/** The required filters that are empty, in the report's order. */
export const missingFilters = (f: ReportFilters, required: readonly FilterKey[]) =>
  required.filter((k) => text(f, k) === null);

/** The filters' labels in the filter bar, for messages that name a filter by its key. */
export const FILTER_LABELS: Readonly<Record<FilterKey, string>> = {
  classes: "Classes",
  start_date: "Start date",
  end_date: "End date",
  location_id: "Location",
  uuid: "Choice",
  attendable_type: "Kind",
  mode: "Show",
  date: "Day",
  teams: "Groups",
  courses: "Classes",
};

/**
 * A message of the server (or the domain's range check) in the filter bar's words: its keys read
 * as the labels ("end_date must not be before start_date" -> "End date must not be before the
 * start date"). Keys that are English words too ("date", "mode") are read only where they open
 * the message, so that "a date (YYYY-MM-DD)" stays as it is.
 */
export function inFilterWords(message: string, labels: Readonly<Record<FilterKey, string>> = FILTER_LABELS): string {
  const keys = (Object.keys(labels) as FilterKey[]).sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`\\b(${keys.join("|")})\\b`, "g");
  return message.replace(pattern, (key: string, _k: string, offset: number) => {
    const label = labels[key as FilterKey];
    if (offset === 0) return label;
    return key.includes("_") ? `the ${label.toLowerCase()}` : key;
  });
}

/** What is wrong with the date range (reversed, over two years), naming the field in words; null when fine. */
export function rangeProblem(f: ReportFilters): { field: FilterKey; message: string } | null {
  if (!f.start_date || !f.end_date) return null;
  try {
    reportRange(f.start_date, f.end_date, false);
    return null;
  } catch (e) {
    if (e instanceof ReportInputError) return { field: e.field as FilterKey, message: inFilterWords(e.message) };
    throw e;
  }
}

/** The used, non-empty filters as GraphQL variables (lists as id arrays). */
export function filterVariables(f: ReportFilters, keys: readonly FilterKey[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (text(f, k) !== null) out[k] = f[k];
  return out;
}

/** The grid's page and order as GraphQL variables. */
export const pageVariables = (g: GridParams) => ({
  page: g.page,
  per_page: g.per_page,
  ...(g.sort_by ? { sort_by: g.sort_by, sort_dir: g.sort_dir } : {}),
});

/** GET /api/v2/reports/{Page}/export.csv with the page's filters and order (every page of rows). */
export function exportPath(
  report: string,
  f: ReportFilters,
  keys: readonly FilterKey[],
  g: Pick<GridParams, "sort_by" | "sort_dir">,
): string {
  const q = new URLSearchParams();
  for (const k of keys) {
    const value = text(f, k);
    if (value !== null) q.set(k, value);
  }
  if (g.sort_by) {
    q.set("sort_by", g.sort_by);
    q.set("sort_dir", g.sort_dir);
  }
  return `/api/v2/reports/${encodeURIComponent(report)}/export.csv?${q.toString()}`;
}

/** A "YYYY-MM-DD" day moved by whole days (calendar arithmetic, no time zone). */
export function shiftDay(isoDay: string, days: number): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A report call's variables: its filters and the grid's page and order. The caller names the
 * generated variables type; the report's `required` filters are checked before it is called.
 */
export const reportVariables = <V>(f: ReportFilters, keys: readonly FilterKey[], g: GridParams): V =>
  ({ ...filterVariables(f, keys), ...pageVariables(g) }) as V;
