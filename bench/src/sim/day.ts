/**
 * A virtual student's day: the visits planned from their schedule, the instants their phone
 * pings, and what it sends at each step (queued while offline, sent in one late batch after).
 */
import { type Behaviour, isOfflineAt, planVisit, type Visit } from "./behaviour.ts";
import { homeFor, type PingBody, pingAt, type SimPlace } from "./position.ts";

/** One session of GET /api/v2/device/schedule, as far as the simulator reads it. */
export interface ScheduleSession {
  attendable_type: "course" | "event";
  attendable_id: number;
  title: string;
  start: string;
  end: string;
  cancelled: string | null;
  manual_attendance: boolean;
  location: { latitude: number; longitude: number; radius: number; beacons: { factory_id: string }[] } | null;
  attendance: { status: number } | null;
}

export interface PlannedVisit {
  session: ScheduleSession;
  visit: Visit;
  place: SimPlace;
}

export interface StudentPlan {
  index: number;
  behaviour: Behaviour;
  visits: PlannedVisit[];
  home: { latitude: number; longitude: number };
}

/** Sessions a phone can check in to: held, located, not marked by hand. */
export const checkable = (s: ScheduleSession) => !s.cancelled && !s.manual_attendance && s.location !== null;

export function planStudent(
  index: number,
  behaviour: Behaviour,
  sessions: readonly ScheduleSession[],
  window: { from: Date; to: Date },
  campus: { latitude: number; longitude: number },
): StudentPlan {
  const visits = sessions.filter(checkable).map((session) => ({
    session,
    visit: planVisit(behaviour, { start: new Date(session.start), end: new Date(session.end) }, index, window),
    place: {
      fence: session.location
        ? {
            latitude: session.location.latitude,
            longitude: session.location.longitude,
            radius: session.location.radius,
          }
        : null,
      beaconIds: session.location?.beacons.map((b) => b.factory_id) ?? [],
    },
  }));
  return {
    index,
    behaviour,
    visits,
    home: homeFor(
      visits.map((v) => v.place),
      campus,
    ),
  };
}

/** Instants in (from, to] on this phone's cadence grid (each phone has its own phase). */
export function pingTimes(index: number, from: Date, to: Date, cadenceMs: number): Date[] {
  const phase = (index * 7919) % cadenceMs;
  const out: Date[] = [];
  let t = Math.floor((from.getTime() - phase) / cadenceMs) * cadenceMs + phase;
  if (t <= from.getTime()) t += cadenceMs;
  for (; t <= to.getTime(); t += cadenceMs) out.push(new Date(t));
  return out;
}

export interface PhoneState {
  queue: PingBody[];
}

/**
 * Advances one phone from `from` to `to`: records its pings, and answers what to send now
 * (everything queued, when the phone is online at `to`), leaving the rest queued.
 */
export function stepPhone(plan: StudentPlan, state: PhoneState, from: Date, to: Date, cadenceMs: number) {
  for (const at of pingTimes(plan.index, from, to, cadenceMs)) {
    state.queue.push(pingAt(plan.index, at, plan.visits, plan.home));
  }
  const offline = plan.visits.some((v) => isOfflineAt(v.visit, to));
  if (offline || state.queue.length === 0) return [];
  const send = state.queue;
  state.queue = [];
  return send;
}

/** The live status the engine should show at `now` for a visit (STATUS names); null if not judged. */
export function expectedStatus(v: PlannedVisit, now: Date): "present" | "late" | "left_early" | "pending" | null {
  const start = new Date(v.session.start).getTime();
  const end = new Date(v.session.end).getTime();
  if (now.getTime() < start) return null;
  if (!v.visit.arrive || v.visit.arrive.getTime() > now.getTime()) return "pending";
  const long = end - start > 6 * 3600_000;
  if (long) return "present"; // a drop-in counts whenever one comes (decision 0360)
  if (v.visit.arrive.getTime() > start + 5 * 60_000) return "late";
  return null; // present or left_early depending on when one looks
}
