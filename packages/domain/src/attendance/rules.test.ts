import { describe, expect, it } from "vitest";
import { resolveRules } from "./rules.ts";

const school = { late_time: 10, absent_time: 30, leave_time: 5, min_percentage: 50 };

describe("resolveRules", () => {
  it("takes the school's values when the course or event sets none", () => {
    expect(resolveRules(school, {})).toEqual({ ...school, review_threshold: null });
    expect(resolveRules(school, { late_time: null, absent_time: null, min_percentage: null })).toEqual({
      ...school,
      review_threshold: null,
    });
  });

  it("lets course or event values override, 0 included", () => {
    expect(resolveRules(school, { late_time: 0, absent_time: 0, min_percentage: 0 })).toEqual({
      late_time: 0,
      absent_time: 0,
      leave_time: 5,
      min_percentage: 0,
      review_threshold: null,
    });
    expect(resolveRules(school, { late_time: 3, min_percentage: 90 })).toEqual({
      late_time: 3,
      absent_time: 30,
      leave_time: 5,
      min_percentage: 90,
      review_threshold: null,
    });
  });

  it("carries the school's review threshold, which no course or event overrides", () => {
    const strict = { ...school, review_threshold: 0.8 };
    const attendable = { late_time: 1, review_threshold: 0.1 } as Parameters<typeof resolveRules>[1];
    expect(resolveRules(strict, attendable).review_threshold).toBe(0.8);
  });

  it("always keeps the school's leave_time", () => {
    const attendable = { late_time: 1, leave_time: 99 } as Parameters<typeof resolveRules>[1];
    expect(resolveRules(school, attendable).leave_time).toBe(5);
  });
});
