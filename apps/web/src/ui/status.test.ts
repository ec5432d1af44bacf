import { describe, expect, it } from "vitest";
import { statusColour, statusLabel } from "./status.ts";

describe("status words and colours", () => {
  it("names every domain status in words, with a colour", () => {
    expect(statusLabel(0)).toBe("Pending");
    expect(statusLabel(3)).toBe("Absent");
    expect(statusLabel(5)).toBe("Left early");
    expect(statusColour(1)).toBe("teal");
    expect(statusColour(3)).toBe("red");
  });

  it("falls back to the server's name, then the id, for a status it does not know", () => {
    expect(statusLabel(42, "on_trip")).toBe("On trip");
    expect(statusLabel(42)).toBe("Status 42");
    expect(statusColour(42)).toBe("gray");
    expect(statusLabel(null)).toBe("None");
  });
});
