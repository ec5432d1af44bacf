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
    [{ semester_end: "2028-08-24" }, "semester_end"],
    [{ semester_end: "2126-12-11" }, "semester_end"],
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

describe("a semester's length", () => {
  it("takes two school years, to the day, and no more", () => {
    // 2026-08-24 + 730 days = 2028-08-23 (2028 is a leap year): 731 days in all
    expect(fieldOf(() => cleanCourseInput({ ...base, semester_end: "2028-08-23" }, null))).toBeNull();
    expect(fieldOf(() => cleanCourseInput({ ...base, semester_end: "2028-08-24" }, null))).toBe("semester_end");
    expect(() => cleanCourseInput({ ...base, semester_end: "2028-08-24" }, null)).toThrow(/within 731 days/);
  });

  it("is weighed when the semester changes, so a course stored before the limit takes other edits", () => {
    const stored = { ...base, semester_end: "2199-12-31" };
    expect(fieldOf(() => cleanCourseInput({ title: "Biology II", is_archived: true }, stored))).toBeNull();
    expect(fieldOf(() => cleanCourseInput({ semester_start: "2026-09-01" }, stored))).toBe("semester_end");
    expect(fieldOf(() => cleanCourseInput({ is_indefinite: false }, stored))).toBe("semester_end");
    expect(fieldOf(() => cleanCourseInput({ semester_end: "2027-06-30" }, stored))).toBeNull();
  });
});

describe("thresholds against the school's", () => {
  const school = { late_time: 5, absent_time: 15 };
  it("checks a course's own late time against the absent time it inherits, and the other way", () => {
    expect(() => cleanCourseInput({ ...base, late_time: 30 }, null, school)).toThrow(
      "late_time must be less than the school's absent time (15 minutes)",
    );
    expect(fieldOf(() => cleanCourseInput({ ...base, late_time: 15 }, null, school))).toBe("late_time");
    expect(fieldOf(() => cleanCourseInput({ ...base, late_time: 14 }, null, school))).toBeNull();
    expect(() => cleanCourseInput({ ...base, absent_time: 5 }, null, school)).toThrow(
      "absent_time must be more than the school's late time (5 minutes)",
    );
    expect(fieldOf(() => cleanCourseInput({ ...base, late_time: 30, absent_time: 45 }, null, school))).toBeNull();
    expect(fieldOf(() => cleanCourseInput({ ...base, late_time: 30, absent_time: 30 }, null, school))).toBe(
      "absent_time",
    );
  });

  it("weighs them only when the thresholds change, so an old course out of order still takes other edits", () => {
    const stored = { ...base, late_time: 30 };
    expect(fieldOf(() => cleanCourseInput({ title: "Biology II" }, stored, school))).toBeNull();
    expect(fieldOf(() => cleanCourseInput({ late_time: 20 }, stored, school))).toBe("late_time");
    expect(fieldOf(() => cleanCourseInput({ late_time: null }, stored, school))).toBeNull();
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
  it("keeps to the longest semester allowed, around today, for one stored before the limit", () => {
    const long = { ...base, semester_start: "1900-01-01", semester_end: "2199-12-31" };
    expect(feedRange(long, "2026-10-01")).toEqual({ from: "2025-10-01", to: "2027-10-01" });
    expect(feedRange({ ...long, semester_start: "2026-09-01" }, "2026-10-01")).toEqual({
      from: "2026-09-01",
      to: "2028-08-31",
    });
    expect(feedRange({ ...long, semester_start: "2030-01-01" }, "2026-10-01")).toEqual({
      from: "2030-01-01",
      to: "2032-01-01",
    });
    expect(feedRange({ ...long, semester_end: "2001-01-01" }, "2026-10-01")).toEqual({
      from: "1999-01-02",
      to: "2001-01-01",
    });
  });

  it("is the semester, or 26 weeks ahead when indefinite", () => {
    expect(feedRange(base, "2026-10-01")).toEqual({ from: "2026-08-24", to: "2026-12-11" });
    expect(feedRange({ ...base, is_indefinite: true, semester_start: null }, "2026-10-01")).toEqual({
      from: "2026-10-01",
      to: "2027-04-01",
    });
  });
});
