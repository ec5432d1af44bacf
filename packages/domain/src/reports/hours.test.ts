import { describe, expect, it } from "vitest";
import { zonedToUtc } from "../time-zone.ts";
import { hourBuckets } from "./hours.ts";

const NY = "America/New_York";
const at = (date: string, h: number, m: number, tz = NY) => zonedToUtc(date, h * 60 + m, tz);

describe("a day's activity by local hour", () => {
  it("puts slots in local hours, counting distinct students and summing pings", () => {
    const r = hourBuckets(
      [
        { student_id: 1, at: at("2026-05-05", 8, 0), pings: 3 },
        { student_id: 1, at: at("2026-05-05", 8, 45), pings: 1 },
        { student_id: 2, at: at("2026-05-05", 8, 15), pings: 2 },
        { student_id: 2, at: at("2026-05-05", 23, 45), pings: 1 },
      ],
      NY,
    );
    expect(r.hours).toHaveLength(24);
    expect(r.hours[8]).toEqual({ hour: 8, students: 2, pings: 6 });
    expect(r.hours[23]).toEqual({ hour: 23, students: 1, pings: 1 });
    expect(r.hours.filter((h) => h.pings > 0)).toHaveLength(2);
    expect({ students: r.students, pings: r.pings }).toEqual({ students: 2, pings: 7 });
  });

  it("keeps 24 buckets on DST days: the skipped hour empty, the repeated hour holding both", () => {
    // 2026-03-08: 02:00 does not happen in New York; 2026-11-01: 01:00-02:00 happens twice
    const spring = hourBuckets([{ student_id: 1, at: at("2026-03-08", 3, 0), pings: 1 }], NY);
    expect(spring.hours).toHaveLength(24);
    expect(spring.hours[2]?.pings).toBe(0);
    expect(spring.hours[3]?.pings).toBe(1);
    const firstOne = at("2026-11-01", 1, 30); // EDT, the first 01:30
    const secondOne = new Date(firstOne.getTime() + 3_600_000); // EST, the second 01:30
    const fall = hourBuckets(
      [
        { student_id: 1, at: firstOne, pings: 1 },
        { student_id: 2, at: secondOne, pings: 1 },
      ],
      NY,
    );
    expect(fall.hours[1]).toEqual({ hour: 1, students: 2, pings: 2 });
  });

  it("places 15-minute slots of a half-hour zone in the right hour", () => {
    // Kolkata is UTC+5:30: 02:15Z is 07:45, 02:30Z is 08:00
    const r = hourBuckets(
      [
        { student_id: 1, at: new Date("2026-01-01T02:15:00Z"), pings: 1 },
        { student_id: 1, at: new Date("2026-01-01T02:30:00Z"), pings: 1 },
      ],
      "Asia/Kolkata",
    );
    expect(r.hours[7]?.pings).toBe(1);
    expect(r.hours[8]?.pings).toBe(1);
    expect(r.students).toBe(1);
  });

  it("answers an empty day as 24 empty hours", () => {
    const r = hourBuckets([], "UTC");
    expect(r).toEqual({
      hours: Array.from({ length: 24 }, (_, hour) => ({ hour, students: 0, pings: 0 })),
      students: 0,
      pings: 0,
    });
  });
});
