import { describe, expect, it } from "vitest";
import { cancelReason, courseSessionOn, isInSession } from "./schedule.ts";
import { localDate, zonedToUtc } from "./time-zone.ts";

const NY = "America/New_York";
const mwf = { meet_mon: true, meet_wed: true, meet_fri: true, start_time: "09:00", end_time: "09:50" };

describe("sessions in the school's time zone", () => {
  it("places a session at local wall-clock time in winter and summer", () => {
    expect(courseSessionOn(mwf, "2026-01-05", NY)?.start.toISOString()).toBe("2026-01-05T14:00:00.000Z");
    expect(courseSessionOn(mwf, "2026-07-06", NY)?.start.toISOString()).toBe("2026-07-06T13:00:00.000Z");
  });

  it("keeps 9:00 local across the spring-forward and fall-back weekends", () => {
    // 2026-03-08 and 2026-11-01 are the DST changes in New York
    expect(courseSessionOn(mwf, "2026-03-06", NY)?.start.toISOString()).toBe("2026-03-06T14:00:00.000Z");
    expect(courseSessionOn(mwf, "2026-03-09", NY)?.start.toISOString()).toBe("2026-03-09T13:00:00.000Z");
    expect(courseSessionOn(mwf, "2026-10-30", NY)?.start.toISOString()).toBe("2026-10-30T13:00:00.000Z");
    expect(courseSessionOn(mwf, "2026-11-02", NY)?.start.toISOString()).toBe("2026-11-02T14:00:00.000Z");
  });

  it("resolves wall times inside the DST gap and overlap", () => {
    // 02:30 does not exist on 2026-03-08: the instant after the gap
    expect(zonedToUtc("2026-03-08", 150, NY).toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // 01:30 happens twice on 2026-11-01: the first one (EDT)
    expect(zonedToUtc("2026-11-01", 90, NY).toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });

  it("meets only on its days and within the semester unless indefinite", () => {
    expect(courseSessionOn(mwf, "2026-01-06", NY)).toBeNull(); // a Tuesday
    const sem = { ...mwf, semester_start: "2026-01-01", semester_end: "2026-05-01" };
    expect(courseSessionOn(sem, "2026-05-04", NY)).toBeNull();
    expect(courseSessionOn({ ...sem, is_indefinite: true }, "2026-05-04", NY)).not.toBeNull();
    expect(courseSessionOn(sem, "2025-12-29", NY)).toBeNull();
  });

  it("tells cancelled dates and closures apart", () => {
    const closures = [{ start_date: "2026-11-26", end_date: "2026-11-27" }];
    expect(cancelReason("2026-11-25", ["2026-11-25"], closures)).toBe("cancelled");
    expect(cancelReason("2026-11-27", [], closures)).toBe("closure");
    expect(cancelReason("2026-11-30", [], closures)).toBeNull();
  });

  it("knows the local date near midnight and whether an instant is in session", () => {
    expect(localDate(new Date("2026-01-06T03:00:00Z"), NY)).toBe("2026-01-05");
    const s = courseSessionOn(mwf, "2026-01-05", NY);
    if (!s) throw new Error("expected a session");
    expect(isInSession(s, new Date("2026-01-05T14:10:00Z"))).toBe(true);
    expect(isInSession(s, new Date("2026-01-05T14:50:00Z"))).toBe(false);
  });
});
