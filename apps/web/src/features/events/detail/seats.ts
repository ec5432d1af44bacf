/** The words of an event's seats and waitlist. Pure, tested without a browser. */
import { formatCount } from "@rollbook/domain";
import { studentsWord } from "../../links/pick-students.ts";

interface Counts {
  attending_count: number;
  waitlist_count: number;
}

/**
 * What adding students did, from the event's counts before and after: how many got a seat, how
 * many joined the waitlist (the event was full), how many were there already.
 */
export function addToEventText(changed: number, asked: number, title: string, before: Counts, after: Counts): string {
  if (changed === 0)
    return asked === 1 ? `That student was already on ${title}.` : `They were all already on ${title}.`;
  const seated = Math.max(0, after.attending_count - before.attending_count);
  const waiting = Math.max(0, Math.min(changed - seated, after.waitlist_count - before.waitlist_count));
  const parts: string[] = [];
  if (seated > 0) parts.push(`${studentsWord(seated, true)} got a seat`);
  if (waiting > 0)
    parts.push(`${parts.length ? "" : "The event is full: "}${studentsWord(waiting)} joined the waitlist`);
  const already = asked - changed;
  const text = parts.length ? parts.join("; ") : `${studentsWord(changed, true)} added`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${already > 0 ? ` (${already} already on it)` : ""}.`;
}

/** "Seats: 12 of 30", "Full (30 of 30)", "No seat limit (12 attending)". */
export function seatsLine(e: Counts & { capacity: number | null }): string {
  const [attending, capacity] = [formatCount(e.attending_count), e.capacity === null ? "" : formatCount(e.capacity)];
  if (e.capacity === null) return `No seat limit (${attending} attending)`;
  if (e.attending_count >= e.capacity) return `Full (${attending} of ${capacity})`;
  return `${formatCount(e.capacity - e.attending_count)} of ${capacity} seats left`;
}

/** Whether a waitlisted student can move up now. */
export const hasFreeSeat = (e: { attending_count: number; capacity: number | null }) =>
  e.capacity === null || e.attending_count < e.capacity;
