import { TZDate, tzOffset, tzScan } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eventSession } from "./schedule.ts";
import {
  addDays,
  isValidTimeZone,
  localDate,
  localMinutes,
  weekdayOf,
  zonedParts,
  zonedToUtc,
  zoneOffsetMinutes,
} from "./time-zone.ts";

// The zones of the spec, one east of UTC in each hemisphere, and UTC.
const ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "America/Adak",
  "Pacific/Honolulu",
  "Europe/Berlin",
  "Australia/Sydney",
  "UTC",
] as const;
type Zone = (typeof ZONES)[number];
const NO_DST: readonly Zone[] = ["America/Phoenix", "Pacific/Honolulu", "UTC"];

const MIN = 60_000;
const DAY = 1440 * MIN;
const FIRST_DAY = Date.UTC(2025, 0, 1);
const DAYS = 3 * 365; // 2025-2027

/** A change of offset: the instant and the offsets (minutes) either side, from the library's scan. */
interface Change {
  at: number;
  from: number;
  to: number;
}
const CHANGES = new Map<Zone, Change[]>(
  ZONES.map((z) => [
    z,
    tzScan(z, { start: new Date(FIRST_DAY - 31 * DAY), end: new Date(FIRST_DAY + (DAYS + 31) * DAY) }).map((c) => ({
      at: c.date.getTime(),
      from: c.offset - c.change,
      to: c.offset,
    })),
  ]),
);
const DST_ZONES = ZONES.filter((z) => !NO_DST.includes(z));

/** A local wall time: its date, minutes past midnight, and the same written as a UTC timestamp. */
interface Wall {
  zone: Zone;
  date: string;
  minutes: number;
  wall: number;
}
const wallOf = (zone: Zone, wall: number): Wall => ({
  zone,
  wall,
  date: new Date(wall).toISOString().slice(0, 10),
  minutes: (wall - Math.floor(wall / DAY) * DAY) / MIN,
});

/** Walls with a whole number of seconds, so minutes round-trip exactly. */
const anyWall = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    day: fc.integer({ min: 0, max: DAYS - 1 }),
    second: fc.integer({ min: 0, max: 86_399 }),
  })
  .map(({ zone, day, second }) => wallOf(zone, FIRST_DAY + day * DAY + second * 1000));

/** Walls within three hours of a change's local time, where the rules bite. */
const nearChange = (pick: (c: Change) => boolean, from: (c: Change) => number, span: (c: Change) => number) =>
  fc.record({ zone: fc.constantFrom(...DST_ZONES), n: fc.nat(), second: fc.nat() }).map(({ zone, n, second }) => {
    const list = (CHANGES.get(zone) ?? []).filter(pick);
    const c = list[n % list.length] as Change;
    return { change: c, ...wallOf(zone, from(c) + (second % span(c)) * 1000) };
  });
const aroundChange = nearChange(
  () => true,
  (c) => c.at + c.from * MIN - 3 * 60 * MIN,
  () => 6 * 3600,
);
/** Walls skipped by a spring-forward change: [at + from, at + to). */
const skipped = nearChange(
  (c) => c.to > c.from,
  (c) => c.at + c.from * MIN,
  (c) => (c.to - c.from) * 60,
);
/** Walls read twice after a fall-back change: [at + to, at + from). */
const repeated = nearChange(
  (c) => c.to < c.from,
  (c) => c.at + c.to * MIN,
  (c) => (c.from - c.to) * 60,
);
const wall = fc.oneof(anyWall, aroundChange);

function isSkipped({ zone, wall }: Wall): boolean {
  return (CHANGES.get(zone) ?? []).some(
    (c) => c.to > c.from && c.at + c.from * MIN <= wall && wall < c.at + c.to * MIN,
  );
}

/** Intl directly, independent of the module and of @date-fns/tz. */
function intlWall(at: Date, zone: string): { date: string; minutes: number } {
  const f = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    minutes: Number(p.hour) * 60 + Number(p.minute) + Number(p.second) / 60,
  };
}

const RUNS = { numRuns: 1000 };
/** Minutes to whole seconds, so float sums of minutes and seconds compare exactly. */
const secs = (minutes: number) => Math.round(minutes * 60);

describe("the library's view of the zones, 2025-2027", () => {
  it("finds two changes a year in every zone with daylight saving and none in the others", () => {
    for (const z of ZONES) {
      const list = CHANGES.get(z) ?? [];
      const inRange = list.filter((c) => c.at >= FIRST_DAY && c.at < FIRST_DAY + DAYS * DAY);
      expect(inRange, z).toHaveLength(NO_DST.includes(z) ? 0 : 6);
      for (const c of list) {
        expect(tzOffset(z, new Date(c.at - 1000)), z).toBe(c.from);
        expect(tzOffset(z, new Date(c.at)), z).toBe(c.to);
      }
    }
  });
});

describe("zonedToUtc", () => {
  it("round-trips every local time that exists", () => {
    fc.assert(
      fc.property(wall, (w) => {
        fc.pre(!isSkipped(w));
        const at = zonedToUtc(w.date, w.minutes, w.zone);
        expect(localDate(at, w.zone)).toBe(w.date);
        expect(secs(localMinutes(at, w.zone))).toBe(secs(w.minutes));
      }),
      RUNS,
    );
  });

  it("agrees with the library's TZDate wherever the local time occurs once", () => {
    const once = (w: Wall) =>
      !isSkipped(w) &&
      !(CHANGES.get(w.zone) ?? []).some(
        (c) => c.to < c.from && c.at + c.to * MIN <= w.wall && w.wall < c.at + c.from * MIN,
      );
    fc.assert(
      fc.property(wall, (w) => {
        fc.pre(once(w));
        const [y, m, d] = w.date.split("-").map(Number) as [number, number, number];
        const s = Math.round(w.minutes * 60);
        const lib = new TZDate(y, m - 1, d, Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60, w.zone);
        expect(zonedToUtc(w.date, w.minutes, w.zone).getTime()).toBe(lib.getTime());
      }),
      RUNS,
    );
  });

  it("takes the first occurrence of a repeated local time, east and west of UTC", () => {
    fc.assert(
      fc.property(repeated, ({ change, ...w }) => {
        const at = zonedToUtc(w.date, w.minutes, w.zone).getTime();
        expect(at).toBe(w.wall - change.from * MIN);
        expect(at).toBeLessThan(change.at);
        // There is a second, later instant reading the same.
        const second = new Date(w.wall - change.to * MIN);
        expect(second.getTime()).toBeGreaterThan(at);
        expect([localDate(second, w.zone), secs(localMinutes(second, w.zone))]).toEqual([w.date, secs(w.minutes)]);
      }),
      RUNS,
    );
  });

  it("moves a skipped local time to the first instant after the gap", () => {
    fc.assert(
      fc.property(skipped, ({ change, ...w }) => {
        const at = zonedToUtc(w.date, w.minutes, w.zone);
        expect(at.getTime()).toBe(change.at);
        expect(localMinutes(at, w.zone)).toBe(((change.at + change.to * MIN) % DAY) / MIN);
      }),
      RUNS,
    );
  });

  it("never maps a later local time of a day to an earlier instant", () => {
    fc.assert(
      fc.property(wall, fc.integer({ min: 1, max: 6 * 3600 }), (w, later) => {
        const midnight = w.wall - Math.round(w.minutes * MIN);
        const w2 = wallOf(w.zone, Math.min(w.wall + later * 1000, midnight + DAY));
        const m2 = (w2.wall - midnight) / MIN;
        const a = zonedToUtc(w.date, w.minutes, w.zone).getTime();
        const b = zonedToUtc(w.date, m2, w.zone).getTime();
        expect(b).toBeGreaterThanOrEqual(a);
        // Strictly later when the earlier one exists.
        if (!isSkipped(w)) expect(b).toBeGreaterThan(a);
      }),
      RUNS,
    );
  });

  it("never gives a session that ends before it starts", () => {
    const clock = (s: number) => `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
    fc.assert(
      fc.property(wall, fc.integer({ min: 1, max: 4 * 60 }), (w, length) => {
        const start = Math.floor(w.minutes);
        const end = (start + length) % 1440;
        const s = eventSession({ date: w.date, start_time: clock(start), end_time: clock(end) }, w.zone);
        expect(s.end.getTime()).toBeGreaterThanOrEqual(s.start.getTime());
        expect(s.end.getTime() - s.start.getTime()).toBeLessThanOrEqual((length + 60) * MIN);
      }),
      RUNS,
    );
  });

  it("refuses an unknown zone", () => {
    expect(() => zonedToUtc("2026-01-05", 540, "Mars/Olympus_Mons")).toThrow(RangeError);
    expect(() => localDate(new Date(), "Mars+05")).toThrow(/Mars\+05/);
    expect(isValidTimeZone("Mars+05")).toBe(false);
    expect(isValidTimeZone("Australia/Sydney")).toBe(true);
  });
});

describe("reading an instant", () => {
  const instant = fc.oneof(
    fc.integer({ min: FIRST_DAY / 1000, max: (FIRST_DAY + DAYS * DAY) / 1000 }).map((s) => s * 1000),
    aroundChange.map((w) => w.change.at + (w.wall - (w.change.at + w.change.from * MIN))),
  );

  it("gives the library's offset in whole minutes", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instant, (zone, t) => {
        const off = zoneOffsetMinutes(new Date(t), zone);
        expect(off).toBe(tzOffset(zone, new Date(t)));
        expect(Number.isInteger(off)).toBe(true);
      }),
      RUNS,
    );
  });

  it("gives the same local date, minutes and weekday as Intl", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instant, (zone, t) => {
        const at = new Date(t);
        const want = intlWall(at, zone);
        expect({ date: localDate(at, zone), minutes: localMinutes(at, zone) }).toEqual(want);
        expect(zonedParts(at, zone).weekday).toBe(weekdayOf(want.date));
      }),
      RUNS,
    );
  });
});

describe("calendar dates", () => {
  const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const monthDays = (y: number, m: number) =>
    [31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
  const iso = (y: number, m: number, d: number) =>
    `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  /** Dates from 1896 to 2104 (often a century year), half in the last three days of a month. */
  const date = fc
    .record({
      y: fc.oneof(fc.integer({ min: 1896, max: 2104 }), fc.constantFrom(1900, 2000, 2100)),
      m: fc.integer({ min: 1, max: 12 }),
      d: fc.oneof(fc.integer({ min: -2, max: 0 }), fc.integer({ min: 1, max: 31 })),
    })
    .map(({ y, m, d }) => iso(y, m, d <= 0 ? monthDays(y, m) + d : Math.min(d, monthDays(y, m))));

  it("steps to the next day by the Gregorian calendar", () => {
    fc.assert(
      fc.property(date, (d) => {
        const [y, m, day] = d.split("-").map(Number) as [number, number, number];
        const want = day < monthDays(y, m) ? iso(y, m, day + 1) : m < 12 ? iso(y, m + 1, 1) : iso(y + 1, 1, 1);
        expect(addDays(d, 1)).toBe(want);
        expect(addDays(want, -1)).toBe(d);
      }),
      RUNS,
    );
  });

  it("adds and subtracts days consistently, with the weekday following along", () => {
    fc.assert(
      fc.property(date, fc.integer({ min: -800, max: 800 }), fc.integer({ min: -800, max: 800 }), (d, a, b) => {
        expect(addDays(addDays(d, a), b)).toBe(addDays(d, a + b));
        expect(addDays(addDays(d, a), -a)).toBe(d);
        expect(Math.sign(addDays(d, a).localeCompare(d))).toBe(Math.sign(a));
        expect(weekdayOf(addDays(d, a))).toBe((((weekdayOf(d) + a) % 7) + 7) % 7);
      }),
      RUNS,
    );
  });

  it("knows fixed weekdays", () => {
    expect(weekdayOf("2000-01-01")).toBe(6); // a Saturday
    expect(weekdayOf("2024-02-29")).toBe(4); // a Thursday
    expect(addDays("2100-02-28", 1)).toBe("2100-03-01"); // not a leap year
    expect(addDays("2000-02-28", 1)).toBe("2000-02-29");
  });
});
