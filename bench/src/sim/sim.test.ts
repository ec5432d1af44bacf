import { distanceMetres, evaluateSession, isAtLocation, localDate, localMinutes, STATUS } from "@rollbook/domain";
import { describe, expect, it } from "vitest";
import { BEHAVIOURS, behaviourOf, isOfflineAt, isPresentAt, planVisit } from "./behaviour.ts";
import { pingTimes, planStudent, type ScheduleSession, stepPhone } from "./day.ts";
import { AWAY_M, pingAt } from "./position.ts";
import {
  attendanceOf,
  CADENCE_MS,
  EARLY_AT_MIN,
  historyOf,
  LATE_AT_MIN,
  offlineAt,
  periodsOf,
  phoneTimes,
  replayEvents,
  schoolDay,
  TRACKS,
  visitsOf,
  zoneFor,
} from "./school-day.ts";

const MIN = 60_000;
const start = new Date("2026-11-23T14:00:00Z");
const end = new Date(start.getTime() + 50 * MIN);
const session = { start, end };
const window = { from: new Date(start.getTime() - 60 * MIN), to: new Date(end.getTime() + 60 * MIN) };
const rules = { late_time: 5, absent_time: 15, leave_time: 10, min_percentage: 70 };
const fence = { latitude: 42.6526, longitude: -73.7562, radius: 80 };
const place = { fence, beaconIds: ["B0E-1234ABCD"] };

const scheduled = (s: { start: Date; end: Date }, title = "Biology"): ScheduleSession => ({
  attendable_type: "course",
  attendable_id: 1,
  title,
  start: s.start.toISOString(),
  end: s.end.toISOString(),
  cancelled: null,
  manual_attendance: false,
  location: { ...fence, beacons: [{ factory_id: "B0E-1234ABCD" }] },
  attendance: null,
});

/** What the real domain engine makes of a student's pings over the session. */
function statusOf(behaviour: (typeof BEHAVIOURS)[number], student: number, s = session) {
  const plan = planStudent(student, behaviour, [scheduled(s)], window, fence);
  const state = { queue: [] };
  const sent = [];
  // one-minute steps, as the simulator's clock advances
  for (let t = window.from.getTime(); t < window.to.getTime(); t += MIN)
    sent.push(...stepPhone(plan, state, new Date(t), new Date(t + MIN), 2 * MIN));
  const samples = sent.map((p) => ({
    at: new Date(p.recorded_at),
    present: isAtLocation({ ...p, recorded_at: new Date(p.recorded_at) }, { fence, beaconIds: place.beaconIds }),
  }));
  return { sent, status: evaluateSession({ session: s, rules, samples, finished: true }).status };
}

describe("simulated students", () => {
  it("mixes every behaviour, mostly on time", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) counts.set(behaviourOf(i), (counts.get(behaviourOf(i)) ?? 0) + 1);
    for (const b of BEHAVIOURS) expect(counts.get(b) ?? 0).toBeGreaterThan(100);
    expect(counts.get("on_time")).toBeGreaterThan(800);
  });

  it("each behaviour gives the status it stands for in the real engine", () => {
    for (const student of [1, 2, 3, 42, 977]) {
      expect(statusOf("on_time", student).status).toBe(STATUS.present);
      expect(statusOf("late", student).status).toBe(STATUS.late);
      expect(statusOf("leaves_early", student).status).toBe(STATUS.left_early);
      expect(statusOf("never_comes", student).status).toBe(STATUS.absent);
      expect(statusOf("offline_catch_up", student).status).toBe(STATUS.present);
    }
  });

  it("pings inside the fence while there, well outside it otherwise, sometimes with a beacon", () => {
    const visit = planVisit("on_time", session, 5, window);
    let beacons = 0;
    for (let t = start.getTime(); t < end.getTime(); t += MIN) {
      const p = pingAt(5, new Date(t), [{ visit, place }], {
        latitude: fence.latitude + 0.02,
        longitude: fence.longitude,
      });
      expect(distanceMetres(p, fence)).toBeLessThanOrEqual(fence.radius / 2 + 0.5);
      if (p.beacons.length) beacons += 1;
    }
    expect(beacons).toBeGreaterThan(3);
    expect(beacons).toBeLessThan(40);
    const plan = planStudent(5, "on_time", [scheduled(session)], window, fence);
    const away = pingAt(5, new Date(start.getTime() - 30 * MIN), plan.visits, plan.home);
    expect(distanceMetres(away, fence)).toBeGreaterThan(AWAY_M - 250);
    expect(away.beacons).toEqual([]);
  });

  it("an offline phone keeps its pings and sends them in one late batch when back", () => {
    const student = 11;
    const plan = planStudent(student, "offline_catch_up", [scheduled(session)], window, fence);
    const offline = plan.visits[0]?.visit.offline;
    expect(offline).toBeTruthy();
    const { sent } = statusOf("offline_catch_up", student);
    const batches: number[] = [];
    const state = { queue: [] };
    for (let t = window.from.getTime(); t < window.to.getTime(); t += MIN) {
      const b = stepPhone(plan, state, new Date(t), new Date(t + MIN), 2 * MIN);
      if (b.length) batches.push(b.length);
      if (isOfflineAt(plan.visits[0]!.visit, new Date(t + MIN))) expect(b).toEqual([]);
    }
    expect(Math.max(...batches)).toBeGreaterThan(5);
    expect(new Set(sent.map((p) => p.id)).size).toBe(sent.length);
  });

  it("a drop-in session (all day) gets one visit inside the simulated window", () => {
    const day = { start: new Date("2026-11-23T05:00:00Z"), end: new Date("2026-11-24T04:59:00Z") };
    for (const student of [1, 2, 3, 4]) {
      const v = planVisit("on_time", day, student, window);
      expect(v.arrive!.getTime()).toBeGreaterThanOrEqual(window.from.getTime() - 10 * MIN);
      expect(v.leave!.getTime()).toBeLessThanOrEqual(window.to.getTime() + 5 * MIN);
      expect(isPresentAt(v, new Date(v.arrive!.getTime() + MIN))).toBe(true);
    }
    expect(planVisit("never_comes", day, 1, window).arrive).toBeNull();
  });

  it("ping times follow the cadence, each phone on its own phase, none twice across steps", () => {
    const a = pingTimes(1, start, end, 3 * MIN);
    expect(a.length).toBeGreaterThanOrEqual(16);
    for (let i = 1; i < a.length; i++) expect(a[i]!.getTime() - a[i - 1]!.getTime()).toBe(3 * MIN);
    const mid = new Date(start.getTime() + 17 * MIN);
    const split = [...pingTimes(1, start, mid, 3 * MIN), ...pingTimes(1, mid, end, 3 * MIN)];
    expect(split.map(Number)).toEqual(a.map(Number));
    expect(pingTimes(2, start, end, 3 * MIN)[0]?.getTime()).not.toBe(a[0]?.getTime());
  });
});

describe("the ingest bench's school day", () => {
  const now = new Date("2026-11-23T14:47:31Z");
  const early = schoolDay({ tag: "E", now, position: EARLY_AT_MIN, students: 400 });
  const late = schoolDay({ tag: "L", now, position: LATE_AT_MIN, students: 400 });
  const hhmm = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));

  it("puts the first bell `position` minutes ago, near 08:00 in a whole-hour zone, the day on one local date", () => {
    for (const day of [early, late]) {
      expect(now.getTime() - day.firstBell.getTime()).toBeGreaterThanOrEqual(day.position * MIN);
      expect(now.getTime() - day.firstBell.getTime()).toBeLessThan((day.position + 1) * MIN);
      expect(Math.abs(day.bellMin - 8 * 60)).toBeLessThanOrEqual(30);
      expect(localMinutes(day.firstBell, day.timezone)).toBe(day.bellMin);
      for (const c of day.courses.filter((x) => !x.dropIn)) {
        expect(localDate(new Date(c.start.getTime() - 15 * MIN), day.timezone)).toBe(day.date);
        expect(localDate(c.end, day.timezone)).toBe(day.date);
        expect(localMinutes(c.start, day.timezone)).toBe(hhmm(c.start_time));
        expect(localMinutes(c.end, day.timezone)).toBe(hhmm(c.end_time));
        expect(c.absent_time).toBeGreaterThan(c.late_time);
      }
    }
    for (let h = 0; h < 24; h++) {
      const at = new Date(Date.UTC(2026, 10, 23, h, 13));
      const z = zoneFor(at, 8 * 60);
      expect(localMinutes(at, z.timezone)).toBe(z.minutes);
      expect(Math.abs(z.minutes - 8 * 60)).toBeLessThanOrEqual(30);
    }
  });

  it("has a session open on every bell schedule at both measured moments, and many courses", () => {
    for (const [day, at] of [
      [early, EARLY_AT_MIN],
      [late, LATE_AT_MIN],
      [late, LATE_AT_MIN + 10],
    ] as const) {
      for (const track of TRACKS) {
        const open = periodsOf(track).some((p) => p.start - 15 <= at && at <= p.end);
        expect(open, `${track.name} at ${at}`).toBe(true);
      }
      expect(day.courses.length).toBeGreaterThan(60);
    }
    expect(
      new Set(early.courses.map((c) => `${c.late_time}/${c.absent_time}/${c.min_percentage}`)).size,
    ).toBeGreaterThan(3);
  });

  it("gives each student one course a period at most, and the study hall to about 3 in 5", () => {
    const hall = early.courses.length - 1;
    let inHall = 0;
    let overlaps = 0;
    let courses = 0;
    for (const s of early.students) {
      const own = s.courses.filter((c) => c !== hall).map((c) => early.courses[c]!);
      for (let i = 1; i < own.length; i++) if (own[i]!.start < own[i - 1]!.end) overlaps += 1;
      courses += own.length;
      if (s.courses.includes(hall)) inHall += 1;
    }
    expect(overlaps).toBe(0);
    expect(courses / early.students.length).toBeGreaterThan(4);
    expect(inHall / early.students.length).toBeGreaterThan(0.5);
    expect(inHall / early.students.length).toBeLessThan(0.7);
  });

  it("pings every 30 s on the phone's phase and on each arrival and departure", () => {
    const from = late.firstBell;
    const to = new Date(from.getTime() + 4 * 60 * MIN);
    let moves = 0;
    let missing = 0;
    for (const s of late.students.slice(0, 20)) {
      const visits = visitsOf(late, s);
      const times = new Set(phoneTimes(s.index, visits, from, to).map(Number));
      const cadence = pingTimes(s.index, from, to, CADENCE_MS).map(Number);
      expect(cadence.length).toBe(480);
      for (const t of cadence) if (!times.has(t)) missing += 1;
      for (const v of visits)
        for (const d of [v.visit.arrive, v.visit.leave])
          if (d && d > from && d <= to) {
            moves += 1;
            if (!times.has(d.getTime())) missing += 1;
          }
      expect(times.size).toBeLessThanOrEqual(cadence.length + 2 * visits.length);
    }
    expect(moves).toBeGreaterThan(20);
    expect(missing).toBe(0);
  });

  it("the morning's pings arrive seconds after they are recorded, an offline phone's when it is back", () => {
    let offline = 0;
    let bad = 0;
    let pings = 0;
    const ids = new Set<string>();
    for (const s of late.students.slice(0, 60)) {
      const visits = visitsOf(late, s);
      const to = now;
      for (const { ping, received } of historyOf(late, s, visits, new Date(late.firstBell.getTime() - 30 * MIN), to)) {
        const at = Date.parse(ping.recorded_at);
        pings += 1;
        ids.add(ping.id);
        if (received.getTime() <= at || received.getTime() > to.getTime()) bad += 1;
        if (offlineAt(visits, new Date(at))) offline += 1;
        else if (received.getTime() - at >= 3 * MIN) bad += 1;
      }
    }
    expect(bad).toBe(0);
    expect(ids.size).toBe(pings);
    expect(pings).toBeGreaterThan(60 * 800);
    expect(offline).toBeGreaterThan(0);
  }, 30_000);

  it("the morning's attendance: final for ended sessions, live for open ones once seen, by the domain's rules", () => {
    const seen = new Map<string, number>();
    for (const s of late.students.slice(0, 80)) {
      const visits = visitsOf(late, s);
      const pings = historyOf(late, s, visits, new Date(late.firstBell.getTime() - 30 * MIN), now);
      const rows = attendanceOf(late, visits, pings, now);
      for (const v of visits) {
        const c = late.courses[v.course]!;
        const row = rows.find((r) => r.course === v.course);
        if (c.end <= now) {
          expect(row?.finished).toBe(true);
          // a building's fence is shared: the class before, in the same building, can count as an arrival
          if (v.behaviour === "never_comes") expect([STATUS.absent, STATUS.left_early]).toContain(row?.status);
          if (v.behaviour === "on_time" && !c.dropIn) expect(row?.status).toBe(STATUS.present);
          seen.set(v.behaviour, (seen.get(v.behaviour) ?? 0) + 1);
        } else if (row) expect(row.finished).toBe(false);
      }
    }
    for (const b of BEHAVIOURS) expect(seen.get(b) ?? 0).toBeGreaterThan(10);
  }, 30_000);

  it("replays each phone at its own pace: about one ping per phone per 30 s, in time order", () => {
    const phones = early.students.slice(0, 300).map((student) => ({ student, visits: visitsOf(early, student) }));
    const from = now;
    const events = replayEvents(phones, from, new Date(from.getTime() + 60_000));
    expect(events.length).toBeGreaterThanOrEqual(600);
    expect(events.length).toBeLessThan(700);
    for (let i = 1; i < events.length; i++) expect(events[i]!.at).toBeGreaterThanOrEqual(events[i - 1]!.at);
    for (const e of events) expect(e.at).toBeGreaterThanOrEqual(from.getTime());
  });
});
