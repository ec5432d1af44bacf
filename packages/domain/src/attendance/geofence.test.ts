import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distanceMetres, type Fence, isAtLocation, isInFence, MAX_ACCURACY_ALLOWANCE_M } from "./geofence.ts";

const fence: Fence = { latitude: 40.7128, longitude: -74.006, radius: 50 };
const recorded_at = new Date("2026-01-05T14:00:00Z");
/** A point `m` metres due north of the fence centre. */
const north = (m: number) => ({ latitude: fence.latitude + m / 111_195, longitude: fence.longitude });

describe("distanceMetres", () => {
  it("measures great-circle distances", () => {
    expect(distanceMetres(fence, fence)).toBe(0);
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195, -1);
    // New York to London is about 5570 km
    const london = { latitude: 51.5074, longitude: -0.1278 };
    expect(distanceMetres(fence, london) / 1000).toBeCloseTo(5570, -1);
    expect(distanceMetres(north(80), fence)).toBeCloseTo(80, 0);
  });
});

describe("isInFence", () => {
  it("is inside within the radius and outside beyond it", () => {
    expect(isInFence({ recorded_at, ...north(49) }, fence)).toBe(true);
    expect(isInFence({ recorded_at, ...north(51) }, fence)).toBe(false);
  });

  it("widens the fence by the reported accuracy", () => {
    expect(isInFence({ recorded_at, ...north(80), accuracy: 35 }, fence)).toBe(true);
    expect(isInFence({ recorded_at, ...north(80), accuracy: 25 }, fence)).toBe(false);
    expect(isInFence({ recorded_at, ...north(80), accuracy: null }, fence)).toBe(false);
    expect(isInFence({ recorded_at, ...north(51), accuracy: -100 }, fence)).toBe(false);
  });

  it("counts accuracy at most MAX_ACCURACY_ALLOWANCE_M", () => {
    const edge = fence.radius + MAX_ACCURACY_ALLOWANCE_M;
    expect(isInFence({ recorded_at, ...north(edge - 1), accuracy: 5000 }, fence)).toBe(true);
    expect(isInFence({ recorded_at, ...north(edge + 1), accuracy: 5000 }, fence)).toBe(false);
  });

  it("is never inside without coordinates", () => {
    expect(isInFence({ recorded_at }, fence)).toBe(false);
    expect(isInFence({ recorded_at, latitude: fence.latitude, longitude: null }, fence)).toBe(false);
    expect(isInFence({ recorded_at, latitude: Number.NaN, longitude: fence.longitude }, fence)).toBe(false);
  });

  it("never leaves the fence when only the accuracy grows", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 1e5, noNaN: true }),
        fc.double({ min: 0, max: 1e5, noNaN: true }),
        (m, a, b) => {
          const p = { recorded_at, ...north(m) };
          const inside = isInFence({ ...p, accuracy: Math.min(a, b) }, fence);
          if (inside) expect(isInFence({ ...p, accuracy: Math.max(a, b) }, fence)).toBe(true);
        },
      ),
    );
  });
});

describe("isAtLocation", () => {
  const place = { fence, beaconIds: ["AB12CD34"] };

  it("is at the location inside its fence or seeing its beacon, case-insensitively", () => {
    expect(isAtLocation({ recorded_at, ...north(10) }, place)).toBe(true);
    expect(isAtLocation({ recorded_at, ...north(900), beacons: [{ factory_id: "ab12cd34", rssi: -70 }] }, place)).toBe(
      true,
    );
    expect(
      isAtLocation({ recorded_at, beacons: [{ factory_id: "Ab12Cd34" }] }, { fence: null, beaconIds: ["ab12CD34"] }),
    ).toBe(true);
  });

  it("is not at the location with a foreign beacon, far away, or with nothing to compare", () => {
    expect(isAtLocation({ recorded_at, ...north(900), beacons: [{ factory_id: "FFFF0000" }] }, place)).toBe(false);
    expect(isAtLocation({ recorded_at, beacons: null }, place)).toBe(false);
    expect(
      isAtLocation({ recorded_at, ...north(0), beacons: [{ factory_id: "AB12CD34" }] }, { fence: null, beaconIds: [] }),
    ).toBe(false);
  });
});
