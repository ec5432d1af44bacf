import { describe, expect, it } from "vitest";
import { zonedToUtc } from "../time-zone.ts";
import { checkCapacity, cleanEventInput, EventInputError, eventFullMessage } from "./fields.ts";
import {
  dropUntil,
  isOpenForSignup,
  localTimeText,
  seatsLeft,
  signupIdentifierProblem,
  signupState,
  waitlistPosition,
} from "./signup.ts";

const fieldOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof EventInputError) return e.field;
    throw e;
  }
  return null;
};

const BASE = { title: "Open day", date: "2026-11-26", start_time: "14:00", end_time: "16:30" };

describe("cleanEventInput", () => {
  it("requires title, date and times on create; defaults drop_cutoff 240 and visibility private", () => {
    expect(cleanEventInput({ ...BASE, title: "  Open day " }, null)).toEqual({
      ...BASE,
      drop_cutoff: 240,
      visibility: "private",
    });
    expect(fieldOf(() => cleanEventInput({ ...BASE, title: " " }, null))).toBe("title");
    expect(fieldOf(() => cleanEventInput({ ...BASE, date: "2026-02-30" }, null))).toBe("date");
    expect(fieldOf(() => cleanEventInput({ ...BASE, date: "26-11-2026" }, null))).toBe("date");
    expect(fieldOf(() => cleanEventInput({ ...BASE, start_time: "25:00" }, null))).toBe("start_time");
    expect(fieldOf(() => cleanEventInput({ title: "x", date: "2026-11-26", start_time: "10:00" }, null))).toBe(
      "end_time",
    );
  });

  it("refuses an end not after the start, on the event as it will be stored", () => {
    expect(fieldOf(() => cleanEventInput({ ...BASE, end_time: "14:00" }, null))).toBe("end_time");
    expect(fieldOf(() => cleanEventInput({ end_time: "13:00" }, { ...BASE }))).toBe("end_time");
    expect(cleanEventInput({ end_time: "17:00" }, { ...BASE })).toEqual({ end_time: "17:00" });
  });

  it("checks ranges: thresholds, percentage, drop_cutoff, capacity, visibility", () => {
    expect(fieldOf(() => cleanEventInput({ ...BASE, late_time: 1441 }, null))).toBe("late_time");
    expect(fieldOf(() => cleanEventInput({ ...BASE, absent_time: -1 }, null))).toBe("absent_time");
    expect(fieldOf(() => cleanEventInput({ ...BASE, late_time: 20, absent_time: 10 }, null))).toBe("absent_time");
    // against the school's where the event has none of its own
    const school = { late_time: 5, absent_time: 15 };
    expect(fieldOf(() => cleanEventInput({ ...BASE, late_time: 20 }, null, school))).toBe("late_time");
    expect(fieldOf(() => cleanEventInput({ ...BASE, absent_time: 5 }, null, school))).toBe("absent_time");
    expect(fieldOf(() => cleanEventInput({ ...BASE, late_time: 10 }, null, school))).toBeNull();
    expect(fieldOf(() => cleanEventInput({ title: "Renamed" }, { ...BASE, late_time: 20 }, school))).toBeNull();
    expect(fieldOf(() => cleanEventInput({ ...BASE, min_percentage: 101 }, null))).toBe("min_percentage");
    expect(fieldOf(() => cleanEventInput({ ...BASE, drop_cutoff: 10081 }, null))).toBe("drop_cutoff");
    expect(fieldOf(() => cleanEventInput({ drop_cutoff: null }, { ...BASE }))).toBe("drop_cutoff");
    expect(fieldOf(() => cleanEventInput({ ...BASE, capacity: 0 }, null))).toBe("capacity");
    expect(fieldOf(() => cleanEventInput({ ...BASE, visibility: "secret" }, null))).toBe("visibility");
    expect(cleanEventInput({ ...BASE, visibility: " Public ", capacity: null, drop_cutoff: 0 }, null)).toMatchObject({
      visibility: "public",
      capacity: null,
      drop_cutoff: 0,
    });
  });

  it("changes only what is given on update", () => {
    expect(cleanEventInput({ description: "  " }, { ...BASE })).toEqual({ description: null });
    expect(fieldOf(() => cleanEventInput({ ern: "x".repeat(101) }, { ...BASE }))).toBe("ern");
  });
});

describe("capacity", () => {
  it("is at least 1 and not below those attending", () => {
    expect(() => checkCapacity(30, 30)).not.toThrow();
    expect(() => checkCapacity(null, 99)).not.toThrow();
    expect(fieldOf(() => checkCapacity(29, 30))).toBe("capacity");
    expect(() => checkCapacity(29, 30)).toThrow(/30 students attending/);
    expect(eventFullMessage(30, 30)).toBe("The event is full (30 of 30)");
    expect(seatsLeft(null, 5)).toBeNull();
    expect(seatsLeft(10, 4)).toBe(6);
    expect(seatsLeft(3, 5)).toBe(0);
  });
});

describe("signup rules", () => {
  const tz = "America/Chicago";
  const ev = { ...BASE, visibility: "public", deleted_at: null, drop_cutoff: 240 };

  it("is open only for a live public event that has not ended", () => {
    const end = zonedToUtc("2026-11-26", 16 * 60 + 30, tz);
    expect(isOpenForSignup(ev, tz, new Date(end.getTime() - 1))).toBe(true);
    expect(isOpenForSignup(ev, tz, end)).toBe(false);
    expect(isOpenForSignup({ ...ev, visibility: "private" }, tz, new Date(0))).toBe(false);
    expect(isOpenForSignup({ ...ev, deleted_at: new Date() }, tz, new Date(0))).toBe(false);
  });

  it("closes dropping drop_cutoff minutes before the start, in the school's zone", () => {
    expect(dropUntil(ev, tz).toISOString()).toBe("2026-11-26T16:00:00.000Z"); // 14:00 CST - 4 h
    expect(dropUntil({ ...ev, drop_cutoff: 0 }, tz).toISOString()).toBe("2026-11-26T20:00:00.000Z");
    expect(localTimeText(dropUntil(ev, tz), tz)).toBe("10:00 on 2026-11-26 (America/Chicago)");
  });

  it("reads the state and the 1-based waitlist place", () => {
    expect(signupState(null)).toBe("none");
    expect(signupState({ in_waitlist: false })).toBe("attending");
    expect(signupState({ in_waitlist: true })).toBe("waitlisted");
    expect(waitlistPosition([7, 3, 9], 3)).toBe(2);
    expect(waitlistPosition([7, 3, 9], 4)).toBeNull();
  });

  it("checks only the identifier's shape", () => {
    expect(signupIdentifierProblem("  ")).toBe("is required");
    expect(signupIdentifierProblem(undefined)).toBe("is required");
    expect(signupIdentifierProblem(null)).toBe("is required");
    expect(signupIdentifierProblem(42)).toMatch(/^must be a string/);
    expect(signupIdentifierProblem(["a@b.c"])).toMatch(/^must be a string/);
    expect(signupIdentifierProblem("x".repeat(255))).toMatch(/at most 254/);
    expect(signupIdentifierProblem("S1234")).toBeNull();
  });
});
