import { distanceMetres, evaluateSession, isAtLocation, STATUS } from "@rollbook/domain";
import { describe, expect, it } from "vitest";
import { BEHAVIOURS, behaviourOf, isOfflineAt, isPresentAt, planVisit } from "./behaviour.ts";
import { pingTimes, planStudent, type ScheduleSession, stepPhone } from "./day.ts";
import { AWAY_M, pingAt } from "./position.ts";

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
