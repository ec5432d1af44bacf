import { describe, expect, it } from "vitest";
import { STATUS } from "../statuses.ts";
import { EARLY_WINDOW_MIN, evaluateSession, PRESENCE_GAP_MIN, type PresenceSample, presenceRank } from "./evaluate.ts";
import { type Rules, resolveRules } from "./rules.ts";
import { evaluateTimeline, timelineOf } from "./running.ts";

// A 50-minute session, 09:00-09:50 UTC.
const START = Date.parse("2026-01-05T09:00:00Z");
const session = { start: new Date(START), end: new Date(START + 50 * 60_000) };
const rules: Rules = { late_time: 10, absent_time: 30, leave_time: 5, min_percentage: 0 };
const at = (min: number) => new Date(START + min * 60_000);
const here = (min: number): PresenceSample => ({ at: at(min), present: true });
const away = (min: number): PresenceSample => ({ at: at(min), present: false });
/** Present samples every `step` minutes from `from` to `to` inclusive. */
const pings = (from: number, to: number, step = 5) => {
  const out: PresenceSample[] = [];
  for (let m = from; m <= to; m += step) out.push(here(m));
  return out;
};
const run = (samples: PresenceSample[], finished = true, r: Rules = rules) =>
  evaluateSession({ session, rules: r, samples, finished });

describe("evaluateSession", () => {
  it("is present with 100% when on time and pinging to the end", () => {
    const e = run(pings(0, 50));
    expect(e).toEqual({ enter: at(0), exit: at(50), percentage: 100, status: STATUS.present });
  });

  it("is late after start + late_time and keeps the real enter time", () => {
    const e = run(pings(15, 50));
    expect(e.status).toBe(STATUS.late);
    expect(e.enter).toEqual(at(15));
    expect(e.percentage).toBe(70);
  });

  it("counts arriving exactly at start + late_time as on time, a second later as late", () => {
    expect(run(pings(10, 50)).status).toBe(STATUS.present);
    const later = [{ at: new Date(at(10).getTime() + 1000), present: true }, ...pings(15, 50)];
    expect(run(later).status).toBe(STATUS.late);
  });

  it("is late exactly at start + absent_time and absent after it, still recording enter", () => {
    expect(run(pings(30, 50)).status).toBe(STATUS.late);
    const e = run(pings(31, 50));
    expect(e.status).toBe(STATUS.absent);
    expect(e.enter).toEqual(at(31));
    expect(e.percentage).toBeGreaterThan(0);
  });

  it("counts presence in the early window as arriving at start", () => {
    const e = run(pings(-12, 50));
    expect(e.status).toBe(STATUS.present);
    expect(e.enter).toEqual(at(-12));
    expect(e.percentage).toBe(100);
    // the early window's edge is included, anything before it is ignored
    expect(run([here(-EARLY_WINDOW_MIN), ...pings(20, 50)]).enter).toEqual(at(-EARLY_WINDOW_MIN));
    const tooEarly = run([here(-EARLY_WINDOW_MIN - 1), ...pings(20, 50)]);
    expect(tooEarly.enter).toEqual(at(20));
    expect(tooEarly.status).toBe(STATUS.late);
  });

  it("is left_early when presence ends before end - leave_time, only once finished", () => {
    const samples = [...pings(0, 30), away(35), away(40), away(45)];
    const done = run(samples);
    expect(done.status).toBe(STATUS.left_early);
    expect(done.exit).toEqual(at(35)); // the present sample at 30 covers until the next sample
    expect(done.percentage).toBe(70);
    expect(run(samples, false).status).toBe(STATUS.present);
  });

  it("accepts leaving exactly at end - leave_time", () => {
    expect(run([...pings(0, 40), away(45)]).status).toBe(STATUS.present);
    expect(run([...pings(0, 40), away(44)]).status).toBe(STATUS.left_early);
  });

  it("is left_early when below min_percentage, present at exactly min_percentage", () => {
    // covered 0-25 and 40-50: 35 of 50 minutes
    const samples = [...pings(0, 20), away(25), away(30), away(35), ...pings(40, 50)];
    expect(run(samples).percentage).toBe(70);
    expect(run(samples, true, { ...rules, min_percentage: 71 }).status).toBe(STATUS.left_early);
    expect(run(samples, true, { ...rules, min_percentage: 70 }).status).toBe(STATUS.present);
    expect(run(samples, false, { ...rules, min_percentage: 90 }).status).toBe(STATUS.present);
  });

  it("is pending live and absent finished without presence", () => {
    for (const samples of [[], [away(0), away(10)], [here(-60), here(51)]]) {
      expect(run(samples, false)).toEqual({ enter: null, exit: null, percentage: 0, status: STATUS.pending });
      expect(run(samples, true).status).toBe(STATUS.absent);
    }
  });

  it("lets one present sample cover at most PRESENCE_GAP_MIN", () => {
    const e = run([here(0)]);
    expect(e.exit).toEqual(at(PRESENCE_GAP_MIN));
    expect(e.percentage).toBe((PRESENCE_GAP_MIN / 50) * 100);
    expect(e.status).toBe(STATUS.left_early);
  });

  it("while the session runs, counts the last ping's presence only to its own instant", () => {
    // pings to 09:18, judged live at 09:20: exit 09:18, not the 09:28 the gap allows once finished
    const samples = [...pings(0, 15), here(18)];
    const live = run(samples, false);
    expect(live.exit).toEqual(at(18));
    expect(live.percentage).toBe((18 / 50) * 100);
    expect(live.status).toBe(STATUS.present);
    // the running state agrees, whatever now is (a recompute later gives the same row)
    const state = timelineOf(session, samples);
    for (const now of [undefined, at(18), at(25)])
      expect(evaluateTimeline({ state, session, rules, finished: false, now })).toEqual(live);
    // finished, the last ping covers the gap as before
    expect(run(samples, true).exit).toEqual(at(18 + PRESENCE_GAP_MIN));
  });

  it("merges samples at the same instant, present winning", () => {
    const e = run([away(0), here(0), ...pings(5, 50)]);
    expect(e.enter).toEqual(at(0));
    expect(e.status).toBe(STATUS.present);
  });

  it("applies course values over the school's, including 0", () => {
    const school = { late_time: 10, absent_time: 30, leave_time: 5, min_percentage: 0 };
    const strict = resolveRules(school, { late_time: 0, absent_time: 5, min_percentage: null });
    expect(run(pings(0, 50), true, strict).status).toBe(STATUS.present);
    expect(run(pings(1, 50), true, strict).status).toBe(STATUS.late);
    expect(run(pings(6, 50), true, strict).status).toBe(STATUS.absent);
    expect(run(pings(6, 50), true, resolveRules(school, {})).status).toBe(STATUS.present);
  });
});

describe("evaluateSession with check-ins (decision 0552)", () => {
  const checkIn = (min: number): PresenceSample => ({ at: at(min), present: true, hold: true });
  /** the phone places the student clearly away */
  const gone = (min: number): PresenceSample => ({ at: at(min), present: false, away: true });
  const every = (from: number, to: number, make: (m: number) => PresenceSample, step = 1) => {
    const out: PresenceSample[] = [];
    for (let m = from; m <= to; m += step) out.push(make(m));
    return out;
  };

  it("holds a check-in's presence until the end when nothing says otherwise", () => {
    const e = run([checkIn(2)]);
    expect(e).toEqual({ enter: at(2), exit: at(50), percentage: 96, status: STATUS.present });
    // pings that say nothing (no position, or near but not clearly away) do not end it
    expect(run([checkIn(2), ...every(5, 50, away)]).status).toBe(STATUS.present);
  });

  it("ends it where the phone's own pings place the student clearly away: left early", () => {
    const e = run([checkIn(2), ...every(20, 50, gone)]);
    expect(e).toEqual({ enter: at(2), exit: at(20), percentage: 36, status: STATUS.left_early });
    // the phone stops after a few away pings: the last word is still away
    expect(run([checkIn(2), ...every(20, 25, gone)]).exit).toEqual(at(20));
  });

  it("holds again once the phone is no longer away, without the ping gap", () => {
    const e = run([checkIn(0), gone(20), gone(21), away(30)]);
    expect(e.exit).toEqual(at(50));
    expect(e.percentage).toBe(80);
    expect(e.status).toBe(STATUS.present);
  });

  it("while the session runs, holds until now", () => {
    const e = evaluateSession({ session, rules, samples: [checkIn(2)], finished: false, now: at(30) });
    expect(e).toMatchObject({ enter: at(2), exit: at(30), status: STATUS.present });
  });

  it("lets a check-in win over away at the same instant", () => {
    expect(run([gone(2), checkIn(2)]).exit).toEqual(at(50));
  });
});

describe("presenceRank", () => {
  it("orders absent < late < left_early < present, other statuses lowest", () => {
    const r = presenceRank;
    expect(r(STATUS.absent)).toBeLessThan(r(STATUS.late));
    expect(r(STATUS.late)).toBeLessThan(r(STATUS.left_early));
    expect(r(STATUS.left_early)).toBeLessThan(r(STATUS.present));
    for (const s of [STATUS.pending, STATUS.excused, STATUS.cancelled, STATUS.travel]) {
      expect(r(s)).toBeLessThan(r(STATUS.absent));
    }
  });
});
