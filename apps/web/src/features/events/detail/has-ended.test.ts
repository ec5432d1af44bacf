import { describe, expect, it } from "vitest";
import { hasEnded } from "./DashboardTab.tsx";

describe("hasEnded", () => {
  const event = { date: "2026-11-22", end_time: "17:00:00" };
  it("is over once the end has passed on the school's clock, not the browser's", () => {
    // 17:00 in New York is 22:00 UTC that day
    expect(hasEnded(event, "America/New_York", new Date("2026-11-22T21:59:00Z"))).toBe(false);
    expect(hasEnded(event, "America/New_York", new Date("2026-11-22T22:00:00Z"))).toBe(true);
    // the same instant, a school in Tokyo: its 17:00 was hours before
    expect(hasEnded(event, "Asia/Tokyo", new Date("2026-11-22T21:59:00Z"))).toBe(true);
  });
});
