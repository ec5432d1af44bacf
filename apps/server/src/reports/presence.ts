import { addDays, seesAssignedOnly, zonedToUtc } from "@rollbook/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { byName } from "../db/collation.ts";
import { presenceDaily } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { type PageArgs, paging, sortColumn } from "../graphql/paging.ts";
import { beaconFilter } from "./beacon.ts";
import { byStudentName, num, rowsOf, schoolToday } from "./common.ts";
import { placedPings } from "./ping-place.ts";
import { checkedRange } from "./status.ts";

/** "Inside now": a student with a ping at a location in the last 10 minutes. */
export const PRESENCE_NOW_MINUTES = 10;

export interface PresenceReportArgs extends PageArgs {
  location_id?: number | null;
  start_date?: string | null;
  end_date?: string | null;
}

export interface PresenceRow {
  student_id: number;
  student_uuid: string;
  first_name: string;
  last_name: string;
  location_id: number;
  location_name: string;
  first_seen: Date;
  last_seen: Date;
  pings: number;
}

export interface PresenceFilter {
  /**
   * per student and location: `student_id, location_id, first_seen, last_seen, pings` of the window,
   * from the placed pings (ping-place.ts) now, from presence_daily over dates (decision 0821)
   */
  groups: SQL;
  /** the window read: the last 10 minutes, or the dates' local midnights */
  from: Date;
  to: Date;
}

/** Both dates or neither, checked as every report's range; location_id a whole number. */
export function checkPresence(args: PresenceReportArgs): { start: string | null; end: string | null } {
  const range = checkedRange(args.start_date, args.end_date, false);
  if ((range.start === null) !== (range.end === null)) {
    const missing = range.start === null ? "start_date" : "end_date";
    throw userError(`${missing} is required with the other date`, missing);
  }
  if (args.location_id != null && !Number.isInteger(args.location_id))
    throw userError("location_id must be a whole number", "location_id");
  return range;
}

/**
 * Pings placed at a visible location (ping-place.ts), now or between two dates of the school's
 * calendar, grouped per student and location.
 */
export async function presenceFilter(
  data: Scoped,
  args: PresenceReportArgs,
  now = new Date(),
): Promise<PresenceFilter> {
  const range = checkPresence(args);
  // beaconFilter checks location_id the same way (unseen: not found)
  await beaconFilter(data, { location_id: args.location_id });
  let from = new Date(now.getTime() - PRESENCE_NOW_MINUTES * 60_000);
  // a minute ahead: a phone's clock running a little fast still counts as now
  let to = new Date(now.getTime() + 60_000);
  if (range.start !== null && range.end !== null) {
    const { tz } = await schoolToday(data, now);
    from = zonedToUtc(range.start, 0, tz);
    to = zonedToUtc(addDays(range.end, 1), 0, tz);
    // the report is for admin roles, who see every student of the school: the days' summary
    if (!seesAssignedOnly(data.viewer.roleId))
      return { groups: dailyGroups(data, range.start, range.end, args.location_id), from, to };
  }
  return { groups: presenceGroups(placedPings(data, from, to, args.location_id)), from, to };
}

/** Per student and location: first and last ping, and how many. */
export function presenceGroups(placed: SQL): SQL {
  return sql`select p.student_id, p.location_id,
    min(p.recorded_at) as first_seen, max(p.recorded_at) as last_seen, count(*)::int as pings
    from (${placed}) p group by p.student_id, p.location_id`;
}

/**
 * The same groups over whole days of the school's calendar, from presence_daily (kept by a trigger
 * on pings, each ping placed as ping-place.ts places it, on its day in the school's zone): the
 * school's students (school_id is the student's), removed ones included as their pings are, at
 * visible locations.
 */
function dailyGroups(data: Scoped, start: string, end: string, locationId?: number | null): SQL {
  const d = presenceDaily;
  return sql`select ${d.student_id} as student_id, ${d.location_id} as location_id,
    min(${d.first_seen}) as first_seen, max(${d.last_seen}) as last_seen, sum(${d.pings})::int as pings
    from ${d}
    where ${d.school_id} = ${data.viewer.schoolId} and ${d.day} >= ${start} and ${d.day} <= ${end}
      and ${d.location_id} in (${data.ids("locations")})
      ${locationId != null ? sql`and ${d.location_id} = ${locationId}` : sql``}
    group by ${d.student_id}, ${d.location_id}`;
}

export function presenceOrder(args: PageArgs): SQL {
  const { dir } = paging({ ...args, page: 1, per_page: 1 });
  const col = sortColumn<SQL | "student">(
    args.sort_by,
    {
      student: "student",
      location: byName(sql`l.name`),
      first_seen: sql`g.first_seen`,
      last_seen: sql`g.last_seen`,
      pings: sql`g.pings`,
    },
    "student",
  );
  // students by name as every list of them (decision 0612)
  if (col === "student") {
    const names = byStudentName(dir, { last: sql`s.last_name`, first: sql`s.first_name`, id: sql`g.student_id` });
    return sql`${sql.join(names, sql`, `)}, g.location_id asc`;
  }
  return sql`${col} ${dir === "asc" ? sql`asc` : sql`desc`}, g.student_id asc, g.location_id asc`;
}

/** The CSV's order: the groups' key, so each batch starts after the last one's (a keyset). */
export const presenceKeyOrder = sql`g.student_id asc, g.location_id asc`;

/** The groups after a key (the CSV's keyset); the bound on grouped columns reaches the scan below. */
export const presenceAfter = (groups: SQL, after: { student_id: number; location_id: number }) =>
  sql`select * from (${groups}) k where k.student_id >= ${after.student_id}
    and (k.student_id, k.location_id) > (${after.student_id}, ${after.location_id})`;

export async function presenceRows(
  data: Scoped,
  groups: SQL,
  order: SQL,
  limit: number,
  offset: number,
): Promise<PresenceRow[]> {
  return (await presenceRowsWithTotal(data, groups, order, limit, offset, false)).rows;
}

/**
 * The rows of a page, and with `withTotal` the number of groups in the same statement (a window
 * count over the groups it has made anyway: one pass instead of a second statement grouping again).
 */
async function presenceRowsWithTotal(
  data: Scoped,
  groups: SQL,
  order: SQL,
  limit: number,
  offset: number,
  withTotal: boolean,
): Promise<{ rows: PresenceRow[]; total: number | null }> {
  const rows = await rowsOf(
    data,
    sql`select g.*, s.uuid, s.first_name, s.last_name, l.name as location_name
        ${withTotal ? sql`, count(*) over ()::int as total` : sql``}
      from (${groups}) g join students s on s.id = g.student_id join locations l on l.id = g.location_id
      order by ${order} limit ${limit} offset ${offset}`,
  );
  return {
    total: withTotal && rows.length > 0 ? num(rows[0]!.total) : null,
    rows: rows.map((r) => ({
      student_id: num(r.student_id),
      student_uuid: String(r.uuid),
      first_name: String(r.first_name),
      last_name: String(r.last_name),
      location_id: num(r.location_id),
      location_name: String(r.location_name),
      first_seen: new Date(r.first_seen as string | Date),
      last_seen: new Date(r.last_seen as string | Date),
      pings: num(r.pings),
    })),
  };
}

export async function presenceCount(data: Scoped, groups: SQL): Promise<number> {
  const [row] = await rowsOf(data, sql`select count(*)::int as n from (${groups}) g`);
  return num(row?.n);
}

/**
 * The Presence report (issue 12, admin roles): who is at which location, from the pings placed
 * at a location by the engine or by a beacon sighting (ping-place.ts). Without dates: the last 10 minutes ("inside now"); with dates:
 * per student and location over those days of the school's calendar.
 */
export async function presenceReport(
  data: Scoped,
  args: PresenceReportArgs,
): Promise<{ data: PresenceRow[]; total: number; from: Date; to: Date }> {
  const p = paging(args);
  const order = presenceOrder(args);
  const f = await presenceFilter(data, args);
  const page = await presenceRowsWithTotal(data, f.groups, order, p.perPage, p.offset, true);
  // a page past the last has no row to carry the total: count it apart
  const total = page.total ?? (p.offset > 0 ? await presenceCount(data, f.groups) : 0);
  return { data: page.rows, total, from: f.from, to: f.to };
}
