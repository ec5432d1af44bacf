import { describe, expect, it } from "vitest";
import { DEMO_TZ } from "../src/db/seed/demo.ts";
import { keepsOffset, testSchoolZone, ZONE_WITHOUT_DST } from "./school-zone.ts";

describe("the tests' school zone", () => {
  it("is New York on an ordinary day, summer or winter", () => {
    expect(testSchoolZone(new Date("2026-11-27T15:00:00Z"))).toBe(DEMO_TZ);
    expect(testSchoolZone(new Date("2026-07-01T04:30:00Z"))).toBe(DEMO_TZ);
    // three days after the autumn change
    expect(testSchoolZone(new Date("2026-11-04T12:00:00Z"))).toBe(DEMO_TZ);
  });

  it("is Phoenix within two days of New York's clock change, the repeated hour included", () => {
    for (const at of [
      "2026-10-30T13:00:00Z", // two days before the autumn change
      "2026-11-01T05:35:00Z", // 01:35 EDT, the first of the repeated hour
      "2026-11-01T06:35:00Z", // 01:35 EST, the second
      "2026-11-02T20:00:00Z",
      "2027-03-14T06:50:00Z", // 01:50 EST, before the spring gap
      "2027-03-14T07:20:00Z", // 03:20 EDT, after it
    ])
      expect(testSchoolZone(new Date(at)), at).toBe(ZONE_WITHOUT_DST);
  });

  it("picks a zone that keeps its offset all year", () => {
    for (let d = 0; d < 366; d += 2)
      expect(keepsOffset(ZONE_WITHOUT_DST, new Date(Date.UTC(2026, 0, 1) + d * 86_400_000))).toBe(true);
  });
});
