import type { SchoolRules } from "@rollbook/domain";
import type { Services } from "../services.ts";
import type { DaySession } from "./sessions-for-student.ts";
import { TtlCache } from "./ttl-cache.ts";

/** What the engine needs to know about a student, from the student and school rows. */
export interface StudentContext {
  id: number;
  school_id: number;
  timezone: string;
  school: SchoolRules;
  token: string;
  device_id: number | null;
}

/** Per app (tests run several apps in one process, each with its own ids). */
interface EngineState {
  /** personal token -> student; the ping insert re-checks the token, so a reset token is refused at once */
  byToken: TtlCache<string, StudentContext>;
  /** `${studentId}:${date}` -> the sessions of date-1..date+1 */
  days: TtlCache<string, DaySession[]>;
}

const states = new WeakMap<Services, EngineState>();

export const TOKEN_TTL_MS = 60_000;
/** Schedule changes by staff (enrolment, times, cancellations) reach the engine within this. */
export const SCHEDULE_TTL_MS = 30_000;

export function engineState(s: Services): EngineState {
  let st = states.get(s);
  if (!st) {
    st = { byToken: new TtlCache(TOKEN_TTL_MS), days: new TtlCache(SCHEDULE_TTL_MS) };
    states.set(s, st);
  }
  return st;
}

/**
 * Forget what the engine cached about a student (after a token reset, an
 * enrolment or a schedule change) so the next ping reads it afresh.
 * Without a student: forget every schedule (a course's times or a closure changed).
 */
export function forgetStudent(s: Services, studentId?: number) {
  const st = engineState(s);
  if (studentId === undefined) {
    st.days.clear();
    return;
  }
  st.days.deleteWhere((k) => k.startsWith(`${studentId}:`));
  st.byToken.deleteWhere((_token, student) => student.id === studentId);
}
