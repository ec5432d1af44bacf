import { describe, expect, it } from "vitest";
import { addToEventText, hasFreeSeat, partlyListedText, seatsLine } from "./seats.ts";

describe("event seats", () => {
  it("tells seats and waitlist apart", () => {
    const before = { attending_count: 1, waitlist_count: 0 };
    expect(addToEventText(2, 2, "Gala", before, { attending_count: 2, waitlist_count: 1 })).toBe(
      "1 student got a seat; 1 student joined the waitlist.",
    );
    expect(addToEventText(1, 1, "Gala", before, { attending_count: 1, waitlist_count: 1 })).toBe(
      "The event is full: 1 student joined the waitlist.",
    );
    expect(addToEventText(2, 3, "Gala", before, { attending_count: 3, waitlist_count: 0 })).toBe(
      "2 students got a seat (1 already on it).",
    );
    expect(addToEventText(0, 1, "Gala", before, before)).toBe("That student was already on Gala.");
  });

  it("describes the seats", () => {
    expect(seatsLine({ attending_count: 3, waitlist_count: 0, capacity: 3 })).toBe("Full (3 of 3)");
    expect(seatsLine({ attending_count: 1, waitlist_count: 0, capacity: 3 })).toBe("2 of 3 seats left");
    expect(seatsLine({ attending_count: 1, waitlist_count: 0, capacity: null })).toBe("No seat limit (1 attending)");
    expect(hasFreeSeat({ attending_count: 3, capacity: 3 })).toBe(false);
    expect(hasFreeSeat({ attending_count: 3, capacity: null })).toBe(true);
  });

  it("says how many of an event's students a viewer of roles 5-9 sees, only when not all", () => {
    const why = "you see only students linked to you (your courses, events, teams and students).";
    expect(partlyListedText(10, 20, "attending", 6)).toBe(`Listed: 10 of the 20 students attending; ${why}`);
    expect(partlyListedText(0, 1, "on the waitlist", 9)).toBe(
      `None of the 1 student on the waitlist is listed: ${why}`,
    );
    expect(partlyListedText(0, 1_200, "attending", 5)).toBe(`None of the 1,200 students attending is listed: ${why}`);
    expect(partlyListedText(20, 20, "attending", 6)).toBeNull();
    // roles 1-4 see every student: a shorter list is a refetch in flight, not visibility
    for (const role of [1, 2, 3, 4]) expect(partlyListedText(10, 20, "attending", role)).toBeNull();
  });
});
