import { describe, expect, it } from "vitest";
import {
  flatHits,
  groupHits,
  isCurrent,
  isSearchShortcut,
  isTypingTarget,
  SEARCH_FAILED,
  type SearchView,
  searchKey,
  searchStatus,
  settleEnter,
} from "./search-model.ts";

const results = {
  students: [{ uuid: "s1", firstName: "Ann", lastName: "Lee", email: "ann@x.test" }],
  courses: [{ uuid: "c1", title: "Algebra", startTime: "13:05", endTime: "14:00", days: "M W F" }],
  teams: [],
  events: [{ uuid: "e1", title: "Fair", date: "2026-11-20" }],
};

describe("global search model", () => {
  it("groups the hits in the spec's order and wording, leaving out empty groups, each linking to its page", () => {
    const groups = groupHits(results);
    expect(groups.map((g) => g.label)).toEqual(["Participants", "Recurring", "Singular"]);
    expect(flatHits(groups).map((h) => h.href)).toEqual(["/Students/s1", "/Courses/c1", "/Events/e1"]);
    expect(groups[1]?.hits[0]?.detail).toBe("1:05 PM – 2:00 PM · M W F");
    expect(groups[2]?.hits[0]?.detail).toBe("11/20/2026");
    expect(groupHits(undefined)).toEqual([]);
  });

  const hits = flatHits(groupHits(results));
  /** The hits of "al" shown for the text "al" (current), `active` highlighted. */
  const at = (active: number, open = true): SearchView => ({
    query: "al",
    answered: "al",
    hits,
    failed: false,
    open,
    active,
  });
  const none: SearchView = { query: "zz", answered: "zz", hits: [], failed: false, open: false, active: -1 };

  it("walks the hits with the arrows, wrapping, and opens the list from closed", () => {
    expect(searchKey("ArrowDown", at(-1))).toEqual({ type: "move", active: 0 });
    expect(searchKey("ArrowDown", at(0))).toEqual({ type: "move", active: 1 });
    expect(searchKey("ArrowDown", at(2))).toEqual({ type: "move", active: 0 });
    expect(searchKey("ArrowUp", at(0))).toEqual({ type: "move", active: 2 });
    expect(searchKey("ArrowUp", at(-1))).toEqual({ type: "move", active: 2 });
    expect(searchKey("ArrowDown", at(-1, false))).toEqual({ type: "move", active: 0 });
    expect(searchKey("ArrowDown", none)).toEqual({ type: "none" });
  });

  it("opens the highlighted hit on Enter, else the first; nothing without hits", () => {
    expect(searchKey("Enter", at(-1))).toEqual({ type: "open", href: "/Students/s1" });
    expect(searchKey("Enter", at(2))).toEqual({ type: "open", href: "/Events/e1" });
    expect(searchKey("Enter", none)).toEqual({ type: "none" });
    expect(searchKey("Enter", { ...none, query: "", answered: undefined })).toEqual({ type: "none" });
  });

  // typed "Algebra" quickly: the hits of "A" (a participant first) are still the ones shown
  const stale = (active = -1): SearchView => ({ ...at(active), query: "Algebra", answered: "A" });

  it("knows whether the hits shown answer the text in the field", () => {
    expect(isCurrent(at(-1))).toBe(true);
    expect(isCurrent(stale())).toBe(false);
    expect(isCurrent({ query: "Algebra", answered: undefined })).toBe(false);
    expect(isCurrent({ query: "", answered: "" })).toBe(false);
  });

  it("never opens a hit of an earlier text on Enter: it waits for the field's own hits", () => {
    expect(searchKey("Enter", stale())).toEqual({ type: "wait" });
    // not even one highlighted before the text changed, or hovered since
    expect(searchKey("Enter", stale(2))).toEqual({ type: "wait" });
    // nothing shown yet: Enter waits too, rather than being lost
    expect(searchKey("Enter", { ...none, query: "Algebra", answered: undefined })).toEqual({ type: "wait" });
    // the field's search failed: nothing will come
    expect(searchKey("Enter", { ...none, query: "Algebra", answered: undefined, failed: true })).toEqual({
      type: "none",
    });
  });

  it("does not walk an earlier text's hits with the arrows", () => {
    for (const key of ["ArrowDown", "ArrowUp", "Home", "End"])
      expect(searchKey(key, stale(0))).toEqual({ type: "none" });
    expect(searchKey("ArrowDown", { ...stale(), open: false })).toEqual({ type: "none" });
    expect(searchKey("Escape", stale())).toEqual({ type: "close" });
  });

  it("settles a waiting Enter: the first hit of its text once in, dropped when the text or search changed", () => {
    const course = hits[1];
    const algebra: SearchView = {
      query: "Algebra",
      answered: "Algebra",
      hits: course ? [course] : [],
      failed: false,
      open: true,
      active: -1,
    };
    expect(settleEnter("Algebra", stale())).toEqual({ type: "wait" });
    expect(settleEnter("Algebra", { ...stale(), answered: undefined })).toEqual({ type: "wait" });
    expect(settleEnter("Algebra", algebra)).toEqual({ type: "open", href: "/Courses/c1" });
    // typed on (or cleared) before the hits came: the Enter was for another text
    expect(settleEnter("Algebra", { ...algebra, query: "Algebra 2" })).toEqual({ type: "drop" });
    expect(settleEnter("Algebra", { ...algebra, query: "" })).toEqual({ type: "drop" });
    // nothing matched: the list says so, nothing opens
    expect(settleEnter("Algebra", { ...algebra, hits: [] })).toEqual({ type: "drop" });
    expect(settleEnter("Algebra", { ...stale(), answered: undefined, failed: true })).toEqual({ type: "drop" });
  });

  it("announces the count of the field's own hits only, No matching data, or the failure", () => {
    expect(searchStatus(at(-1))).toBe("3 results");
    expect(searchStatus({ ...at(-1), hits: hits.slice(0, 1) })).toBe("1 result");
    expect(searchStatus(none)).toBe("No matching data");
    // the count of an earlier text's hits would be wrong for the text typed
    expect(searchStatus(stale())).toBe("");
    expect(searchStatus({ ...none, query: "Algebra", answered: undefined, failed: true })).toBe(SEARCH_FAILED);
    expect(searchStatus({ ...none, query: "" })).toBe("");
  });

  it("closes an open list on Escape and empties a closed field", () => {
    expect(searchKey("Escape", at(1))).toEqual({ type: "close" });
    expect(searchKey("Escape", at(-1, false))).toEqual({ type: "clear" });
  });

  it("takes `s` only outside fields, without modifiers and outside dialogs", () => {
    const input = document.createElement("input");
    const checkbox = Object.assign(document.createElement("input"), { type: "checkbox" });
    const textarea = document.createElement("textarea");
    const button = document.createElement("button");
    const dialog = document.createElement("div");
    dialog.setAttribute("role", "dialog");
    const inDialog = document.createElement("button");
    dialog.append(inDialog);
    document.body.append(input, checkbox, textarea, button, dialog);
    expect(isSearchShortcut({ key: "s", target: document.body })).toBe(true);
    expect(isSearchShortcut({ key: "s", target: button })).toBe(true);
    expect(isSearchShortcut({ key: "s", target: checkbox })).toBe(true);
    expect(isSearchShortcut({ key: "s", target: input })).toBe(false);
    expect(isSearchShortcut({ key: "s", target: textarea })).toBe(false);
    expect(isSearchShortcut({ key: "s", target: inDialog })).toBe(false);
    expect(isSearchShortcut({ key: "s", ctrlKey: true, target: document.body })).toBe(false);
    expect(isSearchShortcut({ key: "S", target: document.body })).toBe(false);
    expect(isSearchShortcut({ key: "d", target: document.body })).toBe(false);
    expect(isTypingTarget(input)).toBe(true);
  });
});
