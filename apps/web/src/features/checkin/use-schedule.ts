/**
 * Today's sessions with their live status: loaded at once, every REFRESH_MS, and whenever the
 * caller bumps `refreshKey` (after each batch of pings is acknowledged). The last answer is kept
 * in localStorage so the list still shows, marked as not current, when the phone is offline.
 */
import { localDate } from "@rollbook/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { deviceClock } from "./clock-offset.ts";
import { DeviceError, schedule as fetchSchedule } from "./device-api.ts";
import { parseSchedule, type Schedule } from "./schedule-model.ts";

export const REFRESH_MS = 30_000;
const CACHE_KEY = "rollbook.checkin.schedule";

export interface ScheduleState {
  schedule: Schedule | null;
  /** when `schedule` came from the server (ms since epoch) */
  loadedAt: number | null;
  loading: boolean;
  error: string | null;
}

interface Cached {
  schedule: Schedule;
  loadedAt: number;
}

function readCache(): Cached | null {
  try {
    const c = JSON.parse(localStorage.getItem(CACHE_KEY) ?? "null") as Cached | null;
    return c?.schedule && Array.isArray(c.schedule.sessions) ? c : null;
  } catch {
    return null;
  }
}

export function clearScheduleCache() {
  try {
    localStorage.removeItem(CACHE_KEY);
  } catch {
    // nothing cached
  }
}

/** Today in the school's time zone once the server has told us which; the phone's until then. */
export function todayFor(timezone: string | null, now = new Date(deviceClock.now())): string {
  if (timezone) {
    try {
      return localDate(now, timezone);
    } catch {
      // an unknown zone: fall back to the phone's
    }
  }
  const p = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export function useSchedule(token: string, refreshKey: number, onUnauthorized: () => void) {
  const [state, setState] = useState<ScheduleState>(() => {
    const c = readCache();
    const fresh = c && c.schedule.date === todayFor(c.schedule.timezone);
    return { schedule: fresh ? c.schedule : null, loadedAt: fresh ? c.loadedAt : null, loading: true, error: null };
  });
  const timezone = useRef<string | null>(state.schedule?.timezone ?? null);
  const unauthorized = useRef(onUnauthorized);
  unauthorized.current = onUnauthorized;
  const inflight = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    inflight.current?.abort();
    const ctl = new AbortController();
    inflight.current = ctl;
    const date = todayFor(timezone.current);
    setState((s) => ({ ...s, loading: true }));
    try {
      const schedule = parseSchedule(await fetchSchedule(token, date, ctl.signal), date);
      if (ctl.signal.aborted) return;
      const zoneChanged = schedule.timezone && schedule.timezone !== timezone.current;
      timezone.current = schedule.timezone;
      const loadedAt = Date.now();
      try {
        localStorage.setItem(CACHE_KEY, JSON.stringify({ schedule, loadedAt } satisfies Cached));
      } catch {
        // the cache is a nicety
      }
      setState({ schedule, loadedAt, loading: false, error: null });
      // the phone's date was not the school's: ask again for the school's today
      if (zoneChanged && todayFor(schedule.timezone) !== date) void load();
    } catch (err) {
      if (ctl.signal.aborted) return;
      if (err instanceof DeviceError && err.status === 401) {
        unauthorized.current();
        return;
      }
      const message = err instanceof Error ? err.message : "Could not load today's sessions.";
      setState((s) => ({ ...s, loading: false, error: message }));
    }
  }, [token]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the trigger to reload
  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  useEffect(() => {
    const timer = setInterval(() => void load(), REFRESH_MS);
    const onOnline = () => void load();
    window.addEventListener("online", onOnline);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", onOnline);
      inflight.current?.abort();
    };
  }, [load]);

  return { ...state, reload: load };
}
