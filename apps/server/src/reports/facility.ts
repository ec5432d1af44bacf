import {
  addDays,
  DATE_PROBLEM,
  type HourBucket,
  hourBuckets,
  isValidDate,
  SLOT_MINUTES,
  zonedToUtc,
} from "@rollbook/domain";
import { sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { num, rowsOf, schoolToday } from "./common.ts";
import { placedPings } from "./ping-place.ts";

export interface FacilityReportArgs {
  location_id: number;
  date: string;
}

export interface FacilityReport {
  location_id: number;
  location_name: string;
  date: string;
  /** the school's zone the hours are in */
  timezone: string;
  hours: HourBucket[];
  /** distinct students and pings over the whole day */
  students: number;
  pings: number;
}

/** The location and date checked: an unseen location is not found, a bad date names `date`. */
export async function facilityTarget(data: Scoped, args: FacilityReportArgs) {
  if (!Number.isInteger(args.location_id)) throw userError("location_id must be a whole number", "location_id");
  // the location first: another school's answers not found whatever the date
  const location = await data.byId("locations", args.location_id);
  if (!location) throw notFound("Location");
  return { location, date: checkFacilityDate(args.date) };
}

/** The day, naming `date` when it is missing or not a date. */
export function checkFacilityDate(value: string | null | undefined): string {
  const date = value?.trim() ?? "";
  if (date === "") throw userError("date is required", "date");
  if (!isValidDate(date)) throw userError(`date ${DATE_PROBLEM}`, "date");
  return date;
}

/**
 * The Facility report (issue 12, admin roles): a location's activity by hour of one day in the
 * school's zone. The database sums pings per student and 15-minute slot (a slot lies inside
 * one local hour in every zone); the domain puts the slots in local hours (hourBuckets).
 */
export async function facilityReport(data: Scoped, args: FacilityReportArgs): Promise<FacilityReport> {
  const { location, date } = await facilityTarget(data, args);
  const { tz } = await schoolToday(data);
  const from = zonedToUtc(date, 0, tz);
  const to = zonedToUtc(addDays(date, 1), 0, tz);
  const slotSeconds = SLOT_MINUTES * 60;
  const rows = await rowsOf(
    data,
    sql`select p.student_id, floor(extract(epoch from p.recorded_at) / ${slotSeconds})::bigint as slot, count(*)::int as n
      from (${placedPings(data, from, to, location.id)}) p group by 1, 2`,
  );
  const day = hourBuckets(
    rows.map((r) => ({
      student_id: num(r.student_id),
      at: new Date(num(r.slot) * slotSeconds * 1000),
      pings: num(r.n),
    })),
    tz,
  );
  return { location_id: location.id, location_name: location.name, date, timezone: tz, ...day };
}
