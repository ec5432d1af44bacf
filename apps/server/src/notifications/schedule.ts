import { addDays, localDate, localMinutes, weekdayOf } from "@rollbook/domain";
import type { NotificationKind } from "./once.ts";

/** Recaps and the week's start-up go out from this school-local time on (06:00). */
export const SEND_AT_MINUTES = 6 * 60;

export interface DuePeriod {
  kind: Exclude<NotificationKind, "pindrop" | "import_invite">;
  /** the claim's period: the local date it is sent on */
  period: string;
  /** the dates it covers, inclusive */
  from: string;
  to: string;
}

/**
 * What is due at `now` in the school's zone: from 06:00 local until the day ends, the daily recap
 * (yesterday), and on Mondays the weekly start-up (this week) and the weekly recap (last week).
 * A server down at 06:00 sends later that day; a whole day missed is not caught up (stale news).
 */
export function duePeriods(now: Date, timezone: string): DuePeriod[] {
  if (localMinutes(now, timezone) < SEND_AT_MINUTES) return [];
  const today = localDate(now, timezone);
  const yesterday = addDays(today, -1);
  const out: DuePeriod[] = [{ kind: "daily_recap", period: today, from: yesterday, to: yesterday }];
  if (weekdayOf(today) === 1) {
    out.push({ kind: "weekly_startup", period: today, from: today, to: addDays(today, 6) });
    out.push({ kind: "weekly_recap", period: today, from: addDays(today, -7), to: yesterday });
  }
  return out;
}
