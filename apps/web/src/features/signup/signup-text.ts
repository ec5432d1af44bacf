/** Words of the signup page, kept apart so they are tested without a browser. */
import { formatClock } from "@rollbook/domain";
import type { PublicEvent, SignupStatus } from "./signup-client.ts";

/** "Thursday, November 26, 2026" from YYYY-MM-DD (a calendar date: no time zone shift). */
export function longDate(ymd: string): string {
  const [y = 1970, m = 1, d = 1] = ymd.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

export const timeRange = (e: Pick<PublicEvent, "start_time" | "end_time">) =>
  `${formatClock(e.start_time)} – ${formatClock(e.end_time)}`;

export function seatsText(e: Pick<PublicEvent, "seats_left" | "waitlist_count">): string {
  if (e.seats_left === null) return "Open to everyone: no seat limit";
  if (e.seats_left > 0) return `${e.seats_left} ${e.seats_left === 1 ? "seat" : "seats"} left`;
  return `Full: new signups join the waitlist (${e.waitlist_count} waiting)`;
}

export function statusText(s: SignupStatus): string {
  if (s.state === "attending") return "You have a seat at this event.";
  if (s.state === "waitlisted")
    return s.position ? `You are number ${s.position} on the waitlist.` : "You are on the waitlist.";
  return "You are not signed up yet.";
}

/** Dropping stays open until drop_until. */
export const canDrop = (s: SignupStatus, now = new Date()) =>
  s.state !== "none" && (!s.drop_until || now.getTime() < new Date(s.drop_until).getTime());
