import { describe, expect, it } from "vitest";
import { RequestError } from "../../../lib/http.ts";
import { serverErrors } from "../../../ui/form/server-errors.ts";
import { personName } from "../../../ui/person-name.ts";
import { addedText, studentsWord } from "../../links/pick-students.ts";
import { parseSchoolIds, pastedIdsError, pasteResultText } from "./paste-ids.ts";
import {
  instant,
  newTravelForm,
  TRAVEL_ALIASES,
  TRAVEL_LABELS,
  travelFormErrors,
  travelFormFrom,
  travelVariables,
  withStartDay,
} from "./travel-form.ts";

const NY = "America/New_York";

describe("travel form", () => {
  it("a new travel runs 6:00 to 20:00 of the day in the school's zone", () => {
    const v = newTravelForm(NY, new Date("2026-11-23T03:00:00Z"), [4]);
    // 03:00 UTC is still the 22nd in New York
    expect(v).toMatchObject({ start_day: "2026-11-22", start_time: "06:00", end_day: "2026-11-22", end_time: "20:00" });
    const vars = travelVariables(v, NY);
    expect(vars.start_date).toBe("2026-11-22T11:00:00.000Z");
    expect(vars.end_date).toBe("2026-11-23T01:00:00.000Z");
    expect(vars.student_ids).toEqual([4]);
    expect(vars.is_away).toBe(true);
    expect(vars.notes).toBeNull();
  });

  it("is DST-safe", () => {
    expect(instant("2026-07-01", "06:00", NY)).toBe("2026-07-01T10:00:00.000Z");
  });

  it("moves a one-day trip's end day with its start day", () => {
    const v = newTravelForm("UTC", new Date("2026-05-04T12:00:00Z"), [], "2026-05-04");
    expect(withStartDay(v, "2026-05-06")).toMatchObject({ start_day: "2026-05-06", end_day: "2026-05-06" });
    const longer = { ...v, end_day: "2026-05-07" };
    expect(withStartDay(longer, "2026-05-05").end_day).toBe("2026-05-07");
    // a start day cleared or mistyped keeps the end day
    expect(withStartDay(v, null)).toMatchObject({ start_day: null, end_day: "2026-05-04" });
  });

  it("refuses an end before the start and bad times, naming the field", () => {
    const v = newTravelForm("UTC", new Date(), [7], "2026-05-04");
    expect(travelFormErrors(v, "UTC")).toEqual({});
    expect(travelFormErrors({ ...v, end_time: "05:00" }, "UTC")).toEqual({ end_day: "End must be after the start" });
    expect(travelFormErrors({ ...v, start_time: "25:00" }, "UTC").start_day).toMatch(/^Start time/);
    expect(travelFormErrors({ ...v, start_day: null }, "UTC").start_day).toBe("Start day is required");
  });

  it("refuses a travel with no student picked (Whole team unticked, none ticked), naming the students", () => {
    const v = newTravelForm("UTC", new Date(), [], "2026-05-04");
    expect(travelFormErrors(v, "UTC")).toEqual({ student_ids: "Pick at least one student, or Whole team" });
    expect(travelFormErrors({ ...v, student_ids: [3] }, "UTC")).toEqual({});
  });

  it("puts the server's start_date and end_date on their day, in the form's words", () => {
    const err = new RequestError("end_date must be after start_date", 400, {
      end_date: ["end_date must be after start_date"],
    });
    expect(serverErrors(err, TRAVEL_LABELS, TRAVEL_ALIASES)).toEqual({
      fields: { end_day: "End must be after start_date" },
      rest: null,
    });
  });

  it("reads a stored travel in the school's zone", () => {
    const f = travelFormFrom(
      {
        start_date: "2026-11-22T11:00:00.000Z",
        end_date: "2026-11-23T01:00:00.000Z",
        notes: null,
        is_away: false,
        students: [{ id: 1 }, { id: 2 }],
      },
      NY,
    );
    expect(f).toEqual({
      start_day: "2026-11-22",
      start_time: "06:00",
      end_day: "2026-11-22",
      end_time: "20:00",
      notes: "",
      is_away: false,
      student_ids: [1, 2],
    });
  });
});

describe("pasted school ids", () => {
  it("splits lines, commas and spaces, keeps the first of duplicates", () => {
    expect(parseSchoolIds("S1\nS2, s1;S3\t S4\n\n")).toEqual(["S1", "S2", "S3", "S4"]);
    expect(pastedIdsError([])).toBe("School IDs: paste at least one school ID");
    expect(pastedIdsError(["a"])).toBeNull();
    expect(pastedIdsError(Array.from({ length: 1001 }, (_, i) => `x${i}`))).toMatch(/at most 1000/);
  });

  it("tells what was added and how many matched nobody", () => {
    expect(pasteResultText(2, 3, 1)).toBe("2 students added. 1 school ID matched nobody:");
    expect(pasteResultText(0, 2, 0)).toBe("No one was added (2 already on the team).");
    expect(pasteResultText(1, 1, 0)).toBe("1 student added.");
  });
});

describe("link words", () => {
  it("counts and names", () => {
    expect(studentsWord(1)).toBe("1 student");
    expect(studentsWord(2, true)).toBe("2 students");
    expect(addedText(2, 3, "Soccer")).toBe("2 students added to Soccer (1 already there).");
    expect(addedText(0, 1, "Soccer")).toBe("That student was already on Soccer.");
    expect(personName({ first_name: "Adaline", last_name: "L", preferred_name: "Ada" })).toBe("Ada (Adaline) L");
  });
});
