import { zonedParts } from "../time-zone.ts";

/** Pings of one student in one slot of time starting at `at` (a slot never spans two local hours). */
export interface PingSlot {
  student_id: number;
  at: Date;
  pings: number;
}

export interface HourBucket {
  /** local hour of the day, 0-23 */
  hour: number;
  /** distinct students with at least one ping in that hour */
  students: number;
  pings: number;
}

/**
 * Minutes per slot the database groups pings by before they are put in local hours: every time
 * zone's offset is a multiple of 15 minutes, so a 15-minute slot lies inside one local hour.
 */
export const SLOT_MINUTES = 15;

/**
 * A day's activity by local hour of `tz`: 24 buckets (a DST day keeps 24: the skipped hour
 * stays empty, the repeated hour holds both of its occurrences), plus the day's distinct
 * students and pings.
 */
export function hourBuckets(
  slots: readonly PingSlot[],
  tz: string,
): { hours: HourBucket[]; students: number; pings: number } {
  const perHour = Array.from({ length: 24 }, () => ({ students: new Set<number>(), pings: 0 }));
  const everyone = new Set<number>();
  let pings = 0;
  for (const s of slots) {
    const b = perHour[zonedParts(s.at, tz).hour]!;
    b.students.add(s.student_id);
    b.pings += s.pings;
    everyone.add(s.student_id);
    pings += s.pings;
  }
  return {
    hours: perHour.map((b, hour) => ({ hour, students: b.students.size, pings: b.pings })),
    students: everyone.size,
    pings,
  };
}
