import type { SchoolRules } from "@rollbook/domain";
import { LRUCache } from "lru-cache";
import type { PushBus } from "../realtime/messages.ts";
import type { Services } from "../services.ts";
import type { DaySession } from "./sessions-for-student.ts";

/** What the engine needs to know about a student, from the student and school rows. */
export interface StudentContext {
  id: number;
  school_id: number;
  timezone: string;
  school: SchoolRules;
  token: string;
  device_id: number | null;
  /** the active phone's token (decision 0511); null: no phone bound yet */
  device_token: string | null;
}

/**
 * Per app (tests run several apps in one process, each with its own ids). Entries are hints
 * that save queries on the hot ping path; whatever must be exact is re-checked by the query
 * that uses it, and a change by staff in any process clears them in every process (the bus).
 */
interface EngineState {
  /** personal token -> student; the ping insert re-checks the token, so a reset token is refused at once */
  byToken: LRUCache<string, StudentContext>;
  /** `${studentId}:${date}` -> the sessions of date-1..date+1 */
  days: LRUCache<string, DaySession[]>;
}

const states = new WeakMap<Services, EngineState>();

/**
 * Floors only: every change clears its entries in every process through the bus, and a gap in the
 * bus clears everything (decision 0563). A phone pings every 30 s; with 30-60 s lives most pings
 * missed both caches and paid five schedule queries.
 */
export const TOKEN_TTL_MS = 10 * 60_000;
/** Schedule changes by staff (enrolment, times, cancellations) that the bus missed reach the engine within this at worst. */
export const SCHEDULE_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 20_000;

export function engineState(s: Services): EngineState {
  let st = states.get(s);
  if (!st) {
    const fresh: EngineState = {
      byToken: new LRUCache({ max: MAX_ENTRIES, ttl: TOKEN_TTL_MS }),
      days: new LRUCache({ max: MAX_ENTRIES, ttl: SCHEDULE_TTL_MS }),
    };
    // every process hears what any process forgets (its own messages included); when messages
    // may have been lost (the Redis subscriber reconnected), everything is forgotten
    (s.bus as Partial<PushBus>).subscribe?.(
      (m) => {
        if (m.type === "engine.forget") forgetLocally(fresh, m.ids);
      },
      () => {
        fresh.days.clear();
        fresh.byToken.clear();
      },
    );
    states.set(s, fresh);
    st = fresh;
  }
  return st;
}

function forgetLocally(st: EngineState, studentIds: number[]) {
  if (studentIds.length === 0) {
    st.days.clear();
    return;
  }
  const ids = new Set(studentIds);
  for (const key of [...st.days.keys()]) if (ids.has(Number(key.split(":")[0]))) st.days.delete(key);
  for (const [token, student] of [...st.byToken.entries()]) if (ids.has(student.id)) st.byToken.delete(token);
}

/**
 * Forget what the engine cached about a student (after a token reset, a device release, an
 * enrolment or a schedule change) so the next ping reads it afresh, here at once and in every
 * other server process through the bus. Without a student: forget every schedule (a course's
 * times or a closure changed).
 */
export function forgetStudent(s: Services, studentId?: number) {
  const ids = studentId === undefined ? [] : [studentId];
  forgetLocally(engineState(s), ids);
  s.bus.publish({ type: "engine.forget", ids }).catch((err) => s.log.warn({ err }, "engine.forget not published"));
}
