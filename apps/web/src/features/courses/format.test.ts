import { describe, expect, it } from "vitest";
import { personName } from "../../ui/person-name.ts";
import { courseDays, courseSchedule, courseState, courseTimes, semesterText } from "./format.ts";

describe("course display", () => {
  it("writes days and times as the spec shows them", () => {
    const c = { meet_sun: true, meet_tue: true, meet_thu: true, start_time: "13:05:00", end_time: "14:00" };
    expect(courseDays(c)).toBe("Su Tu Th");
    expect(courseTimes(c)).toBe("1:05 PM – 2:00 PM");
    expect(courseSchedule(c)).toBe("Su Tu Th · 1:05 PM – 2:00 PM");
    expect(courseDays({})).toBe("No days");
  });

  it("writes the semester", () => {
    expect(semesterText({ semester_start: "2026-08-24", semester_end: "2026-12-11", is_indefinite: false })).toBe(
      "08/24/2026 – 12/11/2026",
    );
    expect(semesterText({ semester_start: "2026-08-24", semester_end: null, is_indefinite: true })).toBe(
      "From 08/24/2026, no end",
    );
    expect(semesterText({ semester_start: null, semester_end: null, is_indefinite: true })).toBe("Indefinite");
  });

  it("tells the state, removal first", () => {
    expect(courseState({ is_archived: true, deleted_at: "2026-01-01T00:00:00Z" })).toBe("removed");
    expect(courseState({ is_archived: true, deleted_at: null })).toBe("archived");
    expect(courseState({ is_archived: false, deleted_at: null })).toBe("active");
  });

  it("names a student as staff call them", () => {
    expect(personName({ first_name: "Alexander", last_name: "Smith", preferred_name: "Alex" })).toBe(
      "Alex (Alexander) Smith",
    );
    expect(personName({ first_name: "Ana", last_name: "Li", preferred_name: "ana" })).toBe("Ana Li");
  });
});
