import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { byName } from "../db/collation.ts";
import { beacons, locations } from "../db/schema/index.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { type PageArgs, paging, sortColumn } from "../graphql/paging.ts";
import { num, rowsOf } from "./common.ts";

export interface BeaconReportArgs extends PageArgs {
  location_id?: number | null;
}

export interface BeaconRow {
  id: number;
  name: string;
  factory_id: string;
  active: boolean;
  location_id: number | null;
  location_name: string | null;
  battery: number | null;
  /** the latest ping of a student of the school that reported this beacon (within a minute); null: never */
  last_seen: Date | null;
}

/** The school's beacons, of one location if asked (an unseen location: not found). */
export async function beaconFilter(data: Scoped, args: BeaconReportArgs): Promise<SQL> {
  if (args.location_id == null) return data.visible("beacons");
  if (!Number.isInteger(args.location_id)) throw userError("location_id must be a whole number", "location_id");
  if (!(await data.byId("locations", args.location_id))) throw notFound("Location");
  return and(data.visible("beacons"), eq(beacons.location_id, args.location_id)) as SQL;
}

export function beaconOrder(args: PageArgs): SQL {
  const { dir } = paging({ ...args, page: 1, per_page: 1 });
  const col = sortColumn(
    args.sort_by,
    {
      name: byName(sql`name`),
      location: byName(sql`location_name`),
      battery: sql`battery`,
      last_seen: sql`last_seen`,
    },
    "name",
  );
  // an unknown battery or a beacon never seen sorts first ascending: the ones to look at
  return dir === "asc" ? sql`${col} asc nulls first, id asc` : sql`${col} desc nulls last, id asc`;
}

/** A beacon's last_seen looks this far back: a sighting before it shows as none. */
export const BEACON_SEEN_DAYS = 90;

/** Rows of the filter in the order, a page or a batch. */
export async function beaconRows(
  data: Scoped,
  where: SQL,
  order: SQL,
  limit: number,
  offset: number,
  now = new Date(),
): Promise<BeaconRow[]> {
  // last_seen is kept on the beacon by a trigger on pings (a student of its school reported it; at
  // most a minute behind, decision 0821); a sighting before the window shows as none
  const since = new Date(now.getTime() - BEACON_SEEN_DAYS * 86_400_000);
  const rows = await rowsOf(
    data,
    sql`select * from (
      select ${beacons.id} as id, ${beacons.name} as name, ${beacons.factory_id} as factory_id,
        ${beacons.active} as active, ${beacons.location_id} as location_id, ${beacons.battery} as battery,
        (select ${locations.name} from ${locations}
          where ${locations.id} = ${beacons.location_id} and ${data.visible("locations")}) as location_name,
        case when ${beacons.last_seen_at} >= ${since} then ${beacons.last_seen_at} end as last_seen
      from ${beacons}
      where ${where}) r
    order by ${order} limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    id: num(r.id),
    name: String(r.name),
    factory_id: String(r.factory_id),
    active: r.active === true,
    location_id: r.location_id == null ? null : num(r.location_id),
    location_name: (r.location_name as string | null) ?? null,
    battery: r.battery == null ? null : num(r.battery),
    last_seen: r.last_seen == null ? null : new Date(r.last_seen as string | Date),
  }));
}

/** The Beacon report (issue 12, admin roles): each beacon with its location, battery and last sighting. */
export async function beaconReport(
  data: Scoped,
  args: BeaconReportArgs,
): Promise<{ data: BeaconRow[]; total: number }> {
  const p = paging(args);
  const order = beaconOrder(args);
  const where = await beaconFilter(data, args);
  const [rows, total] = await Promise.all([
    beaconRows(data, where, order, p.perPage, p.offset),
    data.count("beacons", where),
  ]);
  return { data: rows, total };
}
