import { EVENT_DROP_CUTOFF_DEFAULT } from "../constants.ts";
import { eventSession } from "../schedule.ts";
import { localDate, localMinutes } from "../time-zone.ts";

/** A signup link (confirm, status, drop) works for a day. */
export const SIGNUP_LINK_TTL_MS = 24 * 3600 * 1000;
/** An e-mail address is at most 254 characters; a school identifier much less. */
export const SIGNUP_IDENTIFIER_MAX = 254;
/** The one answer of a signup request, whoever it names: it never tells who is a student. */
export const SIGNUP_REQUEST_ANSWER =
  "If that is a participant of the school, a link to confirm has been sent to their school e-mail.";
export const SIGNUP_NOT_OPEN = "This event is not open for signup.";

export type SignupState = "attending" | "waitlisted" | "none";

/** What the signup rules read of an event. */
export interface SignupEvent {
  visibility: string;
  deleted_at: Date | string | null;
  date: string;
  start_time: string;
  end_time: string;
  drop_cutoff: number | null;
}

/** The shape problem of a typed identifier (school e-mail or school identifier), or null. */
export function signupIdentifierProblem(raw: unknown): string | null {
  if (raw === undefined || raw === null) return "is required";
  if (typeof raw !== "string") return "must be a string (a school identifier or an e-mail address)";
  if (raw.trim() === "") return "is required";
  if (raw.trim().length > SIGNUP_IDENTIFIER_MAX) return `must be at most ${SIGNUP_IDENTIFIER_MAX} characters`;
  return null;
}

/** Open for signup: a live public event that has not ended (in the school's zone). */
export function isOpenForSignup(e: SignupEvent, tz: string, now: Date): boolean {
  if (e.visibility !== "public" || e.deleted_at) return false;
  return now.getTime() < eventSession(e, tz).end.getTime();
}

/** The instant after which a student may no longer drop (nor join): drop_cutoff minutes before the start. */
export function dropUntil(e: SignupEvent, tz: string): Date {
  const start = eventSession(e, tz).start;
  return new Date(start.getTime() - (e.drop_cutoff ?? EVENT_DROP_CUTOFF_DEFAULT) * 60_000);
}

/** "14:00 on 2026-11-26 (America/Chicago)": an instant as the school's clock shows it. */
export function localTimeText(at: Date, tz: string): string {
  const m = Math.floor(localMinutes(at, tz));
  const hhmm = `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  return `${hhmm} on ${localDate(at, tz)} (${tz})`;
}

/** A student's place on an event: none, a seat, or the waitlist. */
export function signupState(link: { in_waitlist: boolean } | null | undefined): SignupState {
  if (!link) return "none";
  return link.in_waitlist ? "waitlisted" : "attending";
}

/** 1-based place of a student in a waitlist given in order (null: not on it). */
export function waitlistPosition(ordered: readonly number[], studentId: number): number | null {
  const i = ordered.indexOf(studentId);
  return i < 0 ? null : i + 1;
}

/** Seats still free (null: no limit). */
export const seatsLeft = (capacity: number | null, attending: number): number | null =>
  capacity === null ? null : Math.max(0, capacity - attending);
