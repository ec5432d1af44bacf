/**
 * The school day the ingest bench replays (npm run bench:ingest, decision 0362): a timetable of
 * many courses on four bell schedules, an all-day drop-in study hall, students with one course a
 * period (some periods free), what each does about each session (behaviour.ts), and the pings
 * their phones send: one every 30 s and one on each arrival and departure. Pure and deterministic.
 *
 * Pings are only taken with recorded_at near the server's now, so the day is placed around the
 * wall clock: the first bell is `position` minutes ago, and the school's zone is the whole-hour
 * zone (Etc/GMT±h) that puts that bell closest to 08:00 local.
 */
import { EARLY_WINDOW_MIN, evaluateSession, isAtLocation, type StatusId } from "@rollbook/domain";
import { type Behaviour, behaviourOf, planVisit, unit, type Visit } from "./behaviour.ts";
import { pingTimes } from "./day.ts";
import { homeFor, offset, type PingBody, pingAt, type SimPlace } from "./position.ts";

const MIN = 60_000;
export const CADENCE_MS = 30_000;
/** Minutes after the first bell of the two measured moments: the first hour and the last. */
export const EARLY_AT_MIN = 20;
export const LATE_AT_MIN = 430;
/** Periods start in [0, DAY_MIN) after the first bell; the last ones run past it. */
export const DAY_MIN = 480;
/** Phones ping from this long before the first bell (on the way in). */
export const BEFORE_BELL_MIN = 30;

/** A bell schedule: periods of `len` minutes, `gap` apart, the first `offset` after the first bell. */
export interface Track {
  name: string;
  len: number;
  gap: number;
  offset: number;
}

export const TRACKS: readonly Track[] = [
  { name: "A", len: 50, gap: 10, offset: 0 },
  { name: "B", len: 80, gap: 10, offset: 0 },
  { name: "C", len: 45, gap: 5, offset: 10 },
  { name: "D", len: 90, gap: 10, offset: 30 },
];

/** Late / absent limits (minutes) and minimum percentages the courses take in turn. */
const LIMITS = [
  [3, 10],
  [5, 15],
  [5, 20],
  [10, 30],
] as const;
const MIN_PERCENTAGES = [50, 70, 80] as const;
export const SCHOOL_LEAVE_MIN = 10;

export function periodsOf(track: Track): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (let s = track.offset; s < DAY_MIN; s += track.len + track.gap) out.push({ start: s, end: s + track.len });
  return out;
}

export interface Building {
  name: string;
  latitude: number;
  longitude: number;
  radius: number;
  beaconIds: string[];
}

export interface DayCourse {
  index: number;
  title: string;
  /** local "HH:MM" */
  start_time: string;
  end_time: string;
  start: Date;
  end: Date;
  building: number;
  late_time: number;
  absent_time: number;
  min_percentage: number;
  dropIn: boolean;
  track: string | null;
}

export interface DayStudent {
  index: number;
  /** indexes into the day's courses, in time order (the drop-in last) */
  courses: number[];
}

export interface SchoolDay {
  tag: string;
  /** minutes after the first bell at `now` */
  position: number;
  now: Date;
  firstBell: Date;
  timezone: string;
  /** local date of the day */
  date: string;
  /** local minutes past midnight of the first bell */
  bellMin: number;
  buildings: Building[];
  courses: DayCourse[];
  students: DayStudent[];
}

export interface DayOptions {
  tag: string;
  now: Date;
  position: number;
  students: number;
  /** courses per period of each track */
  rooms?: number;
  /** share of students who take the all-day study hall (the demo school's 3 in 5) */
  dropInShare?: number;
  /** share of a student's periods that are free */
  freeShare?: number;
}

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60) % 24).padStart(2, "0")}:${String(Math.floor(m) % 60).padStart(2, "0")}`;

/** The Etc/GMT±h zone that puts `at` closest to `localMin` minutes past local midnight, and its local minutes. */
export function zoneFor(at: Date, localMin: number): { timezone: string; minutes: number; aheadMin: number } {
  const utc = at.getUTCHours() * 60 + at.getUTCMinutes();
  let best = { h: 0, minutes: utc, d: Number.POSITIVE_INFINITY };
  for (let h = -12; h <= 14; h++) {
    const minutes = (((utc + 60 * h) % 1440) + 1440) % 1440;
    const d = Math.abs(minutes - localMin);
    if (d < best.d) best = { h, minutes, d };
  }
  // Etc/GMT signs are inverted: Etc/GMT-3 is three hours ahead of UTC
  const timezone = best.h === 0 ? "Etc/GMT" : best.h > 0 ? `Etc/GMT-${best.h}` : `Etc/GMT+${-best.h}`;
  return { timezone, minutes: best.minutes, aheadMin: 60 * best.h };
}

const localDateOf = (at: Date, zoneMinutesAhead: number) =>
  new Date(at.getTime() + zoneMinutesAhead * MIN).toISOString().slice(0, 10);

export function schoolDay(o: DayOptions): SchoolDay {
  const rooms = o.rooms ?? 3;
  const dropInShare = o.dropInShare ?? 0.6;
  const freeShare = o.freeShare ?? 1 / 6;
  const firstBell = new Date(Math.floor((o.now.getTime() - o.position * MIN) / MIN) * MIN);
  const { timezone, minutes: bellMin, aheadMin } = zoneFor(firstBell, 8 * 60);
  const date = localDateOf(firstBell, aheadMin);
  // buildings around a campus centre, each with two beacons
  const centre = { latitude: 42.6526, longitude: -73.7562 };
  const buildings: Building[] = ["Main Hall", "Science Center", "Arts Wing", "Field House", "Library"].map(
    (name, b) => {
      const at = b === 0 ? centre : offset(centre, 220 + 40 * b, (b * 2 * Math.PI) / 5);
      return {
        name,
        ...at,
        radius: 50 + 10 * (b % 3),
        beaconIds: [`${o.tag}${b}E-BENCH`, `${o.tag}${b}W-BENCH`].map((s) => s.toUpperCase()),
      };
    },
  );
  const courses: DayCourse[] = [];
  const byTrack = new Map<string, number[][]>();
  for (const track of TRACKS) {
    const periods: number[][] = [];
    for (const [p, period] of periodsOf(track).entries()) {
      const ids: number[] = [];
      for (let r = 0; r < rooms; r++) {
        const index = courses.length;
        const [late_time, absent_time] = LIMITS[index % LIMITS.length] as readonly [number, number];
        courses.push({
          index,
          title: `${track.name}${p + 1}-${r + 1} (${hhmm(bellMin + period.start)})`,
          start_time: hhmm(bellMin + period.start),
          end_time: hhmm(bellMin + period.end),
          start: new Date(firstBell.getTime() + period.start * MIN),
          end: new Date(firstBell.getTime() + period.end * MIN),
          building: (index * 7) % 4,
          late_time,
          absent_time,
          min_percentage: MIN_PERCENTAGES[index % MIN_PERCENTAGES.length] as number,
          dropIn: false,
          track: track.name,
        });
        ids.push(index);
      }
      periods.push(ids);
    }
    byTrack.set(track.name, periods);
  }
  // the drop-in study hall: every day, all day, arriving whenever counts (decision 0360)
  const hall = courses.length;
  courses.push({
    index: hall,
    title: "Open Study Hall",
    start_time: "00:00",
    end_time: "23:59",
    start: new Date(firstBell.getTime() - bellMin * MIN),
    end: new Date(firstBell.getTime() + (23 * 60 + 59 - bellMin) * MIN),
    building: 4,
    late_time: 24 * 60,
    absent_time: 24 * 60,
    min_percentage: 0,
    dropIn: true,
    track: null,
  });
  const students: DayStudent[] = Array.from({ length: o.students }, (_, index) => {
    const track = TRACKS[index % TRACKS.length] as Track;
    const periods = byTrack.get(track.name) ?? [];
    const mine: number[] = [];
    periods.forEach((ids, p) => {
      if (unit(index, p, 11) < freeShare) return;
      mine.push(ids[Math.floor(unit(index, p, 12) * ids.length)] as number);
    });
    if (unit(index, 13) < dropInShare) mine.push(hall);
    return { index, courses: mine };
  });
  return {
    tag: o.tag,
    position: o.position,
    now: o.now,
    firstBell,
    timezone,
    date,
    bellMin,
    buildings,
    courses,
    students,
  };
}

export interface StudentVisit {
  course: number;
  behaviour: Behaviour;
  visit: Visit;
  place: SimPlace;
}

/** What the student does about each of their sessions today (behaviour per student and session). */
export function visitsOf(day: SchoolDay, student: DayStudent): StudentVisit[] {
  const window = {
    from: day.firstBell,
    to: new Date(day.firstBell.getTime() + (DAY_MIN + 90) * MIN),
  };
  return student.courses.map((ci) => {
    const c = day.courses[ci] as DayCourse;
    const b = day.buildings[c.building] as Building;
    const behaviour = behaviourOf(student.index * 1009 + ci);
    return {
      course: ci,
      behaviour,
      visit: planVisit(behaviour, { start: c.start, end: c.end }, student.index, window),
      place: {
        fence: { latitude: b.latitude, longitude: b.longitude, radius: b.radius },
        beaconIds: b.beaconIds,
      },
    };
  });
}

export const homeOf = (day: SchoolDay) =>
  homeFor([{ fence: day.buildings[0] as Building, beaconIds: [] }], day.buildings[0] as Building);

/** Whether the phone is offline (keeping its pings) at `at`. */
export const offlineAt = (visits: readonly StudentVisit[], at: Date) =>
  visits.some(
    (v) =>
      v.visit.offline && v.visit.offline.from.getTime() <= at.getTime() && at.getTime() < v.visit.offline.to.getTime(),
  );

/**
 * The instants in (from, to] the phone pings: every CADENCE_MS on its own phase, and on movement
 * (each arrival and departure).
 */
export function phoneTimes(index: number, visits: readonly StudentVisit[], from: Date, to: Date): Date[] {
  const out = pingTimes(index, from, to, CADENCE_MS).map((d) => d.getTime());
  for (const v of visits) {
    for (const at of [v.visit.arrive, v.visit.leave]) {
      if (at && at.getTime() > from.getTime() && at.getTime() <= to.getTime()) out.push(at.getTime());
    }
  }
  return [...new Set(out)].sort((a, b) => a - b).map((t) => new Date(t));
}

export interface HistoryPing {
  ping: PingBody;
  at: Date;
  /** when the server got it: a few seconds after, or when an offline phone came back */
  received: Date;
}

/** The pings a phone sent in (from, to], as the server received them (before `to`). */
export function historyOf(
  day: SchoolDay,
  student: DayStudent,
  visits: readonly StudentVisit[],
  from: Date,
  to: Date,
): HistoryPing[] {
  const home = homeOf(day);
  const out: HistoryPing[] = [];
  for (const at of phoneTimes(student.index, visits, from, to)) {
    // courses come before the study hall in `visits`: a student in class is in class
    const ping = pingAt(student.index, at, visits, home);
    ping.id = `day-${day.tag}-${student.index}-${at.getTime()}`;
    ping.extra = { source: "bench-history" };
    const off = visits.find(
      (v) =>
        v.visit.offline &&
        v.visit.offline.from.getTime() <= at.getTime() &&
        at.getTime() < v.visit.offline.to.getTime(),
    )?.visit.offline;
    const received = off
      ? off.to
      : new Date(at.getTime() + 1000 + Math.floor(unit(student.index, at.getTime() / 1000, 3) * 3000));
    // a phone still offline at `to` has not sent these yet
    if (received.getTime() > to.getTime()) continue;
    out.push({ ping, at, received });
  }
  return out;
}

/** Every instant in [from, to) some phone pings at its real cadence (and on movement), in order. */
export function replayEvents(
  phones: readonly { student: DayStudent; visits: readonly StudentVisit[] }[],
  from: Date,
  to: Date,
): { at: number; phone: number }[] {
  const out: { at: number; phone: number }[] = [];
  phones.forEach((p, phone) => {
    for (const at of phoneTimes(p.student.index, p.visits, new Date(from.getTime() - 1), new Date(to.getTime() - 1)))
      out.push({ at: at.getTime(), phone });
  });
  return out.sort((a, b) => a.at - b.at || a.phone - b.phone);
}

export interface DayAttendance {
  course: number;
  status: StatusId;
  enter: Date | null;
  exit: Date | null;
  percentage: number;
  finished: boolean;
}

/**
 * The attendance rows the server would hold at `now` after these pings: final for the sessions
 * that ended (every enrolled student, absent included, as the finaliser writes them), live for
 * those in progress where the student has been seen (as the engine writes them), none else.
 * Judged by the domain's own evaluateSession.
 */
export function attendanceOf(
  day: SchoolDay,
  visits: readonly StudentVisit[],
  pings: readonly HistoryPing[],
  now: Date,
): DayAttendance[] {
  const out: DayAttendance[] = [];
  for (const v of visits) {
    const c = day.courses[v.course] as DayCourse;
    if (c.start.getTime() - EARLY_WINDOW_MIN * MIN > now.getTime()) continue;
    const finished = c.end.getTime() <= now.getTime();
    const from = c.start.getTime() - EARLY_WINDOW_MIN * MIN;
    const samples = pings
      .filter(({ at }) => from <= at.getTime() && at.getTime() <= c.end.getTime())
      .map(({ ping, at }) => ({ at, present: isAtLocation({ ...ping, recorded_at: at }, v.place) }));
    const rules = {
      late_time: c.late_time,
      absent_time: c.absent_time,
      leave_time: SCHOOL_LEAVE_MIN,
      min_percentage: c.min_percentage,
      review_threshold: null,
    };
    const ev = evaluateSession({ session: { start: c.start, end: c.end }, rules, samples, finished });
    if (!finished && ev.enter === null) continue;
    out.push({
      course: v.course,
      status: ev.status,
      enter: ev.enter,
      exit: ev.exit,
      percentage: ev.percentage,
      finished,
    });
  }
  return out;
}
