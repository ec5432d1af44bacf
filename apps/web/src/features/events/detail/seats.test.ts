import { describe, expect, it } from "vitest";
import { addToEventText, hasFreeSeat, seatsLine } from "./seats.ts";

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
});
