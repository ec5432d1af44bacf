import { describe, expect, it } from "vitest";
import { flatHits, groupHits, isSearchShortcut, isTypingTarget, searchKey } from "./search-model.ts";

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
  const at = (active: number, open = true) => ({ active, count: hits.length, open, hits });

  it("walks the hits with the arrows, wrapping, and opens the list from closed", () => {
    expect(searchKey("ArrowDown", at(-1))).toEqual({ type: "move", active: 0 });
    expect(searchKey("ArrowDown", at(0))).toEqual({ type: "move", active: 1 });
    expect(searchKey("ArrowDown", at(2))).toEqual({ type: "move", active: 0 });
    expect(searchKey("ArrowUp", at(0))).toEqual({ type: "move", active: 2 });
    expect(searchKey("ArrowUp", at(-1))).toEqual({ type: "move", active: 2 });
    expect(searchKey("ArrowDown", at(-1, false))).toEqual({ type: "move", active: 0 });
    expect(searchKey("ArrowDown", { active: -1, count: 0, open: false, hits: [] })).toEqual({ type: "none" });
  });

  it("opens the highlighted hit on Enter, else the first; nothing without hits", () => {
    expect(searchKey("Enter", at(-1))).toEqual({ type: "open", href: "/Students/s1" });
    expect(searchKey("Enter", at(2))).toEqual({ type: "open", href: "/Events/e1" });
    expect(searchKey("Enter", { active: -1, count: 0, open: true, hits: [] })).toEqual({ type: "none" });
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
