import { describe, expect, it } from "vitest";
import { canDrop, longDate, seatsText, statusText, timeRange } from "./signup-text.ts";

describe("the signup page's words", () => {
  it("shows a calendar date without a time zone shift", () => {
    expect(longDate("2026-11-26")).toBe("Thursday, November 26, 2026");
    expect(longDate("2027-01-01")).toBe("Friday, January 1, 2027");
  });
  it("shows the times on a 12-hour clock", () => {
    expect(timeRange({ start_time: "17:00:00", end_time: "19:30" })).toBe("5:00 PM – 7:30 PM");
  });
  it("says how many seats are left, or that the event is full", () => {
    expect(seatsText({ seats_left: 1, waitlist_count: 0 })).toBe("1 seat left");
    expect(seatsText({ seats_left: 12, waitlist_count: 0 })).toBe("12 seats left");
    expect(seatsText({ seats_left: 0, waitlist_count: 5 })).toBe("Full: new signups join the waitlist (5 waiting)");
    expect(seatsText({ seats_left: null, waitlist_count: 0 })).toBe("Open to everyone: no seat limit");
  });
  it("tells the student their place", () => {
    expect(statusText({ state: "attending", position: null, drop_until: null })).toBe("You have a seat at this event.");
    expect(statusText({ state: "waitlisted", position: 3, drop_until: null })).toBe(
      "You are number 3 on the waitlist.",
    );
    expect(statusText({ state: "none", position: null, drop_until: null })).toBe("You are not signed up yet.");
  });
  it("lets a student drop only before the cutoff", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    expect(canDrop({ state: "attending", position: null, drop_until: "2026-11-26T13:00:00Z" }, now)).toBe(true);
    expect(canDrop({ state: "attending", position: null, drop_until: "2026-11-26T11:00:00Z" }, now)).toBe(false);
    expect(canDrop({ state: "none", position: null, drop_until: "2026-11-26T13:00:00Z" }, now)).toBe(false);
  });
});
