import { describe, expect, it } from "vitest";
import { formatDateTime, formatPercent } from "../../ui/detail/format.ts";
import * as dashboardFormat from "./format.ts";
import { shownOf } from "./format.ts";

describe("the dashboard's display helpers", () => {
  it("keeps only its own caption helper: percentages and times are the detail pages' (no copies)", () => {
    expect(Object.keys(dashboardFormat)).toEqual(["shownOf"]);
  });

  it("captions a short list, whole or in part", () => {
    const words = ["student", "students"] as const;
    expect(shownOf(10, 120, words, "missing attendance")).toBe("The first 10 of 120 students missing attendance.");
    expect(shownOf(10, 1, words, "missing attendance")).toBe("1 student missing attendance.");
    expect(shownOf(10, 3, words, "missing attendance")).toBe("3 students missing attendance.");
  });

  it("shows percentages and task times as the dashboard always did, through the shared helpers", () => {
    expect(formatPercent(87.456)).toBe("87.5%");
    expect(formatPercent(null)).toBe("—");
    expect(formatPercent(Number.NaN)).toBe("—");
    expect(formatDateTime("2026-11-20T14:05:00Z", "America/New_York")).toBe("11/20/2026, 9:05 AM");
    expect(formatDateTime("2026-11-20T14:05:00Z", undefined)).toBe("11/20/2026, 2:05 PM");
    expect(formatDateTime("not a time", "America/New_York")).toBe("not a time");
  });
});
