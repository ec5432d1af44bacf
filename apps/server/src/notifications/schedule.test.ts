import { zonedToUtc } from "@rollbook/domain";
import { describe, expect, it } from "vitest";
import { duePeriods } from "./schedule.ts";

const at = (date: string, minutes: number, tz: string) => zonedToUtc(date, minutes, tz);

describe("duePeriods", () => {
  it("nothing before 06:00 local; from 06:00 the daily recap of yesterday, and on Mondays the week's two mails", () => {
    expect(duePeriods(at("2026-11-30", 359, "Pacific/Auckland"), "Pacific/Auckland")).toEqual([]);
    expect(duePeriods(at("2026-11-30", 360, "Pacific/Auckland"), "Pacific/Auckland")).toEqual([
      { kind: "daily_recap", period: "2026-11-30", from: "2026-11-29", to: "2026-11-29" },
      { kind: "weekly_startup", period: "2026-11-30", from: "2026-11-30", to: "2026-12-06" },
      { kind: "weekly_recap", period: "2026-11-30", from: "2026-11-23", to: "2026-11-29" },
    ]);
    expect(duePeriods(at("2026-12-01", 23 * 60 + 59, "Pacific/Auckland"), "Pacific/Auckland")).toEqual([
      { kind: "daily_recap", period: "2026-12-01", from: "2026-11-30", to: "2026-11-30" },
    ]);
  });

  it("the same instant is Monday morning in Auckland and Sunday afternoon in Los Angeles", () => {
    const instant = at("2026-11-30", 7 * 60, "Pacific/Auckland");
    expect(duePeriods(instant, "Pacific/Auckland").map((d) => d.kind)).toEqual([
      "daily_recap",
      "weekly_startup",
      "weekly_recap",
    ]);
    expect(duePeriods(instant, "America/Los_Angeles")).toEqual([
      { kind: "daily_recap", period: "2026-11-29", from: "2026-11-28", to: "2026-11-28" },
    ]);
  });

  it("keeps to 06:00 local across a daylight-saving change (Los Angeles, 8 March 2026)", () => {
    // Monday 9 March: the first weekday after the clocks went forward
    expect(duePeriods(at("2026-03-09", 359, "America/Los_Angeles"), "America/Los_Angeles")).toEqual([]);
    expect(duePeriods(at("2026-03-09", 360, "America/Los_Angeles"), "America/Los_Angeles")).toHaveLength(3);
    expect(at("2026-03-09", 360, "America/Los_Angeles").toISOString()).toBe("2026-03-09T13:00:00.000Z");
  });
});
