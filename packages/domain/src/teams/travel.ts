import { isValidDate } from "../dates.ts";
import { formatDate } from "../format.ts";
import { localDate, zonedToUtc } from "../time-zone.ts";
import { TeamInputError } from "./fields.ts";

/** The default travel window of a day: 6:00 to 20:00 in the school's zone (spec section 9). */
export const TRAVEL_DEFAULT_START_MINUTES = 6 * 60;
export const TRAVEL_DEFAULT_END_MINUTES = 20 * 60;
export const TRAVEL_NOTES_MAX = 1000;

/** 6:00 and 20:00 of `date` (YYYY-MM-DD) in `tz`, DST-safe. */
export function defaultTravelWindow(date: string, tz: string): { start: Date; end: Date } {
  return {
    start: zonedToUtc(date, TRAVEL_DEFAULT_START_MINUTES, tz),
    end: zonedToUtc(date, TRAVEL_DEFAULT_END_MINUTES, tz),
  };
}

export interface TravelWindowInput {
  start_date?: Date | null;
  end_date?: Date | null;
}

/**
 * The window a travel will have: the given instants, else the stored ones (update), else the
 * day's defaults (create). Throws TeamInputError naming end_date when it does not end after it
 * starts (an instant the API could not read is the API's error, before this).
 */
export function travelWindow(
  input: TravelWindowInput,
  fallback: { start: Date; end: Date },
): { start_date: Date; end_date: Date } {
  if (input.start_date === null) throw new TeamInputError("start_date", "start_date is required");
  if (input.end_date === null) throw new TeamInputError("end_date", "end_date is required");
  const start_date = input.start_date ?? fallback.start;
  const end_date = input.end_date ?? fallback.end;
  for (const [field, d] of [
    ["start_date", start_date],
    ["end_date", end_date],
  ] as const)
    if (Number.isNaN(d.getTime())) throw new TeamInputError(field, `${field} must be a date and time`);
  if (end_date.getTime() <= start_date.getTime())
    throw new TeamInputError("end_date", "end_date must be after start_date");
  return { start_date, end_date };
}

/** Notes trimmed; blank is null. */
export function travelNotes(notes: string | null | undefined): string | null | undefined {
  if (notes === undefined) return undefined;
  const t = notes?.trim() ?? "";
  if (t.length > TRAVEL_NOTES_MAX)
    throw new TeamInputError("notes", `notes must be at most ${TRAVEL_NOTES_MAX} characters`);
  return t || null;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * An instant as the API takes it: ISO 8601 with a zone (Z or an offset), so a browser's local
 * time is never read in the server's zone. undefined: not given; null: asked to clear.
 */
export function parseInstant(value: string | null | undefined, field: string): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const v = value.trim();
  const d = INSTANT.test(v) && isValidDate(v.slice(0, 10)) ? new Date(v) : null;
  if (!d || Number.isNaN(d.getTime()))
    throw new TeamInputError(
      field,
      `${field} must be a date and time with its zone (ISO 8601, e.g. 2026-05-04T06:00:00Z)`,
    );
  return d;
}

/** What names a travel to people: its days and its notes. */
export interface TravelNaming {
  start_date: Date;
  end_date: Date;
  notes: string | null;
}

const NAMED_NOTES_MAX = 40;
const NAMED_TRAVEL_MAX = 5;

/**
 * "05/04/2026" (or "05/04/2026 to 05/06/2026" over several days, in the school's zone), then the
 * notes in quotes when there are some, on one line and shortened: a travel named in a message.
 */
export function travelName(t: TravelNaming, tz: string): string {
  const [start, end] = [formatDate(localDate(t.start_date, tz)), formatDate(localDate(t.end_date, tz))];
  const days = start === end ? start : `${start} to ${end}`;
  const notes = t.notes?.replace(/\s+/g, " ").trim();
  if (!notes) return days;
  return `${days} ("${notes.length > NAMED_NOTES_MAX ? `${notes.slice(0, NAMED_NOTES_MAX - 1).trimEnd()}…` : notes}")`;
}

/**
 * The refusal of taking students off a team when a travel of the team would then list none of
 * its students (decision 0705): names each travel (the first five, by start) and says what to do.
 */
export function travelLeftWithoutStudentsMessage(
  travels: readonly TravelNaming[],
  tz: string,
  leaving: number,
): string {
  const sorted = [...travels].sort((a, b) => a.start_date.getTime() - b.start_date.getTime());
  const named = sorted.slice(0, NAMED_TRAVEL_MAX).map((t) => `of ${travelName(t, tz)}`);
  const more = sorted.length - named.length;
  const parts = more > 0 ? [...named, `${more} more`] : named;
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : (parts[0] ?? "");
  const one = sorted.length === 1;
  return (
    `Taking ${leaving === 1 ? "this student" : "these students"} off the team would leave the travel ${list} ` +
    `with no student of the team: ${one ? "edit that travel's students or remove it" : "edit their students or remove them"} first`
  );
}
