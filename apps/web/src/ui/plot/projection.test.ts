import { describe, expect, it } from "vitest";
import { distanceMetres, niceLength, projectPings, toMetres } from "./projection.ts";

const centre = { latitude: 40, longitude: -75 };
// one degree of latitude is about 111.2 km
const metresPerDegLat = (Math.PI / 180) * 6_371_008.8;

describe("equirectangular projection", () => {
  it("puts north up and east right, in metres, shrinking longitude by cos(latitude)", () => {
    const north = toMetres({ latitude: 40.001, longitude: -75 }, centre);
    expect(north.x).toBeCloseTo(0, 6);
    expect(north.y).toBeCloseTo(0.001 * metresPerDegLat, 3);
    const east = toMetres({ latitude: 40, longitude: -74.999 }, centre);
    expect(east.y).toBeCloseTo(0, 6);
    expect(east.x).toBeCloseTo(0.001 * metresPerDegLat * Math.cos((40 * Math.PI) / 180), 3);
    expect(distanceMetres({ latitude: 40.0009, longitude: -75 }, centre)).toBeCloseTo(100.08, 1);
  });

  it("fits the fence and every ping in the square, same scale on both axes", () => {
    const fence = { ...centre, radius: 50 };
    const pings = [
      { id: 1, latitude: 40, longitude: -75 }, // centre
      { id: 2, latitude: 40.0009, longitude: -75 }, // ~100 m north: outside
      { id: 3, latitude: null, longitude: null }, // no position: left out
      { id: 4, latitude: 40.0002, longitude: -75.0002 }, // ~27 m: inside
    ];
    const plot = projectPings(pings, fence, 200, 10);
    expect(plot.points.map((p) => p.item.id)).toEqual([1, 2, 4]);
    expect(plot.points[0]).toMatchObject({ sx: 100, sy: 100, inside: true });
    const far = plot.points[1];
    // the farthest ping sits on the margin, straight up
    expect(far?.sx).toBeCloseTo(100, 6);
    expect(far?.sy).toBeCloseTo(10, 6);
    expect(far?.inside).toBe(false);
    expect(plot.points[2]?.inside).toBe(true);
    // the fence's 50 m is half of the ~100 m extent
    expect(plot.fenceR).toBeCloseTo(90 * (50 / (far?.distance ?? 1)), 3);
    for (const p of plot.points) {
      expect(p.sx).toBeGreaterThanOrEqual(10);
      expect(p.sx).toBeLessThanOrEqual(190);
      expect(p.sy).toBeGreaterThanOrEqual(10);
      expect(p.sy).toBeLessThanOrEqual(190);
    }
  });

  it("uses the fence as the extent when the pings are all inside, and the pings' mean without a fence", () => {
    const inside = projectPings([{ id: 1, latitude: 40.0001, longitude: -75 }], { ...centre, radius: 100 }, 200, 0);
    expect(inside.fenceR).toBeCloseTo(100, 6);
    const none = projectPings(
      [
        { id: 1, latitude: 40.001, longitude: -75 },
        { id: 2, latitude: 39.999, longitude: -75 },
      ],
      null,
      200,
      0,
    );
    expect(none.fenceR).toBeNull();
    expect(none.centre?.latitude).toBeCloseTo(40, 9);
    expect(none.points.every((p) => p.inside === null)).toBe(true);
    expect(none.points[0]?.sy).toBeCloseTo(0, 6);
    expect(none.points[1]?.sy).toBeCloseTo(200, 6);
    expect(projectPings([], null).points).toEqual([]);
  });

  it("picks a round scale-bar length", () => {
    expect(niceLength(73)).toBe(50);
    expect(niceLength(240)).toBe(200);
    expect(niceLength(9.9)).toBe(5);
    expect(niceLength(1000)).toBe(1000);
    expect(niceLength(0)).toBe(1);
  });
});
