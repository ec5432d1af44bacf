import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clampPage, jumpTarget, pageCount, pagerSlots } from "./pagination.ts";

describe("pager", () => {
  it("lists every page when there are at most 7", () => {
    expect(pagerSlots(1, 1)).toEqual([1]);
    expect(pagerSlots(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("shows first, last, neighbours and quick-jumps", () => {
    expect(pagerSlots(1, 20)).toEqual([1, 2, 3, 4, 5, "jump-forward", 20]);
    expect(pagerSlots(10, 20)).toEqual([1, "jump-back", 9, 10, 11, "jump-forward", 20]);
    expect(pagerSlots(19, 20)).toEqual([1, "jump-back", 16, 17, 18, 19, 20]);
  });

  it("always has 7 slots including the current page, in order", () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 5000 }), fc.integer({ min: 1, max: 5000 }), (pages, raw) => {
        const current = ((raw - 1) % pages) + 1;
        const slots = pagerSlots(current, pages);
        const nums = slots.filter((s): s is number => typeof s === "number");
        expect(slots).toHaveLength(7);
        expect(nums).toContain(current);
        expect(nums[0]).toBe(1);
        expect(nums.at(-1)).toBe(pages);
        expect([...nums].sort((a, b) => a - b)).toEqual(nums);
      }),
    );
  });

  it("keeps the page between 1 and the page count and jumps 5", () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(clampPage(9, 30, 25)).toBe(2);
    expect(clampPage(-3, 30, 25)).toBe(1);
    expect(jumpTarget(3, -1, 20)).toBe(1);
    expect(jumpTarget(3, 1, 20)).toBe(8);
    expect(jumpTarget(18, 1, 20)).toBe(20);
  });
});
