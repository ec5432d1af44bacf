import { describe, expect, it } from "vitest";
import { REPORT_MAX_DAYS, ReportInputError, reportRange } from "./range.ts";

const fails = (start: string | null, end: string | null, required = true) => {
  try {
    reportRange(start, end, required);
  } catch (e) {
    if (e instanceof ReportInputError) return { field: e.field, message: e.message };
    throw e;
  }
  return null;
};

describe("a report's date range", () => {
  it("takes a range of one day up to two years, both ends inclusive", () => {
    expect(reportRange("2026-09-01", "2026-09-01")).toEqual({ start: "2026-09-01", end: "2026-09-01" });
    expect(reportRange("2025-01-01", "2026-12-31")).toEqual({ start: "2025-01-01", end: "2026-12-31" });
    expect(REPORT_MAX_DAYS).toBe(731);
  });

  it("names the missing, malformed or reversed field", () => {
    expect(fails(null, "2026-09-01")).toEqual({ field: "start_date", message: "start_date is required" });
    expect(fails("2026-09-01", "")).toEqual({ field: "end_date", message: "end_date is required" });
    expect(fails("2026-02-30", "2026-03-01")?.field).toBe("start_date");
    // a well-formed date out of the years taken says which years are
    expect(fails("0001-01-01", "2026-03-01")).toEqual({
      field: "start_date",
      message: "start_date must be a date (YYYY-MM-DD) from 1900-01-01 to 2199-12-31",
    });
    expect(fails("2026-09-02", "2026-09-01")).toEqual({
      field: "end_date",
      message: "end_date must not be before start_date",
    });
  });

  it("refuses more than two years, counting both ends", () => {
    // 2025-01-01 .. 2027-01-01 is 731 days; one more is too many
    expect(fails("2025-01-01", "2027-01-01")).toBeNull();
    expect(fails("2025-01-01", "2027-01-02")?.field).toBe("end_date");
  });

  it("lets an optional range be open at either end", () => {
    expect(reportRange(null, null, false)).toEqual({ start: null, end: null });
    expect(reportRange("2026-01-01", null, false)).toEqual({ start: "2026-01-01", end: null });
  });
});
