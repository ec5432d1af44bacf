import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STATUS, STATUSES, type StatusId } from "../statuses.ts";
import { coveredStatus, finalStatus, isExcused, isTravelling } from "./coverage.ts";

const course = { id: 7, type: "course" as const };

describe("isExcused", () => {
  it("excuses the whole day when the excuse names no attendable", () => {
    const rows = [{ date: "2026-01-05", attendable_id: null, attendable_type: null }];
    expect(isExcused(rows, "2026-01-05", course)).toBe(true);
    expect(isExcused(rows, "2026-01-05", { id: 99, type: "event" })).toBe(true);
    expect(isExcused(rows, "2026-01-06", course)).toBe(false);
  });

  it("excuses only the named course or event otherwise", () => {
    const rows = [{ date: "2026-01-05", attendable_id: 7, attendable_type: "course" as const }];
    expect(isExcused(rows, "2026-01-05", course)).toBe(true);
    expect(isExcused(rows, "2026-01-05", { id: 7, type: "event" })).toBe(false);
    expect(isExcused(rows, "2026-01-05", { id: 8, type: "course" })).toBe(false);
    expect(isExcused(rows, "2026-01-06", course)).toBe(false);
    expect(isExcused([], "2026-01-05", course)).toBe(false);
  });
});

describe("isTravelling", () => {
  const session = { start: new Date("2026-01-05T14:00:00Z"), end: new Date("2026-01-05T15:00:00Z") };
  const trip = (from: string, to: string, is_away = true) => ({
    start_date: new Date(from),
    end_date: new Date(to),
    is_away,
  });

  it("covers a session the away trip overlaps", () => {
    expect(isTravelling([trip("2026-01-04T00:00:00Z", "2026-01-06T00:00:00Z")], session)).toBe(true);
    expect(isTravelling([trip("2026-01-05T14:30:00Z", "2026-01-05T20:00:00Z")], session)).toBe(true);
    expect(isTravelling([trip("2026-01-05T10:00:00Z", "2026-01-05T14:01:00Z")], session)).toBe(true);
  });

  it("does not cover trips that only touch the session, are elsewhere, or are home games", () => {
    expect(isTravelling([trip("2026-01-05T15:00:00Z", "2026-01-05T20:00:00Z")], session)).toBe(false);
    expect(isTravelling([trip("2026-01-05T10:00:00Z", "2026-01-05T14:00:00Z")], session)).toBe(false);
    expect(isTravelling([trip("2026-01-07T00:00:00Z", "2026-01-08T00:00:00Z")], session)).toBe(false);
    expect(isTravelling([trip("2026-01-04T00:00:00Z", "2026-01-06T00:00:00Z", false)], session)).toBe(false);
  });
});

describe("coveredStatus and finalStatus", () => {
  const cover = (evaluated: StatusId, cancelled: boolean, excused: boolean, travelling: boolean) =>
    coveredStatus({ evaluated, cancelled, excused, travelling });

  it("puts cancellation over everything, excuse over travel", () => {
    expect(cover(STATUS.present, true, true, true)).toBe(STATUS.cancelled);
    expect(cover(STATUS.absent, true, false, false)).toBe(STATUS.cancelled);
    expect(cover(STATUS.absent, false, true, true)).toBe(STATUS.excused);
    expect(cover(STATUS.present, false, true, false)).toBe(STATUS.excused);
  });

  it("applies travel only when the student had no presence", () => {
    expect(cover(STATUS.absent, false, false, true)).toBe(STATUS.travel);
    expect(cover(STATUS.pending, false, false, true)).toBe(STATUS.travel);
    expect(cover(STATUS.present, false, false, true)).toBeNull();
    expect(cover(STATUS.late, false, false, true)).toBeNull();
    expect(cover(STATUS.absent, false, false, false)).toBeNull();
  });

  it("stores absent for a pending session nothing covers", () => {
    const input = { evaluated: STATUS.pending, cancelled: false, excused: false, travelling: false };
    expect(finalStatus(input)).toBe(STATUS.absent);
    expect(finalStatus({ ...input, evaluated: STATUS.late })).toBe(STATUS.late);
    expect(finalStatus({ ...input, excused: true })).toBe(STATUS.excused);
  });

  it("never yields pending", () => {
    const status = fc.constantFrom(...STATUSES.map((s) => s.id));
    fc.assert(
      fc.property(status, fc.boolean(), fc.boolean(), fc.boolean(), (evaluated, cancelled, excused, travelling) => {
        const input = { evaluated, cancelled, excused, travelling };
        expect(coveredStatus(input)).not.toBe(STATUS.pending);
        expect(finalStatus(input)).not.toBe(STATUS.pending);
      }),
    );
  });
});
