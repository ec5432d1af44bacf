import { describe, expect, it } from "vitest";
import { cancellableDates, dateMessage } from "./cancellation-dates.ts";

const course = {
  start_time: "09:00",
  end_time: "10:00",
  semester_start: "2026-08-24",
  semester_end: "2026-09-04",
  meet_mon: true,
  meet_wed: true,
};

describe("cancellable dates", () => {
  it("are the meeting days of the semester", () => {
    expect(cancellableDates(course, "2026-08-30")).toEqual({
      dates: ["2026-08-24", "2026-08-26", "2026-08-31", "2026-09-02"],
      min: "2026-08-24",
      max: "2026-09-04",
    });
  });
  it("reach a year ahead for an indefinite course", () => {
    const r = cancellableDates({ ...course, is_indefinite: true, semester_end: null }, "2026-08-30");
    expect(r.max).toBe("2027-08-31");
    expect(r.dates.every((d) => d >= "2026-08-24")).toBe(true);
  });
  it("word the server's message", () => {
    expect(dateMessage("date is a Tuesday: the course meets M W")).toBe("Date is a Tuesday: the course meets M W");
  });
});
