/**
 * The travel form: a start and an end (day and clock time in the school's zone), notes, away,
 * the travelling students. A new travel starts at 6:00 and ends at 20:00 of the chosen day (spec
 * section 9); the API takes instants with their zone (ISO 8601, UTC here). Pure, tested
 * without a browser.
 */
import {
  localDate,
  localMinutes,
  TRAVEL_DEFAULT_END_HOUR,
  TRAVEL_DEFAULT_START_HOUR,
  zonedToUtc,
} from "@rollbook/domain";
import type { Errors } from "../../../ui/form/server-errors.ts";

export interface TravelFormValues {
  start_day: string | null;
  start_time: string;
  end_day: string | null;
  end_time: string;
  notes: string;
  is_away: boolean;
  student_ids: number[];
}

/** The fields that take an error: a time's error shows on its day. */
export type TravelField = "start_day" | "end_day" | "notes" | "is_away" | "student_ids";

export const TRAVEL_FIELD_ORDER: readonly TravelField[] = ["start_day", "end_day", "notes", "is_away", "student_ids"];

export const TRAVEL_LABELS: Record<TravelField, string> = {
  start_day: "Start",
  end_day: "End",
  notes: "Notes",
  is_away: "Away",
  student_ids: "Travelling students",
};

/** The API's instants (day and time) land on their day. */
export const TRAVEL_ALIASES: Partial<Record<string, TravelField>> = { start_date: "start_day", end_date: "end_day" };

const hhmm = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
export const DEFAULT_START_TIME = hhmm(TRAVEL_DEFAULT_START_HOUR);
export const DEFAULT_END_TIME = hhmm(TRAVEL_DEFAULT_END_HOUR);

/** A new travel on `day` (default today in the school's zone): 6:00 to 20:00, away, the given students. */
export function newTravelForm(timeZone: string, now: Date, studentIds: number[] = [], day?: string): TravelFormValues {
  const d = day ?? localDate(now, timeZone);
  return {
    start_day: d,
    start_time: DEFAULT_START_TIME,
    end_day: d,
    end_time: DEFAULT_END_TIME,
    notes: "",
    is_away: true,
    student_ids: studentIds,
  };
}

const clockOf = (at: Date, tz: string) => {
  const m = localMinutes(at, tz);
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};

/** An existing travel in the form's terms (its instants read in the school's zone). */
export function travelFormFrom(
  t: { start_date: string; end_date: string; notes: string | null; is_away: boolean; students: { id: number }[] },
  timeZone: string,
): TravelFormValues {
  const start = new Date(t.start_date);
  const end = new Date(t.end_date);
  return {
    start_day: localDate(start, timeZone),
    start_time: clockOf(start, timeZone),
    end_day: localDate(end, timeZone),
    end_time: clockOf(end, timeZone),
    notes: t.notes ?? "",
    is_away: t.is_away,
    student_ids: t.students.map((s) => s.id),
  };
}

/**
 * A new start day moves the end day with it when they were the same day (a one-day trip stays one).
 * A start day cleared or mistyped (null) leaves the end day as it was: it emptied it too.
 */
export function withStartDay(v: TravelFormValues, day: string | null): TravelFormValues {
  return { ...v, start_day: day, end_day: day !== null && v.end_day === v.start_day ? day : v.end_day };
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minutesOf = (t: string) => {
  const m = CLOCK.exec(t.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/** The instant of a day and clock time in the zone, as ISO 8601 (UTC); null when incomplete. */
export function instant(day: string | null, time: string, timeZone: string): string | null {
  const m = minutesOf(time);
  if (!day || m === null) return null;
  return zonedToUtc(day, m, timeZone).toISOString();
}

export function travelFormErrors(v: TravelFormValues, timeZone: string): Errors<TravelField> {
  const e: Errors<TravelField> = {};
  const start = instant(v.start_day, v.start_time, timeZone);
  const end = instant(v.end_day, v.end_time, timeZone);
  if (!v.start_day) e.start_day = "Start day is required";
  else if (minutesOf(v.start_time) === null) e.start_day = "Start time must be a time such as 06:00";
  if (!v.end_day) e.end_day = "End day is required";
  else if (minutesOf(v.end_time) === null) e.end_day = "End time must be a time such as 20:00";
  if (start && end && end <= start) e.end_day = "End must be after the start";
  if (v.notes.trim().length > 1000) e.notes = "Notes must be at most 1000 characters";
  // no student ticked: the server refuses it (a travel listing nobody would cover the whole team)
  if (v.student_ids.length === 0) e.student_ids = "Pick at least one student, or Whole team";
  return e;
}

/** createTravel / updateTravel arguments (without team_id or id). */
export function travelVariables(v: TravelFormValues, timeZone: string) {
  return {
    start_date: instant(v.start_day, v.start_time, timeZone) ?? undefined,
    end_date: instant(v.end_day, v.end_time, timeZone) ?? undefined,
    notes: v.notes.trim() || null,
    is_away: v.is_away,
    student_ids: v.student_ids,
  };
}
