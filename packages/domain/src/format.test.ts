import { describe, expect, it } from "vitest";
import { formatClock, formatMeetDays, formatPhone } from "./format.ts";
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
});

describe("APA", () => {
  it("is attended over attended plus missed, ignoring excused, cancelled and travel", () => {
    expect(apa([1, 2, 5, 3])).toBe(75);
    expect(apa([1, 4, 6, 7])).toBe(100);
    expect(apa([4, 6, 0])).toBeNull();
    expect(apa([3, 3, 1])).toBeCloseTo(33.3);
  });
});
