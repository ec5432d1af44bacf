import { describe, expect, it } from "vitest";
import { EMPTY_SELECTION, headerState, keepOnly, toggleAllShown, toggleRow, without } from "./selection.ts";

describe("grid selection", () => {
  it("toggles one row, and leaves the set alone when nothing changes", () => {
    const one = toggleRow(EMPTY_SELECTION, 7);
    expect([...one]).toEqual([7]);
    expect(toggleRow(one, 7, true)).toBe(one);
    expect([...toggleRow(one, 7)]).toEqual([]);
    expect([...toggleRow(one, 8, true)]).toEqual([7, 8]);
  });

  it("tells the header checkbox none, some or all of the rows shown", () => {
    expect(headerState(EMPTY_SELECTION, [1, 2, 3])).toBe("none");
    expect(headerState(new Set([2]), [1, 2, 3])).toBe("some");
    expect(headerState(new Set([1, 2, 3, 9]), [1, 2, 3])).toBe("all");
    // selected rows of another page do not count for this one
    expect(headerState(new Set([9]), [1, 2, 3])).toBe("none");
    expect(headerState(new Set([1]), [])).toBe("none");
  });

  it("the header selects every row shown from none or some, and clears them from all, keeping other pages", () => {
    const some = new Set([2, 9]);
    const all = toggleAllShown(some, [1, 2, 3]);
    expect([...all].sort()).toEqual([1, 2, 3, 9]);
    const cleared = toggleAllShown(all, [1, 2, 3]);
    expect([...cleared]).toEqual([9]);
  });

  it("keeps only ids still listed, and drops given ids", () => {
    const s = new Set([1, 2, 3]);
    expect([...keepOnly(s, [3, 1, 5])].sort()).toEqual([1, 3]);
    expect(keepOnly(s, [1, 2, 3])).toBe(s);
    expect([...without(s, [2])]).toEqual([1, 3]);
    expect(without(s, [8])).toBe(s);
  });
});
