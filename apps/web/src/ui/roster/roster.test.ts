import { describe, expect, it } from "vitest";
import { clockTime, confidenceText, filterRoster, offlineCode, rosterSummary } from "./roster.ts";

const row = (first: string, last: string, status: number | null, preferred: string | null = null) => ({
  status,
  student: { first_name: first, last_name: last, preferred_name: preferred },
});

describe("the live roster", () => {
  const rows = [
    row("Ana", "Li", 1),
    row("Ben", "Ode", null),
    row("Cy", "Park", 0),
    row("Dee", "Quinn", 3),
    row("Alexander", "Smith", 1, "Alex"),
  ];

  it("counts statuses in order, pending and none as not yet", () => {
    expect(rosterSummary(rows)).toEqual([
      { status: 1, label: "Present", count: 2 },
      { status: 3, label: "Absent", count: 1 },
      { status: null, label: "Not yet", count: 2 },
    ]);
    expect(rosterSummary([])).toEqual([]);
  });

  it("filters by every word of the name, preferred name included", () => {
    expect(filterRoster(rows, "")).toBe(rows);
    expect(filterRoster(rows, "alex").map((r) => r.student.last_name)).toEqual(["Smith"]);
    expect(filterRoster(rows, "an LI").map((r) => r.student.last_name)).toEqual(["Li"]);
    expect(filterRoster(rows, "zz")).toEqual([]);
  });

  it("writes confidence and reads an offline code", () => {
    expect(confidenceText(0.856)).toBe("86%");
    expect(confidenceText(null)).toBe("—");
    expect(offlineCode(" 123 456 ")).toBe("123456");
    expect(offlineCode("12345")).toBeNull();
    expect(offlineCode("12345a")).toBeNull();
  });

  it("writes an enter time in the school's zone", () => {
    expect(clockTime("2026-11-20T15:05:00Z", "America/Chicago")).toBe("9:05 AM");
    expect(clockTime("2026-11-20T15:05:00Z", "Nowhere/Else")).toBe("3:05 PM");
    expect(clockTime(null, "UTC")).toBe("—");
  });
});
