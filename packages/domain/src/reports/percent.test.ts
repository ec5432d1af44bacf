import { describe, expect, it } from "vitest";
import { apa, STATUS } from "../statuses.ts";
import { ATTENDED_STATUSES, attendancePercent, MISSED_STATUSES } from "./percent.ts";

describe("attendance as a percentage", () => {
  it("counts present, late and left_early as attended, absent as missed, nothing else", () => {
    expect([...ATTENDED_STATUSES].sort()).toEqual([STATUS.present, STATUS.late, STATUS.left_early].sort());
    expect(MISSED_STATUSES).toEqual([STATUS.absent]);
  });

  it("is attended / (attended + missed) with one decimal, as APA is", () => {
    expect(attendancePercent(2, 1)).toBe(66.7);
    expect(attendancePercent(1, 2)).toBe(33.3);
    expect(attendancePercent(3, 0)).toBe(100);
    expect(attendancePercent(0, 4)).toBe(0);
    expect(attendancePercent(2, 1)).toBe(apa([STATUS.present, STATUS.late, STATUS.absent, STATUS.excused]));
  });

  it("is null when no session counts, and refuses impossible counts", () => {
    expect(attendancePercent(0, 0)).toBeNull();
    expect(() => attendancePercent(-1, 2)).toThrow(RangeError);
    expect(() => attendancePercent(1.5, 2)).toThrow(RangeError);
  });
});
