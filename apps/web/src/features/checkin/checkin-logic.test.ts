import { STATUS } from "@rollbook/domain";
import { describe, expect, it } from "vitest";
import { underSwedishLocale } from "../../../../../packages/domain/src/names.swedish-locale.ts";
import {
  type Fix,
  MIN_GAP_MS,
  MOVE_METRES,
  metresBetween,
  newPingId,
  PING_EVERY_MS,
  shouldRecord,
} from "./location-tracker.ts";
import { backoffMs } from "./ping-outbox.ts";
import { parseSchedule } from "./schedule-model.ts";

const at = (ms: number, latitude = 42.6526, longitude = -73.7562): Fix => ({
  latitude,
  longitude,
  accuracy: 10,
  at: ms,
});
/** degrees of latitude for `m` metres */
const north = (m: number) => m / 111_195;

describe("when the phone records a ping", () => {
  it("records the first fix, then one per heartbeat while still", () => {
    expect(shouldRecord(null, at(0))).toBe(true);
    expect(shouldRecord(at(0), at(10_000))).toBe(false);
    expect(shouldRecord(at(0), at(PING_EVERY_MS))).toBe(true);
  });

  it("records a real move early, but never twice within the minimum gap", () => {
    const moved = (ms: number) => at(ms, 42.6526 + north(MOVE_METRES + 5));
    expect(shouldRecord(at(0), moved(MIN_GAP_MS))).toBe(true);
    expect(shouldRecord(at(0), moved(MIN_GAP_MS - 1))).toBe(false);
    // GPS jitter of a few metres is not a move
    expect(shouldRecord(at(0), at(MIN_GAP_MS, 42.6526 + north(10)))).toBe(false);
  });

  it("measures distance on the sphere", () => {
    expect(metresBetween(at(0), at(0, 42.6526 + north(100)))).toBeCloseTo(100, 0);
  });

  it("gives every ping its own id", () => {
    const ids = new Set(Array.from({ length: 200 }, () => newPingId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("the outbox after a failure", () => {
  it("waits longer after each failure, capped at five minutes, with jitter", () => {
    const mid = () => 0.5;
    expect(backoffMs(1, mid)).toBe(2_000);
    expect(backoffMs(2, mid)).toBe(4_000);
    expect(backoffMs(30, mid)).toBe(300_000);
    expect(backoffMs(1, () => 0)).toBe(1_600);
    expect(backoffMs(1, () => 1)).toBe(2_400);
  });
});

describe("today's sessions from GET /api/v2/device/schedule", () => {
  const answer = {
    date: "2026-11-23",
    timezone: "America/New_York",
    sessions: [
      {
        attendable_type: "event",
        attendable_id: 4,
        title: "College Fair",
        start_time: "13:00",
        end_time: "15:00",
        cancelled: null,
        manual_attendance: false,
        location: { name: "Main Hall" },
        attendance: null,
      },
      {
        attendable_type: "course",
        attendable_id: 7,
        title: "Biology",
        start_time: "09:00:00",
        end_time: "10:15:00",
        cancelled: null,
        manual_attendance: false,
        location: null,
        attendance: { status: STATUS.late, enter: "2026-11-23T14:08:00.000Z", exit: null },
      },
      {
        attendable_type: "course",
        attendable_id: 8,
        title: "Drama",
        start_time: "11:00",
        end_time: "12:00",
        cancelled: "closure",
        manual_attendance: true,
        location: null,
        attendance: null,
      },
    ],
  };

  it("sorts by start and reads status, place and cancellation", () => {
    const s = parseSchedule(answer, "2026-11-22");
    expect(s.date).toBe("2026-11-23");
    expect(s.timezone).toBe("America/New_York");
    expect(s.sessions.map((x) => x.title)).toEqual(["Biology", "Drama", "College Fair"]);
    const [biology, drama, fair] = s.sessions;
    expect(biology).toMatchObject({ type: "course", start_time: "09:00", status: STATUS.late, cancelled: false });
    expect(drama).toMatchObject({ status: STATUS.cancelled, cancelled: true, manual: true });
    expect(fair).toMatchObject({ type: "event", location: "Main Hall", status: null });
    expect(new Set(s.sessions.map((x) => x.key)).size).toBe(3);
  });

  it("sessions starting together sort by title as the server sorts titles, whatever the phone's language (decision 0614)", async () => {
    const at9 = (title: string, id: number) => ({
      attendable_type: "course",
      attendable_id: id,
      title,
      start_time: "09:00:00",
    });
    const titles = ["Zoology", "Öko", "art", "Économie", "Biology"];
    const expected = ["art", "Biology", "Économie", "Öko", "Zoology"];
    // a Swedish phone: its own order ("Ö" after "Z") for localeCompare without a locale
    await underSwedishLocale(() => {
      const s = parseSchedule({ sessions: titles.map(at9) }, "2026-11-23");
      expect(s.sessions.map((x) => x.title)).toEqual(expected);
    });
  });

  it("survives an empty or odd answer", () => {
    expect(parseSchedule(null, "2026-11-23")).toEqual({ date: "2026-11-23", timezone: null, sessions: [] });
    expect(parseSchedule({ sessions: [{}] }, "2026-11-23").sessions[0]).toMatchObject({
      title: "Untitled session",
      status: null,
    });
  });
});
