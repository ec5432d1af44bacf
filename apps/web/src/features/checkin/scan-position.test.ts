import { describe, expect, it } from "vitest";
import { SCAN_FIX_MAX_AGE_MS, scanPosition } from "./scan-position.ts";

const NOW = Date.parse("2026-11-23T14:00:00Z");
const fix = (ageMs: number, over: Partial<{ latitude: number; longitude: number; accuracy: number }> = {}) => ({
  latitude: 40.1,
  longitude: -75.2,
  accuracy: 12,
  at: NOW - ageMs,
  ...over,
});

describe("scanPosition", () => {
  it("sends a fresh fix with the scan", () => {
    expect(scanPosition(fix(5_000), NOW)).toEqual({ latitude: 40.1, longitude: -75.2, accuracy: 12 });
    expect(scanPosition(fix(SCAN_FIX_MAX_AGE_MS), NOW)).toEqual({ latitude: 40.1, longitude: -75.2, accuracy: 12 });
  });

  it("sends nothing without a fix, or with one older than a minute (as an older app)", () => {
    expect(scanPosition(null, NOW)).toEqual({});
    expect(scanPosition(fix(SCAN_FIX_MAX_AGE_MS + 1), NOW)).toEqual({});
    expect(scanPosition(fix(-60_000), NOW)).toEqual({});
  });

  it("leaves out an accuracy that is not a number, and a fix without coordinates", () => {
    expect(scanPosition(fix(0, { accuracy: Number.NaN }), NOW)).toEqual({ latitude: 40.1, longitude: -75.2 });
    expect(scanPosition(fix(0, { latitude: Number.NaN }), NOW)).toEqual({});
  });
});
