import { describe, expect, it } from "vitest";
import { formatClock, formatCount, formatMeetDays, formatPhone, timeOfDay } from "./format.ts";
import { apa } from "./statuses.ts";

describe("formatting", () => {
  it("shows phone numbers as (123) 456-7890 by stripping non-digits", () => {
    expect(formatPhone("123.456.7890")).toBe("(123) 456-7890");
    expect(formatPhone("+1 (518) 555-0100")).toBe("(518) 555-0100");
    expect(formatPhone("12345")).toBe("12345");
    expect(formatPhone(null)).toBe("");
  });

  it("shows days as Su M Tu W Th F Sa", () => {
    expect(formatMeetDays({ meet_mon: true, meet_wed: true, meet_fri: true })).toBe("M W F");
    expect(formatMeetDays({ meet_sun: true, meet_tue: true, meet_thu: true, meet_sat: true })).toBe("Su Tu Th Sa");
  });

  it("shows clock times in 12-hour form", () => {
    expect(formatClock("00:05:00")).toBe("12:05 AM");
    expect(formatClock("13:30")).toBe("1:30 PM");
  });

  it("groups figures by thousands and keeps one decimal", () => {
    expect(formatCount(10716)).toBe("10,716");
    expect(formatCount(0)).toBe("0");
    expect(formatCount(87.46)).toBe("87.5");
  });

  it("writes a stored time of day as HH:MM and refuses what is not one", () => {
    expect(timeOfDay("20:15:00")).toBe("20:15");
    expect(timeOfDay("07:05")).toBe("07:05");
    expect(timeOfDay("23:59:00.000")).toBe("23:59");
    for (const bad of ["", "7:05", "20:15:0", "noon", "20:15:00Z"]) expect(() => timeOfDay(bad)).toThrow(/time of day/);
  });
});

describe("APA", () => {
  it("is attended over attended plus missed, ignoring excused, cancelled and travel", () => {
    expect(apa([1, 2, 5, 3])).toBe(75);
    expect(apa([1, 4, 6, 7])).toBe(100);
    expect(apa([4, 6, 0])).toBeNull();
    expect(apa([3, 3, 1])).toBeCloseTo(33.3);
  });
});
