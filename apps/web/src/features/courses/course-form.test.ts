import { describe, expect, it } from "vitest";
import { RequestError } from "../../lib/http.ts";
import {
  type CourseFormValues,
  courseFormErrors,
  courseFormFrom,
  courseServerErrors,
  courseVariables,
  EMPTY_COURSE_FORM,
  formKeyOf,
  serverMessageInWords,
} from "./course-form.ts";

const good: CourseFormValues = {
  ...EMPTY_COURSE_FORM,
  title: " Biology ",
  start_time: "09:00",
  end_time: "10:15",
  semester_start: "2026-08-24",
  semester_end: "2026-12-11",
  meet_days: { ...EMPTY_COURSE_FORM.meet_days, meet_mon: true, meet_wed: true },
};

describe("courseFormErrors", () => {
  it("passes a whole course", () => {
    expect(courseFormErrors(good)).toEqual({});
  });

  it("names every field at fault at once, in words", () => {
    const e = courseFormErrors({
      ...EMPTY_COURSE_FORM,
      late_time: "20",
      absent_time: "10",
      min_percentage: "101",
    });
    expect(e).toEqual({
      title: "Title is required",
      start_time: "Start time is required",
      end_time: "End time is required",
      semester_start: "Semester start is required unless the course is indefinite",
      semester_end: "Semester end is required unless the course is indefinite",
      meet_days: "Pick at least one meeting day",
      absent_time: "Absent after (minutes) must be more than late after",
      min_percentage: "Minimum percentage must be a whole number from 0 to 100",
    });
  });

  it.each<[Partial<CourseFormValues>, string, RegExp]>([
    [{ end_time: "09:00" }, "end_time", /End time must be after/],
    [{ end_time: "08:00" }, "end_time", /after the start time/],
    [{ semester_end: "2026-08-24" }, "semester_end", /after the semester start/],
    [{ semester_end: "2126-12-11" }, "semester_end", /within 731 days of the semester start/],
    [{ late_time: "1441" }, "late_time", /0 to 1440/],
    [{ late_time: "5.5" }, "late_time", /whole number/],
    [{ absent_time: "-1" }, "absent_time", /whole number/],
    [{ title: "x".repeat(201) }, "title", /at most 200/],
    [{ crn: "x".repeat(101) }, "crn", /CRN must be at most 100/],
  ])("refuses %j on %s", (change, field, message) => {
    const e = courseFormErrors({ ...good, ...change }) as Record<string, string>;
    expect(e[field]).toMatch(message);
  });

  it("needs no semester when indefinite", () => {
    expect(courseFormErrors({ ...good, is_indefinite: true, semester_start: null, semester_end: null })).toEqual({});
  });
});

describe("courseVariables", () => {
  it("trims text, sends blanks as null and leaves an untyped subject out", () => {
    const v = courseVariables({ ...good, crn: "  ", late_time: "10", location_id: "3" });
    expect(v).toMatchObject({
      title: "Biology",
      crn: null,
      course_number: null,
      location_id: 3,
      start_time: "09:00",
      meet_mon: true,
      meet_tue: false,
      late_time: 10,
      absent_time: null,
      min_percentage: null,
    });
    expect("subject" in v).toBe(false);
    expect(courseVariables({ ...good, subject: " BIO " }).subject).toBe("BIO");
  });

  it("reads a stored course back into the form", () => {
    const form = courseFormFrom({
      title: "Biology",
      crn: null,
      course_number: "BIO-101",
      location_id: 4,
      start_time: "09:00:00",
      end_time: "10:15:00",
      is_indefinite: false,
      semester_start: "2026-08-24",
      semester_end: "2026-12-11",
      late_time: null,
      absent_time: 30,
      min_percentage: 80,
      alerts_students: true,
      manual_attendance: false,
      meet_sun: false,
      meet_mon: true,
      meet_tue: false,
      meet_wed: true,
      meet_thu: false,
      meet_fri: false,
      meet_sat: false,
    });
    expect(form).toMatchObject({ crn: "", location_id: "4", start_time: "09:00", absent_time: "30", late_time: "" });
    expect(courseFormErrors(form)).toEqual({});
  });
});

describe("server field errors", () => {
  it("puts a meeting day's error on the days and unknown fields nowhere", () => {
    expect(formKeyOf("meet_mon")).toBe("meet_days");
    expect(formKeyOf("meet_days")).toBe("meet_days");
    expect(formKeyOf("end_time")).toBe("end_time");
    expect(formKeyOf("id")).toBeNull();
  });

  it("writes the server's field names as the form's labels", () => {
    expect(serverMessageInWords("end_time must be after start_time")).toBe("End time must be after start time");
    expect(serverMessageInWords("semester_end must be after semester_start")).toBe(
      "Semester end must be after semester start",
    );
    expect(serverMessageInWords("late_time must be less than the school's absent time (15 minutes)")).toBe(
      "Late after (minutes) must be less than the school's absent time (15 minutes)",
    );
    expect(serverMessageInWords("the course must meet on at least one day (meet_sun to meet_sat)")).toBe(
      "The course must meet on at least one day",
    );
    expect(serverMessageInWords("min_percentage must be a whole number from 0 to 100")).toBe(
      "Minimum percentage must be a whole number from 0 to 100",
    );
  });

  it("turns a refusal into the form's field errors, none when it names no field of the form", () => {
    const err = new RequestError("meet_mon: the course must meet on at least one day (meet_sun to meet_sat)", 400, {
      meet_mon: ["the course must meet on at least one day (meet_sun to meet_sat)"],
      id: ["unknown"],
    });
    expect(courseServerErrors(err)).toEqual({ meet_days: "The course must meet on at least one day" });
    expect(courseServerErrors(new RequestError("You may not do that.", 403))).toEqual({});
    expect(courseServerErrors(new Error("offline"))).toEqual({});
  });
});
