import { describe, expect, it } from "vitest";
import { attendanceConfidence } from "./confidence.ts";
import { EVIDENCE_KINDS, pingEvidence } from "./evidence.ts";
import { reasonText } from "./reason-text.ts";

const place = { fence: { latitude: 40, longitude: -75, radius: 50 }, beaconIds: ["AB12"] };
const at = new Date("2026-11-23T14:00:00Z");

describe("reasonText", () => {
  it("says each kind in words, with its figures and how many pings named it", () => {
    const inside = pingEvidence(
      { recorded_at: at, received_at: at, latitude: 40, longitude: -75, accuracy: 8 },
      { place },
    );
    const late = pingEvidence(
      {
        recorded_at: at,
        received_at: new Date(at.getTime() + 2 * 86_400_000),
        latitude: 40.00001,
        longitude: -75,
        accuracy: 8,
        extra: { offline_queued: true },
      },
      { place },
    );
    const texts = attendanceConfidence([inside, late]).reasons.map(reasonText);
    expect(texts).toContain("Inside the geofence, 0 m from its centre, accuracy 8 m (2 pings)");
    expect(texts).toContain("Arrived 2 days after it was recorded, queued offline (1 ping)");
    const loud = pingEvidence(
      {
        recorded_at: at,
        received_at: at,
        latitude: 41,
        longitude: -75,
        accuracy: 8,
        beacons: [{ factory_id: "ab12", rssi: 100 }],
      },
      { place },
    );
    expect(attendanceConfidence([loud]).reasons.map(reasonText)).toContain(
      "A beacon signal no phone reports: AB12 at 100 dBm (1 ping)",
    );
    const scans = [
      { latitude: null, longitude: null },
      { latitude: 41, longitude: -75, accuracy: 200_000 },
    ].map((where) => pingEvidence({ recorded_at: at, received_at: at, ...where, check_in: "scan_code" }, { place }));
    expect(scans.map((s) => attendanceConfidence([s]).reasons.map(reasonText)[1])).toEqual([
      "Scanned the event's code without a position, and the phone put them at the place neither then nor within 10 min (1 ping)",
      "Scanned the event's code from a position outside the place's geofence, and the phone put them at the place neither then nor within 10 min (1 ping)",
    ]);
  });

  it("has words for every kind of evidence", () => {
    for (const kind of EVIDENCE_KINDS) {
      const text = reasonText({ kind, effect: 0, detail: {}, pings: 1 });
      expect(text, kind).toMatch(/^[A-Z]/);
      expect(text, kind).not.toContain("undefined");
    }
  });
});
