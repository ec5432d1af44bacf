import { describe, expect, it } from "vitest";
import { STATUS } from "../statuses.ts";
import { cancellationDateProblem } from "./cancellation.ts";
import { feedRange } from "./feed.ts";
import { CourseInputError, cleanCourseInput } from "./fields.ts";
import { dailyGraph, lastSessionDays, sessionDaysBetween, statusGraph } from "./figures.ts";

const base = {
  title: "Biology",
  start_time: "09:00",
  end_time: "10:15",
  semester_start: "2026-08-24",
  semester_end: "2026-12-11",
  meet_mon: true,
  meet_wed: true,
};

const fieldOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof CourseInputError) return e.field;
    throw e;
  }
  return null;
};

describe("cleanCourseInput", () => {
  it("takes a whole course, trims text and keeps HH:MM", () => {
    const out = cleanCourseInput({ ...base, title: "  Biology ", crn: " ", start_time: "09:00" }, null);
    expect(out).toMatchObject({ title: "Biology", crn: null, start_time: "09:00", end_time: "10:15" });
  });

  it.each([
    [{ title: "  " }, "title"],
    [{ start_time: "9am" }, "start_time"],
    [{ end_time: "24:00" }, "end_time"],
    [{ end_time: "08:59" }, "end_time"],
    [{ end_time: "09:00" }, "end_time"],
    [{ semester_end: "2026-08-24" }, "semester_end"],
    [{ semester_start: null }, "semester_start"],
    [{ semester_start: "2026-02-30" }, "semester_start"],
    [{ meet_mon: false, meet_wed: false }, "meet_days"],
    [{ late_time: 1441 }, "late_time"],
    [{ absent_time: -1 }, "absent_time"],
    [{ late_time: 10, absent_time: 10 }, "absent_time"],
    [{ min_percentage: 101 }, "min_percentage"],
    [{ min_percentage: 50.5 }, "min_percentage"],
  ])("refuses %j naming %s", (change, field) => {
    expect(fieldOf(() => cleanCourseInput({ ...base, ...change }, null))).toBe(field);
  });

  it("needs no semester when indefinite, and checks an update against the stored course", () => {
    expect(
      fieldOf(() => cleanCourseInput({ ...base, semester_start: null, semester_end: null, is_indefinite: true }, null)),
    ).toBeNull();
    const stored = { ...base, start_time: "09:00:00", end_time: "10:15:00", late_time: 10, absent_time: 30 };
    expect(fieldOf(() => cleanCourseInput({ end_time: "08:00" }, stored))).toBe("end_time");
    expect(fieldOf(() => cleanCourseInput({ absent_time: 5 }, stored))).toBe("absent_time");
    expect(cleanCourseInput({ crn: "123" }, stored)).toEqual({ crn: "123" });
  });
});

describe("cancellationDateProblem", () => {
  it("takes a meeting day in the semester", () => {
    expect(cancellationDateProblem(base, "2026-09-02")).toBeNull(); // a Wednesday
  });
  it.each([
    ["2026-09-01", /Tuesday: the course meets M W/],
    ["2026-08-17", /before the semester starts/],
    ["2026-12-14", /after the semester ends/],
    ["2026-13-01", /YYYY-MM-DD/],
  ])("refuses %s", (date, message) => {
    expect(cancellationDateProblem(base, date)).toMatch(message);
  });
});

describe("figures", () => {
  it("lastSessionDays walks back over meeting days only", () => {
    expect(lastSessionDays(base, "2026-09-03", 3)).toEqual(["2026-08-26", "2026-08-31", "2026-09-02"]);
    expect(lastSessionDays(base, "2026-08-20")).toEqual([]);
    expect(sessionDaysBetween(base, "2026-08-24", "2026-08-30")).toEqual(["2026-08-24", "2026-08-26"]);
  });

  it("dailyGraph: one dataset per status that occurs, zeros where none", () => {
    const g = dailyGraph(
      ["2026-08-24", "2026-08-26"],
      [
        { meets: "2026-08-24", status: STATUS.present, n: 3 },
        { meets: "2026-08-26", status: STATUS.absent, n: 1 },
        { meets: "2026-08-26", status: STATUS.present, n: 2 },
      ],
    );
    expect(g).toEqual({
      labels: ["2026-08-24", "2026-08-26"],
      datasets: [
        { label: "present", data: [3, 2] },
        { label: "absent", data: [0, 1] },
      ],
    });
    expect(statusGraph([{ status: STATUS.late, n: 2 }])).toEqual({
      labels: ["late"],
      datasets: [{ label: "students", data: [2] }],
    });
  });
});

describe("feedRange", () => {
  it("is the semester, or 26 weeks ahead when indefinite", () => {
    expect(feedRange(base, "2026-10-01")).toEqual({ from: "2026-08-24", to: "2026-12-11" });
    expect(feedRange({ ...base, is_indefinite: true, semester_start: null }, "2026-10-01")).toEqual({
      from: "2026-10-01",
      to: "2027-04-01",
    });
  });
});
