/** The words of an event's seats and waitlist. Pure, tested without a browser. */
import { formatCount, seesAssignedOnly } from "@rollbook/domain";
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

/**
 * Roles 5-9 see only the students linked to them (decisions' "assigned only"), while an event's
 * counts are its seats: a professor on a public event may see 10 of its 20. What the Students or
 * Waitlist tab says then, so the header's count and the list do not silently disagree; null when
 * the list shows them all. An administrator sees every student: a list briefly shorter than the
 * count (a refetch in flight) is not explained as visibility.
 */
export function partlyListedText(
  shown: number,
  total: number,
  where: "attending" | "on the waitlist",
  roleId: number,
): string | null {
  if (shown >= total || !seesAssignedOnly(roleId)) return null;
  const all = total === 1 ? `the 1 student ${where}` : `the ${formatCount(total)} students ${where}`;
  const why = "you see only students linked to you (your courses, events, teams and students).";
  if (shown === 0) return `None of ${all} is listed: ${why}`;
  return `Listed: ${formatCount(shown)} of ${all}; ${why}`;
}
