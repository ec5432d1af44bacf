import { describe, expect, it } from "vitest";
import { apa, STATUS } from "../statuses.ts";
import { courseMeetingDates, courseReportRange, daysSince } from "./figures.ts";
import { attendancePercent } from "./percent.ts";

describe("report figures", () => {
  // the reports count in SQL and take APA from the two counts: it must equal apa() of the list
  it("attendancePercent of the counts equals apa() over the same statuses", () => {
    for (const [attended, missed] of [
      [0, 0],
      [1, 0],
      [0, 3],
      [2, 1],
      [1, 2],
      [7, 3],
      [199, 2],
    ] as const) {
      const statuses = [...Array(attended).fill(STATUS.present), ...Array(missed).fill(STATUS.absent)];
      expect(attendancePercent(attended, missed)).toBe(apa(statuses));
    }
    expect(attendancePercent(2, 1)).toBe(66.7);
    expect(attendancePercent(0, 0)).toBeNull();
  });

  it("daysSince counts calendar days, across months, years and leap days", () => {
    expect(daysSince("2026-11-25", "2026-11-25")).toBe(0);
    expect(daysSince("2026-11-24", "2026-11-25")).toBe(1);
    expect(daysSince("2024-02-28", "2024-03-01")).toBe(2);
    expect(daysSince("2025-12-31", "2026-01-01")).toBe(1);
    // a zone's daylight-saving change does not make a day of 23 hours count as 0
    expect(daysSince("2026-03-07", "2026-03-09")).toBe(2);
  });

  it("courseReportRange: the semester up to today, capped at two years; given dates stand", () => {
    const course = { semester_start: "2026-08-20", semester_end: "2026-12-15", is_indefinite: false };
    const open = { start: null, end: null };
    expect(courseReportRange(open, course, "2026-11-25")).toEqual({ start: "2026-08-20", end: "2026-11-25" });
    // a semester that is over ends on its last day
    expect(courseReportRange(open, course, "2027-02-01")).toEqual({ start: "2026-08-20", end: "2026-12-15" });
    // indefinite or no semester: up to today, at most two years back
    expect(
      courseReportRange(open, { semester_start: "2020-01-01", semester_end: null, is_indefinite: true }, "2026-11-25"),
    ).toEqual({ start: "2024-11-25", end: "2026-11-25" });
    expect(
      courseReportRange(open, { semester_start: null, semester_end: null, is_indefinite: true }, "2026-11-25"),
    ).toEqual({ start: "2024-11-25", end: "2026-11-25" });
    // a semester not started yet: one day, not a reversed range
    expect(courseReportRange(open, { ...course, semester_start: "2027-01-10" }, "2026-11-25")).toEqual({
      start: "2026-11-25",
      end: "2026-11-25",
    });
    expect(courseReportRange({ start: "2026-09-01", end: "2026-09-30" }, course, "2026-11-25")).toEqual({
      start: "2026-09-01",
      end: "2026-09-30",
    });
    expect(courseReportRange({ start: "2027-01-05", end: null }, course, "2026-11-25")).toEqual({
      start: "2027-01-05",
      end: "2027-01-05",
    });
  });

  it("courseMeetingDates: the course's meet days within its semester", () => {
    const course = {
      start_time: "09:00",
      end_time: "10:00",
      meet_mon: true,
      meet_wed: true,
      semester_start: "2026-11-04",
      semester_end: "2026-11-16",
    };
    // 2026-11-02 is a Monday
    expect(courseMeetingDates(course, "2026-11-01", "2026-11-30")).toEqual([
      "2026-11-04",
      "2026-11-09",
      "2026-11-11",
      "2026-11-16",
    ]);
  });
});
