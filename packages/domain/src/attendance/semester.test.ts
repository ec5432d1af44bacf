import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { semesterRange } from "./semester.ts";

describe("semesterRange", () => {
  const fall = { semester_start: "2026-08-24", semester_end: "2026-12-11" };
  const lab = { semester_start: "2026-09-01", semester_end: "2026-12-18" };
  const spring = { semester_start: "2027-01-11", semester_end: "2027-05-07" };

  it("spans the courses whose semester contains the date", () => {
    expect(semesterRange("2026-11-23", [fall, lab, spring])).toEqual({ from: "2026-08-24", to: "2026-12-18" });
    expect(semesterRange("2026-08-30", [fall, lab, spring])).toEqual({ from: "2026-08-24", to: "2026-12-11" });
    expect(semesterRange("2027-03-01", [fall, lab, spring])).toEqual({ from: "2027-01-11", to: "2027-05-07" });
  });

  it("falls back to the half year when no course says (indefinite courses, breaks)", () => {
    const indefinite = { semester_start: null, semester_end: null };
    expect(semesterRange("2026-12-25", [fall, indefinite])).toEqual({ from: "2026-08-01", to: "2026-12-31" });
    expect(semesterRange("2026-07-31", [])).toEqual({ from: "2026-01-01", to: "2026-07-31" });
    expect(semesterRange("2026-08-01", [])).toEqual({ from: "2026-08-01", to: "2026-12-31" });
  });

  it("always contains the date", () => {
    const day = fc
      .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const course = fc
      .tuple(day, day)
      .map(([a, b]) => (a <= b ? { semester_start: a, semester_end: b } : { semester_start: b, semester_end: a }));
    fc.assert(
      fc.property(day, fc.array(course, { maxLength: 6 }), (date, courses) => {
        const r = semesterRange(date, courses);
        expect(r.from <= date && date <= r.to).toBe(true);
      }),
    );
  });
});
