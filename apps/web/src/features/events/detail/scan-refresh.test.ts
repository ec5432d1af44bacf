import { describe, expect, it } from "vitest";
import { nextScanRefreshMs } from "./scan-refresh.ts";

describe("the projected scan code", () => {
  it("asks for the next scan code when this one expires, within 1-30 s", () => {
    const now = Date.parse("2026-11-23T10:00:00Z");
    expect(nextScanRefreshMs("2026-11-23T10:00:10Z", now)).toBe(10_250);
    expect(nextScanRefreshMs("2026-11-23T09:00:00Z", now)).toBe(1_000);
    expect(nextScanRefreshMs("2026-11-23T11:00:00Z", now)).toBe(30_000);
    expect(nextScanRefreshMs(null, now)).toBe(30_000);
  });
});
