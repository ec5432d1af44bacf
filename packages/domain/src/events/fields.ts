import { type SchoolThresholds, thresholdOrderProblem } from "../attendance/rules.ts";
import { EVENT_DROP_CUTOFF_DEFAULT } from "../constants.ts";
import { clockMinutes, MINUTES_IN_DAY } from "../courses/fields.ts";
import { DATE_PROBLEM, isValidDate } from "../dates.ts";

/** Limits of an event's fields (decision 0700, "Events and signup"). */
export const EVENT_TITLE_MAX = 200;
export const EVENT_ERN_MAX = 100;
export const EVENT_DESCRIPTION_MAX = 5000;
/** drop_cutoff: at most a week before the start. */
export const DROP_CUTOFF_MAX = 7 * MINUTES_IN_DAY;
export const EVENT_VISIBILITIES = ["public", "private"] as const;

/** The editable fields of an event as the API takes them (spec section 3; null clears an optional one). */
export interface EventInput {
  title?: string | null;
  ern?: string | null;
  description?: string | null;
  date?: string | null;
  start_time?: string | null;
  end_time?: string | null;
  location_id?: number | null;
  capacity?: number | null;
  visibility?: string | null;
  late_time?: number | null;
  absent_time?: number | null;
  min_percentage?: number | null;
  drop_cutoff?: number | null;
  alerts_students?: boolean | null;
  required?: boolean | null;
  restricted_by?: number | null;
}

export class EventInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const fail = (field: string, message: string): never => {
  throw new EventInputError(field, message);
};

function text(v: string | null | undefined, field: string, max: number): string | null | undefined {
  if (v === undefined) return undefined;
  const t = v?.trim() ?? "";
  if (t.length > max) fail(field, `${field} must be at most ${max} characters`);
  return t || null;
}

function whole(v: number | null | undefined, field: string, min: number, max: number): number | null | undefined {
  if (v === undefined || v === null) return v;
  if (!Number.isInteger(v) || v < min || v > max) fail(field, `${field} must be a whole number from ${min} to ${max}`);
  return v;
}

/** The message that refuses a seat: "The event is full (30 of 30)". */
export const eventFullMessage = (capacity: number, attending: number) =>
  `The event is full (${attending} of ${capacity})`;

/**
 * A capacity for an event with `attending` students seated: at least 1 and not below them
 * (null: no limit). Throws EventInputError on field capacity.
 */
export function checkCapacity(capacity: number | null | undefined, attending: number): void {
  if (capacity === undefined || capacity === null) return;
  if (!Number.isInteger(capacity) || capacity < 1) fail("capacity", "capacity must be a whole number of at least 1");
  if (capacity < attending)
    fail("capacity", `capacity cannot be below the ${attending} students attending: remove some first`);
}

/**
 * Checks and normalises an event's fields. `before` is the stored event on update (null on
 * create): the rules that join fields (times, thresholds) look at the event as it will be.
 * On create drop_cutoff defaults to 240 and visibility to private. Throws EventInputError.
 */
export function cleanEventInput(
  input: EventInput,
  before: EventInput | null,
  school?: SchoolThresholds | null,
): EventInput {
  const out: EventInput = {};
  if (before === null || input.title !== undefined) {
    const title = text(input.title ?? "", "title", EVENT_TITLE_MAX);
    if (!title) fail("title", "title is required");
    out.title = title;
  }
  const ern = text(input.ern, "ern", EVENT_ERN_MAX);
  if (ern !== undefined) out.ern = ern;
  const description = text(input.description, "description", EVENT_DESCRIPTION_MAX);
  if (description !== undefined) out.description = description;
  if (before === null || input.date !== undefined) {
    const d = input.date?.trim() ?? "";
    if (!isValidDate(d)) fail("date", `date ${DATE_PROBLEM}`);
    out.date = d;
  }
  for (const f of ["start_time", "end_time"] as const) {
    if (before !== null && input[f] === undefined) continue;
    const v = input[f]?.trim() ?? "";
    if (clockMinutes(v) === null) fail(f, `${f} must be a time of day as HH:MM (24 h)`);
    out[f] = v.slice(0, 5);
  }
  if (input.location_id !== undefined) out.location_id = input.location_id;
  if (input.restricted_by !== undefined) out.restricted_by = input.restricted_by;
  if (input.capacity !== undefined) {
    if (input.capacity !== null) checkCapacity(input.capacity, 0);
    out.capacity = input.capacity;
  }
  if (before === null || input.visibility !== undefined) {
    const v = (input.visibility ?? "private").trim().toLowerCase();
    if (!(EVENT_VISIBILITIES as readonly string[]).includes(v))
      fail("visibility", `visibility must be one of ${EVENT_VISIBILITIES.join(", ")}`);
    out.visibility = v;
  }
  const late = whole(input.late_time, "late_time", 0, MINUTES_IN_DAY);
  if (late !== undefined) out.late_time = late;
  const absent = whole(input.absent_time, "absent_time", 0, MINUTES_IN_DAY);
  if (absent !== undefined) out.absent_time = absent;
  const pct = whole(input.min_percentage, "min_percentage", 0, 100);
  if (pct !== undefined) out.min_percentage = pct;
  if (before === null || input.drop_cutoff !== undefined) {
    const cutoff = input.drop_cutoff ?? (before === null ? EVENT_DROP_CUTOFF_DEFAULT : null);
    if (cutoff === null) fail("drop_cutoff", "drop_cutoff must be a whole number of minutes");
    out.drop_cutoff = whole(cutoff, "drop_cutoff", 0, DROP_CUTOFF_MAX) as number;
  }
  for (const f of ["alerts_students", "required"] as const) {
    const v = input[f];
    if (v === undefined) continue;
    if (v === null) fail(f, `${f} must be true or false`);
    out[f] = v;
  }
  // the school's thresholds weigh when these change: an old course out of order still takes other edits
  const touchesThresholds = before === null || input.late_time !== undefined || input.absent_time !== undefined;
  checkWhole({ ...(before ?? {}), ...out }, touchesThresholds ? school : null);
  return out;
}

/** The rules between fields, on the event as it will be stored. */
function checkWhole(e: EventInput, school: SchoolThresholds | null | undefined) {
  const start = clockMinutes(String(e.start_time ?? "").slice(0, 5));
  const end = clockMinutes(String(e.end_time ?? "").slice(0, 5));
  if (start === null) fail("start_time", "start_time is required");
  if (end === null) fail("end_time", "end_time is required");
  if ((end as number) <= (start as number)) fail("end_time", "end_time must be after start_time");
  const order = thresholdOrderProblem(e, school);
  if (order) fail(order.field, order.message);
}
