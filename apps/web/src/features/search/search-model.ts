/**
 * The global search's pure parts: the hits grouped as the spec names them (Participants,
 * Recurring, Groups, Singular), the keyboard model of the combobox, and when `s` may take focus.
 * Tested without a browser.
 */
import { NO_MATCHING_DATA } from "@rollbook/domain";
import { courseTimes } from "../courses/format.ts";

export interface SearchResultsData {
  students: readonly { uuid: string; firstName: string; lastName: string; email?: string | null }[];
  courses: readonly { uuid: string; title: string; startTime: string; endTime: string; days: string }[];
  teams: readonly { uuid: string; name: string }[];
  events: readonly { uuid: string; title: string; date: string }[];
}

export interface Hit {
  /** Unique in the list: the option's DOM id is made from it. */
  key: string;
  label: string;
  detail: string;
  href: string;
}

export interface HitGroup {
  key: "students" | "courses" | "teams" | "events";
  label: string;
  hits: Hit[];
}

const usDate = (ymd: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(ymd);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : ymd;
};

/** The non-empty groups in the spec's order; each hit links to its detail page. */
export function groupHits(r: SearchResultsData | undefined): HitGroup[] {
  if (!r) return [];
  const groups: HitGroup[] = [
    {
      key: "students",
      label: "Participants",
      hits: r.students.map((s) => ({
        key: `student-${s.uuid}`,
        label: `${s.firstName} ${s.lastName}`.trim(),
        detail: s.email ?? "",
        href: `/Students/${s.uuid}`,
      })),
    },
    {
      key: "courses",
      label: "Recurring",
      hits: r.courses.map((c) => ({
        key: `course-${c.uuid}`,
        label: c.title,
        // the course screens' "8:00 AM – 8:50 AM", spaced dash and all
        detail: [courseTimes({ start_time: c.startTime, end_time: c.endTime }), c.days].filter(Boolean).join(" · "),
        href: `/Courses/${c.uuid}`,
      })),
    },
    {
      key: "teams",
      label: "Groups",
      hits: r.teams.map((t) => ({ key: `team-${t.uuid}`, label: t.name, detail: "", href: `/Teams/${t.uuid}` })),
    },
    {
      key: "events",
      label: "Singular",
      hits: r.events.map((e) => ({
        key: `event-${e.uuid}`,
        label: e.title,
        detail: usDate(e.date),
        href: `/Events/${e.uuid}`,
      })),
    },
  ];
  return groups.filter((g) => g.hits.length > 0);
}

/** The hits in the order the arrow keys walk them. */
export const flatHits = (groups: readonly HitGroup[]): Hit[] => groups.flatMap((g) => g.hits);

/** -1: no hit highlighted. */
export type Active = number;

/**
 * The combobox as the keys see it. The hits shown may answer an earlier text than the one in the
 * field: they stay on screen while the field's own are searched (100 ms after typing stops, then
 * the call), so typing "Algebra" quickly still shows the hits of "A" (a participant first) for a
 * moment. `answered` says which text they answer.
 */
export interface SearchView {
  /** The text in the field, trimmed. */
  query: string;
  /** The trimmed text the hits shown answer; undefined when none are shown. */
  answered: string | undefined;
  /** The hits shown, in the order the arrow keys walk them. */
  hits: readonly Hit[];
  /** The search of `query` failed (its hits are not shown: there are none). */
  failed: boolean;
  /** The list is shown. */
  open: boolean;
  active: Active;
}

/** The hits shown answer the text in the field (not an earlier one still shown). */
export const isCurrent = (v: Pick<SearchView, "query" | "answered">): boolean =>
  v.query !== "" && v.answered === v.query;

export type SearchKeyAction =
  | { type: "move"; active: Active }
  | { type: "open"; href: string }
  /** Enter before the field's own hits came: open the first of them when they come. */
  | { type: "wait" }
  | { type: "close" }
  | { type: "clear" }
  | { type: "none" };

/**
 * What a key in the search field does: arrows move the highlight through the hits (wrapping,
 * opening the list when closed), Enter opens the highlighted hit or else the first, Escape
 * closes an open list and empties a closed field. The arrows and Enter act only on the hits of
 * the text in the field: on an earlier text's hits still shown the arrows do nothing, and Enter
 * waits for the field's own hits (settleEnter) rather than open another text's.
 */
export function searchKey(key: string, view: SearchView): SearchKeyAction {
  const { active, open, hits } = view;
  const count = isCurrent(view) ? hits.length : 0;
  switch (key) {
    case "ArrowDown":
      if (count === 0) return { type: "none" };
      if (!open) return { type: "move", active: 0 };
      return { type: "move", active: active < 0 || active >= count - 1 ? 0 : active + 1 };
    case "ArrowUp":
      if (count === 0) return { type: "none" };
      if (!open) return { type: "move", active: count - 1 };
      return { type: "move", active: active <= 0 ? count - 1 : active - 1 };
    case "Home":
      return open && count > 0 ? { type: "move", active: 0 } : { type: "none" };
    case "End":
      return open && count > 0 ? { type: "move", active: count - 1 } : { type: "none" };
    case "Enter": {
      if (!isCurrent(view)) return view.query === "" || view.failed ? { type: "none" } : { type: "wait" };
      const hit = hits[active >= 0 && active < count ? active : 0];
      return hit ? { type: "open", href: hit.href } : { type: "none" };
    }
    case "Escape":
      return open ? { type: "close" } : { type: "clear" };
    default:
      return { type: "none" };
  }
}

export type SettleAction = { type: "open"; href: string } | { type: "wait" } | { type: "drop" };

/**
 * An Enter pressed on `pending` (searchKey's "wait"), as the search stands now: it opens the
 * first hit once the hits of `pending` are in; it is dropped when the field's text is no longer
 * `pending` (it was meant for another text), when the search failed, or when nothing matched
 * (the list then says so); else it waits.
 */
export function settleEnter(
  pending: string,
  view: Pick<SearchView, "query" | "answered" | "hits" | "failed">,
): SettleAction {
  if (view.query !== pending) return { type: "drop" };
  if (!isCurrent(view)) return view.failed ? { type: "drop" } : { type: "wait" };
  const first = view.hits[0];
  return first ? { type: "open", href: first.href } : { type: "drop" };
}

/**
 * The live region's words while the search is open: the count of the field's own hits once they
 * are in, "No matching data" when there are none, the failure when the search failed; nothing
 * while the field is empty or the hits shown still answer an earlier text.
 */
export function searchStatus(view: Pick<SearchView, "query" | "answered" | "hits" | "failed">): string {
  if (view.query === "") return "";
  if (!isCurrent(view)) return view.failed ? SEARCH_FAILED : "";
  const n = view.hits.length;
  return n === 0 ? NO_MATCHING_DATA : `${n} ${n === 1 ? "result" : "results"}`;
}

/** Shown, and announced, when the search call fails. */
export const SEARCH_FAILED = "Search is not available right now.";

interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  defaultPrevented?: boolean;
  target?: EventTarget | null;
}

/** True when the element takes typing (a field, an editable region, a select). */
export function isTypingTarget(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).closest !== "function") return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") {
    const type = (el as HTMLInputElement).type;
    return !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file", "image"].includes(type);
  }
  return el.closest("[contenteditable='true'], [role='textbox'], [role='combobox'] input") !== null;
}

/** `s` (no modifier, not while typing in a field, not inside an open dialog) focuses the search. */
export function isSearchShortcut(e: KeyLike): boolean {
  if (e.key !== "s" && e.key !== "S") return false;
  if (e.key === "S") return false; // Shift+s types a capital; leave it alone
  if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return false;
  if (isTypingTarget(e.target)) return false;
  const el = e.target as Element | null;
  if (el && typeof el.closest === "function" && el.closest("[role='dialog'], [aria-modal='true']")) return false;
  return true;
}
