import { describe, expect, it } from "vitest";
import { isLowApa, teamApa, weekRange } from "./apa.ts";

describe("weekRange", () => {
  it("runs Monday to Sunday", () => {
    expect(weekRange("2026-01-05")).toEqual({ from: "2026-01-05", to: "2026-01-11" }); // a Monday
    expect(weekRange("2026-01-11")).toEqual({ from: "2026-01-05", to: "2026-01-11" }); // a Sunday
    expect(weekRange("2026-01-08")).toEqual({ from: "2026-01-05", to: "2026-01-11" });
  });

  it("crosses month, leap-day and year ends", () => {
    expect(weekRange("2026-03-01")).toEqual({ from: "2026-02-23", to: "2026-03-01" });
    expect(weekRange("2024-02-29")).toEqual({ from: "2024-02-26", to: "2024-03-03" });
    expect(weekRange("2026-12-31")).toEqual({ from: "2026-12-28", to: "2027-01-03" });
    expect(weekRange("2027-01-01")).toEqual({ from: "2026-12-28", to: "2027-01-03" });
    expect(weekRange("2025-01-01")).toEqual({ from: "2024-12-30", to: "2025-01-05" });
  });

  it("rejects what is not a date", () => {
    expect(() => weekRange("05/01/2026")).toThrow(RangeError);
  });
});

describe("teamApa", () => {
  it("averages the students that have an APA, to 1 decimal", () => {
    expect(teamApa([100, null, 50])).toBe(75);
    expect(teamApa([100, 66.7, 33.3])).toBe(66.7);
    expect(teamApa([100, 0, 0])).toBe(33.3);
    expect(teamApa([0, null])).toBe(0);
  });

  it("is null when no student has an APA", () => {
    expect(teamApa([])).toBeNull();
    expect(teamApa([null, null])).toBeNull();
  });
});

describe("isLowApa", () => {
  it("flags an APA under the warning percentage, not one at it or above", () => {
    expect(isLowApa(69.9, 70)).toBe(true);
    expect(isLowApa(0, 70)).toBe(true);
    expect(isLowApa(70, 70)).toBe(false);
    expect(isLowApa(100, 70)).toBe(false);
  });

  it("flags nothing without an APA or without the setting", () => {
    expect(isLowApa(null, 70)).toBe(false);
    expect(isLowApa(undefined, 70)).toBe(false);
    expect(isLowApa(Number.NaN, 70)).toBe(false);
    expect(isLowApa(10, null)).toBe(false);
    expect(isLowApa(10, undefined)).toBe(false);
  });
});
