import { describe, expect, it } from "vitest";
import { ROLES } from "../roles.ts";
import { localDate, localMinutes } from "../time-zone.ts";
import { cleanTeamInput, TeamInputError } from "./fields.ts";
import { mayLinkStudents, mayRunTeams, seatsToFill, studentLinkRule } from "./links.ts";
import { cleanSchoolIds, unknownSchoolIds } from "./school-ids.ts";
import {
  defaultTravelWindow,
  parseInstant,
  travelLeftWithoutStudentsMessage,
  travelName,
  travelNotes,
  travelWindow,
} from "./travel.ts";

const fieldOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof TeamInputError) return e.field;
    throw e;
  }
  return null;
};

describe("cleanTeamInput", () => {
  it("requires a name on create, trims, defaults visibility to private", () => {
    expect(cleanTeamInput({ name: "  Soccer ", tag: " ", is_sport: true }, true)).toEqual({
      name: "Soccer",
      tag: null,
      is_sport: true,
      visibility: "private",
    });
    expect(fieldOf(() => cleanTeamInput({ name: "  " }, true))).toBe("name");
    expect(fieldOf(() => cleanTeamInput({}, true))).toBe("name");
  });
  it("checks only what is given on update", () => {
    expect(cleanTeamInput({ tag: "VAR" }, false)).toEqual({ tag: "VAR" });
    expect(fieldOf(() => cleanTeamInput({ name: null }, false))).toBe("name");
  });
  it("limits tag to 20 and visibility to public or private", () => {
    expect(fieldOf(() => cleanTeamInput({ name: "A", tag: "x".repeat(21) }, true))).toBe("tag");
    expect(cleanTeamInput({ tag: "x".repeat(20) }, false).tag).toHaveLength(20);
    expect(fieldOf(() => cleanTeamInput({ visibility: "secret" }, false))).toBe("visibility");
    expect(cleanTeamInput({ visibility: "Public" }, false)).toEqual({ visibility: "public" });
    expect(fieldOf(() => cleanTeamInput({ is_sport: null }, false))).toBe("is_sport");
  });
});

describe("travel window", () => {
  it("defaults to 6:00 and 20:00 of the day in the school's zone, across a DST change", () => {
    for (const [date, tz] of [
      ["2026-06-15", "America/Chicago"],
      ["2026-03-08", "America/New_York"], // spring forward at 2:00
      ["2026-11-01", "America/New_York"], // fall back at 2:00
      ["2026-06-15", "Asia/Kolkata"],
    ] as const) {
      const { start, end } = defaultTravelWindow(date, tz);
      expect(localDate(start, tz)).toBe(date);
      expect(localMinutes(start, tz)).toBe(360);
      expect(localMinutes(end, tz)).toBe(1200);
    }
  });
  it("takes what is given, else the fallback; refuses an end not after the start", () => {
    const fb = { start: new Date("2026-06-15T11:00:00Z"), end: new Date("2026-06-16T01:00:00Z") };
    expect(travelWindow({}, fb)).toEqual({ start_date: fb.start, end_date: fb.end });
    const end = new Date("2026-06-15T20:00:00Z");
    expect(travelWindow({ end_date: end }, fb)).toEqual({ start_date: fb.start, end_date: end });
    expect(fieldOf(() => travelWindow({ end_date: fb.start }, fb))).toBe("end_date");
    expect(fieldOf(() => travelWindow({ start_date: new Date("2026-06-17T00:00:00Z") }, fb))).toBe("end_date");
    expect(fieldOf(() => travelWindow({ start_date: null }, fb))).toBe("start_date");
  });
  it("reads instants only with their zone", () => {
    expect(parseInstant("2026-06-15T06:00:00-05:00", "start_date")?.toISOString()).toBe("2026-06-15T11:00:00.000Z");
    expect(parseInstant("2026-06-15T11:00Z", "start_date")?.toISOString()).toBe("2026-06-15T11:00:00.000Z");
    expect(parseInstant(undefined, "start_date")).toBeUndefined();
    expect(fieldOf(() => parseInstant("2026-06-15T06:00", "start_date"))).toBe("start_date");
    expect(fieldOf(() => parseInstant("2026-02-30T06:00:00Z", "end_date"))).toBe("end_date");
    expect(fieldOf(() => parseInstant("tomorrow", "end_date"))).toBe("end_date");
  });
  it("trims notes; blank is null", () => {
    expect(travelNotes("  bus at 6 ")).toBe("bus at 6");
    expect(travelNotes(" ")).toBeNull();
    expect(travelNotes(undefined)).toBeUndefined();
    expect(fieldOf(() => travelNotes("x".repeat(1001)))).toBe("notes");
  });
  it("names a travel by its days in the school's zone and its notes, on one line and shortened", () => {
    const tz = "America/New_York";
    // 01:30 UTC on the 5th is still the 4th in New York
    const t = { start_date: new Date("2026-05-05T01:30:00Z"), end_date: new Date("2026-05-05T03:00:00Z"), notes: null };
    expect(travelName(t, tz)).toBe("05/04/2026");
    expect(travelName({ ...t, end_date: new Date("2026-05-06T20:00:00Z") }, tz)).toBe("05/04/2026 to 05/06/2026");
    expect(travelName({ ...t, notes: " Away game\n at  Central " }, tz)).toBe('05/04/2026 ("Away game at Central")');
    expect(travelName({ ...t, notes: "x".repeat(50) }, tz)).toBe(`05/04/2026 ("${"x".repeat(39)}…")`);
  });
  it("the refusal names each travel left with nobody of the team, by start, the first five, and says what to do", () => {
    const on = (day: number, notes: string | null = null) => ({
      start_date: new Date(`2026-05-${String(day).padStart(2, "0")}T10:00:00Z`),
      end_date: new Date(`2026-05-${String(day).padStart(2, "0")}T12:00:00Z`),
      notes,
    });
    expect(travelLeftWithoutStudentsMessage([on(4, "Cup")], "UTC", 1)).toBe(
      'Taking this student off the team would leave the travel of 05/04/2026 ("Cup") with no student of the team: ' +
        "edit that travel's students or remove it first",
    );
    expect(travelLeftWithoutStudentsMessage([on(9), on(4)], "UTC", 2)).toBe(
      "Taking these students off the team would leave the travel of 05/04/2026 and of 05/09/2026 with no student " +
        "of the team: edit their students or remove them first",
    );
    expect(
      travelLeftWithoutStudentsMessage(
        [1, 2, 3, 4, 5, 6, 7].map((d) => on(d)),
        "UTC",
        1,
      ),
    ).toContain("the travel of 05/01/2026, of 05/02/2026, of 05/03/2026, of 05/04/2026, of 05/05/2026 and 2 more with");
  });
});

describe("pasted school ids", () => {
  it("trims, drops blanks, keeps the first of duplicates ignoring case, in order", () => {
    expect(cleanSchoolIds([" A1 ", "", "b2", "a1", "B2 ", "c3"])).toEqual(["A1", "b2", "c3"]);
  });
  it("refuses more than 1000 distinct ids", () => {
    const many = Array.from({ length: 1001 }, (_, i) => `S${i}`);
    expect(fieldOf(() => cleanSchoolIds(many))).toBe("student_school_ids");
    expect(cleanSchoolIds([...many.slice(0, 1000), "s0"])).toHaveLength(1000);
  });
  it("answers the unknown ones in the order pasted", () => {
    expect(unknownSchoolIds(["Z9", "a1", "x", "B2"], ["A1", "b2", null])).toEqual(["Z9", "x"]);
  });
});

describe("link rules", () => {
  const perms = (id: number) => ROLES.find((r) => r.id === id)?.permissions as (typeof ROLES)[number]["permissions"];
  it("course and team need create_participant, event assign_appointment, travel the team roles", () => {
    expect(studentLinkRule("course")).toEqual({ flag: "create_participant" });
    expect(mayLinkStudents("course", 6, perms(6))).toBe(false);
    expect(mayLinkStudents("team", 5, perms(5))).toBe(true);
    expect(mayLinkStudents("event", 6, perms(6))).toBe(true);
    expect(mayLinkStudents("travel", 7, perms(7))).toBe(true);
    expect(mayLinkStudents("travel", 6, perms(6))).toBe(false);
    expect(mayLinkStudents("travel", 8, perms(8))).toBe(false);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].filter(mayRunTeams)).toEqual([1, 2, 3, 4, 5, 7]);
  });
  it("fills free seats from the waitlist", () => {
    expect(seatsToFill(null, 10, 3)).toBe(3);
    expect(seatsToFill(5, 4, 3)).toBe(1);
    expect(seatsToFill(5, 5, 3)).toBe(0);
    expect(seatsToFill(5, 7, 3)).toBe(0);
    expect(seatsToFill(10, 2, 3)).toBe(3);
  });
});
