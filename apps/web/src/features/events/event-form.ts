/**
 * The event form's values, checks and call arguments (spec section 3's event fields). The
 * server checks again; its field errors land on the same fields. Pure, tested without a browser.
 */
import { DROP_CUTOFF_MAX, EVENT_DROP_CUTOFF_DEFAULT, formatClock } from "@rollbook/domain";
import type { Errors } from "../../ui/form/server-errors.ts";

export interface EventFormValues {
  title: string;
  description: string;
  date: string | null;
  start_time: string;
  end_time: string;
  location_id: string;
  capacity: string;
  visibility: "public" | "private";
  late_time: string;
  absent_time: string;
  min_percentage: string;
  drop_cutoff: string;
  alerts_students: boolean;
  required: boolean;
  restricted_by: string;
}

export type EventField = keyof EventFormValues;

export const EVENT_FIELD_ORDER: readonly EventField[] = [
  "title",
  "description",
  "date",
  "start_time",
  "end_time",
  "location_id",
  "capacity",
  "visibility",
  "late_time",
  "absent_time",
  "min_percentage",
  "drop_cutoff",
  "alerts_students",
  "required",
  "restricted_by",
];

export const EVENT_LABELS: Record<EventField, string> = {
  title: "Title",
  description: "Description",
  date: "Date",
  start_time: "Start time",
  end_time: "End time",
  location_id: "Location",
  capacity: "Capacity",
  visibility: "Visibility",
  late_time: "Late after (minutes)",
  absent_time: "Absent after (minutes)",
  min_percentage: "Minimum percentage",
  drop_cutoff: "Drop cutoff (minutes)",
  alerts_students: "Alert students",
  required: "Required",
  restricted_by: "Restricted to team",
};

export const EMPTY_EVENT_FORM: EventFormValues = {
  title: "",
  description: "",
  date: null,
  start_time: "",
  end_time: "",
  location_id: "",
  capacity: "",
  visibility: "private",
  late_time: "",
  absent_time: "",
  min_percentage: "",
  drop_cutoff: String(EVENT_DROP_CUTOFF_DEFAULT),
  alerts_students: false,
  required: false,
  restricted_by: "",
};

const str = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

/** "09:00:00" (a time column) -> "09:00". */
export const hhmm = (t: string | null | undefined) => (t ?? "").slice(0, 5);

export function eventFormFrom(e: {
  title: string;
  description: string | null;
  date: string;
  start_time: string;
  end_time: string;
  location_id: number | null;
  capacity: number | null;
  visibility: string;
  late_time: number | null;
  absent_time: number | null;
  min_percentage: number | null;
  drop_cutoff: number;
  alerts_students: boolean;
  required: boolean;
  restricted_by: number | null;
}): EventFormValues {
  return {
    title: e.title,
    description: e.description ?? "",
    date: e.date,
    start_time: hhmm(e.start_time),
    end_time: hhmm(e.end_time),
    location_id: str(e.location_id),
    capacity: str(e.capacity),
    visibility: e.visibility === "public" ? "public" : "private",
    late_time: str(e.late_time),
    absent_time: str(e.absent_time),
    min_percentage: str(e.min_percentage),
    drop_cutoff: str(e.drop_cutoff),
    alerts_students: e.alerts_students,
    required: e.required,
    restricted_by: str(e.restricted_by),
  };
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minutesOf = (t: string) => {
  const m = CLOCK.exec(t.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};
const whole = (t: string) => (/^\d+$/.test(t.trim()) ? Number(t.trim()) : null);

/**
 * The client's checks. `attending` (on edit) is how many students hold a seat: the capacity may
 * not go under it.
 */
export function eventFormErrors(v: EventFormValues, attending = 0): Errors<EventField> {
  const e: Errors<EventField> = {};
  const title = v.title.trim();
  if (!title) e.title = "Title is required";
  else if (title.length > 200) e.title = "Title must be at most 200 characters";
  if (!v.date) e.date = "Date is required";
  const start = minutesOf(v.start_time);
  const end = minutesOf(v.end_time);
  if (!v.start_time.trim()) e.start_time = "Start time is required";
  else if (start === null) e.start_time = "Start time must be a time such as 09:00";
  if (!v.end_time.trim()) e.end_time = "End time is required";
  else if (end === null) e.end_time = "End time must be a time such as 17:00";
  else if (start !== null && end <= start) e.end_time = "End time must be after the start time";
  if (v.capacity.trim()) {
    const c = whole(v.capacity);
    if (c === null || c < 1) e.capacity = "Capacity must be a whole number of at least 1 (or empty: no limit)";
    else if (c < attending) e.capacity = `Capacity must be at least ${attending}: that many students are attending`;
  }
  const late = v.late_time.trim() ? whole(v.late_time) : null;
  const absent = v.absent_time.trim() ? whole(v.absent_time) : null;
  if (v.late_time.trim() && (late === null || late > 1440))
    e.late_time = "Late after must be whole minutes from 0 to 1440";
  if (v.absent_time.trim() && (absent === null || absent > 1440))
    e.absent_time = "Absent after must be whole minutes from 0 to 1440";
  else if (late !== null && absent !== null && absent <= late)
    e.absent_time = "Absent after must be more minutes than late after";
  if (v.min_percentage.trim()) {
    const p = whole(v.min_percentage);
    if (p === null || p > 100) e.min_percentage = "Minimum percentage must be a whole number from 0 to 100";
  }
  const cutoff = whole(v.drop_cutoff);
  if (!v.drop_cutoff.trim()) e.drop_cutoff = "Drop cutoff is required";
  else if (cutoff === null || cutoff > DROP_CUTOFF_MAX)
    e.drop_cutoff = `Drop cutoff must be whole minutes from 0 to ${DROP_CUTOFF_MAX} (a week)`;
  return e;
}

const numOrNull = (t: string) => (t.trim() === "" ? null : Number(t.trim()));

/** createEvent / updateEvent arguments. */
export function eventVariables(v: EventFormValues) {
  return {
    title: v.title.trim(),
    description: v.description.trim() || null,
    date: v.date ?? "",
    start_time: v.start_time.trim(),
    end_time: v.end_time.trim(),
    location_id: numOrNull(v.location_id),
    capacity: numOrNull(v.capacity),
    visibility: v.visibility,
    late_time: numOrNull(v.late_time),
    absent_time: numOrNull(v.absent_time),
    min_percentage: numOrNull(v.min_percentage),
    drop_cutoff: Number(v.drop_cutoff.trim()),
    alerts_students: v.alerts_students,
    required: v.required,
    restricted_by: numOrNull(v.restricted_by),
  };
}

/** "9:00 AM – 10:30 AM" of an event's times. */
export function eventTimes(e: { start_time: string; end_time: string }): string {
  const start = formatClock(hhmm(e.start_time));
  const end = formatClock(hhmm(e.end_time));
  return start && end ? `${start} – ${end}` : start || end || "—";
}

/** "12 of 30" seats taken, "12 (no limit)". */
export function seatsText(e: { attending_count: number; capacity: number | null }): string {
  return e.capacity === null ? `${e.attending_count} (no limit)` : `${e.attending_count} of ${e.capacity}`;
}
