import { describe, expect, it } from "vitest";
import { cancelReason, courseSessionOn, courseSessionsBetween, eventSession, isInSession } from "./schedule.ts";
import { localDate, localMinutes, zonedToUtc } from "./time-zone.ts";

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
    // 02:30 does not exist on 2026-03-08: the instant after the gap, 03:00 EDT (decision 0500)
    expect(zonedToUtc("2026-03-08", 150, NY).toISOString()).toBe("2026-03-08T07:00:00.000Z");
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

describe("sessions on the US daylight-saving dates (America/New_York, 2026)", () => {
  // 2026-03-08: 02:00 EST jumps to 03:00 EDT. 2026-11-01: 02:00 EDT falls back to 01:00 EST.
  const sundays = { meet_sun: true, start_time: "09:00", end_time: "10:30" };
  const hours = (s: { start: Date; end: Date } | null) => s && (s.end.getTime() - s.start.getTime()) / 3_600_000;

  it("keeps a Sunday course at 09:00 local on both change days", () => {
    const spring = courseSessionOn(sundays, "2026-03-08", NY);
    expect(spring?.start.toISOString()).toBe("2026-03-08T13:00:00.000Z");
    expect(hours(spring)).toBe(1.5);
    const fall = courseSessionOn(sundays, "2026-11-01", NY);
    expect(fall?.start.toISOString()).toBe("2026-11-01T14:00:00.000Z");
    expect(hours(fall)).toBe(1.5);
  });

  it("shortens a session spanning spring-forward by an hour and lengthens one spanning fall-back", () => {
    const night = { meet_sun: true, start_time: "01:00", end_time: "04:00" };
    const spring = courseSessionOn(night, "2026-03-08", NY);
    expect(spring?.start.toISOString()).toBe("2026-03-08T06:00:00.000Z"); // 01:00 EST
    expect(spring?.end.toISOString()).toBe("2026-03-08T08:00:00.000Z"); // 04:00 EDT
    expect(hours(spring)).toBe(2);
    const fall = courseSessionOn(night, "2026-11-01", NY);
    expect(fall?.start.toISOString()).toBe("2026-11-01T05:00:00.000Z"); // the first 01:00, EDT
    expect(fall?.end.toISOString()).toBe("2026-11-01T09:00:00.000Z"); // 04:00 EST
    expect(hours(fall)).toBe(4);
  });

  it("places an overnight event that crosses midnight and the change", () => {
    const spring = eventSession({ date: "2026-03-07", start_time: "22:00", end_time: "04:00" }, NY);
    expect(spring.date).toBe("2026-03-07");
    expect(spring.start.toISOString()).toBe("2026-03-08T03:00:00.000Z");
    expect(spring.end.toISOString()).toBe("2026-03-08T08:00:00.000Z");
    expect(isInSession(spring, new Date("2026-03-08T07:30:00Z"))).toBe(true); // 03:30 EDT
    const fall = eventSession({ date: "2026-10-31", start_time: "22:00", end_time: "04:00" }, NY);
    expect(fall.start.toISOString()).toBe("2026-11-01T02:00:00.000Z");
    expect(fall.end.toISOString()).toBe("2026-11-01T09:00:00.000Z");
    expect(hours(fall)).toBe(7);
  });

  it("moves a wall time inside the skipped hour to the end of the gap, keeping the part that exists", () => {
    const s = eventSession({ date: "2026-03-08", start_time: "02:30", end_time: "03:30" }, NY);
    expect(s.start.toISOString()).toBe("2026-03-08T07:00:00.000Z"); // shown as 03:00 EDT
    expect(localMinutes(s.start, NY)).toBe(3 * 60);
    expect(s.end.toISOString()).toBe("2026-03-08T07:30:00.000Z"); // 03:30 EDT
    expect(isInSession(s, s.start)).toBe(true);
    // Shifting by the gap would end this one before it starts (03:30 -> 03:15).
    const short = eventSession({ date: "2026-03-08", start_time: "02:30", end_time: "03:15" }, NY);
    expect(short.end.getTime() - short.start.getTime()).toBe(15 * 60_000);
  });

  it("lists a week of sessions across the change at the same local time", () => {
    const daily = {
      ...mwf,
      meet_sun: true,
      meet_tue: true,
      meet_thu: true,
      meet_sat: true,
      start_time: "08:00",
      end_time: "08:45",
    };
    for (const [from, to] of [
      ["2026-03-05", "2026-03-11"],
      ["2026-10-29", "2026-11-04"],
    ]) {
      const list = courseSessionsBetween(daily, from as string, to as string, NY);
      expect(list).toHaveLength(7);
      for (const s of list) {
        expect(localDate(s.start, NY)).toBe(s.date);
        expect(localMinutes(s.start, NY)).toBe(8 * 60);
        expect(s.end.getTime() - s.start.getTime()).toBe(45 * 60_000);
      }
    }
  });

  it("keeps semester bounds inclusive and ignores the end when indefinite", () => {
    const sem = { ...sundays, semester_start: "2026-03-08", semester_end: "2026-11-01" };
    expect(courseSessionOn(sem, "2026-03-01", NY)).toBeNull();
    expect(courseSessionOn(sem, "2026-03-08", NY)).not.toBeNull();
    expect(courseSessionOn(sem, "2026-11-01", NY)).not.toBeNull();
    expect(courseSessionOn(sem, "2026-11-08", NY)).toBeNull();
    const forever = { ...sem, is_indefinite: true };
    expect(courseSessionOn(forever, "2027-11-07", NY)?.start.toISOString()).toBe("2027-11-07T14:00:00.000Z");
    expect(courseSessionOn(forever, "2026-03-01", NY)).toBeNull(); // still not before the start
    expect(courseSessionsBetween(sem, "2026-10-25", "2026-11-15", NY).map((s) => s.date)).toEqual([
      "2026-10-25",
      "2026-11-01",
    ]);
  });

  it("reports cancellations before closures, with inclusive closure bounds", () => {
    const closures = [{ start_date: "2026-03-07", end_date: "2026-03-08" }];
    expect(cancelReason("2026-03-08", ["2026-03-08"], closures)).toBe("cancelled");
    expect(cancelReason("2026-03-07", [], closures)).toBe("closure");
    expect(cancelReason("2026-03-08", [], closures)).toBe("closure");
    expect(cancelReason("2026-03-09", ["2026-03-08"], closures)).toBeNull();
    expect(cancelReason("2026-03-06", [], closures)).toBeNull();
    // a cancellation does not remove the session from the calendar: the caller asks both
    expect(courseSessionOn(sundays, "2026-03-08", NY)).not.toBeNull();
  });
});
