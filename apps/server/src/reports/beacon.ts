import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { beacons, locations, pings } from "../db/schema/index.ts";
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
  /** the latest ping of a visible student that reported this beacon; null: never */
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
      name: sql`lower(name)`,
      location: sql`lower(location_name)`,
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
  // last_seen in one pass over the window's pings, grouped by factory id (upper-case in both,
  // device/schemas.ts); a subquery per beacon would scan every ping once per beacon
  const since = new Date(now.getTime() - BEACON_SEEN_DAYS * 86_400_000);
  const rows = await rowsOf(
    data,
    sql`select * from (
      select ${beacons.id} as id, ${beacons.name} as name, ${beacons.factory_id} as factory_id,
        ${beacons.active} as active, ${beacons.location_id} as location_id, ${beacons.battery} as battery,
        (select ${locations.name} from ${locations}
          where ${locations.id} = ${beacons.location_id} and ${data.visible("locations")}) as location_name,
        seen.last_seen
      from ${beacons} left join (
        select sighting.v->>'factory_id' as factory_id, max(${pings.recorded_at}) as last_seen
        from ${pings} cross join lateral jsonb_array_elements(${pings.beacons}) as sighting(v)
        where ${data.visible("pings")} and jsonb_typeof(${pings.beacons}) = 'array' and ${pings.recorded_at} >= ${since}
          and sighting.v->>'factory_id' in (select ${beacons.factory_id} from ${beacons} where ${where})
        group by 1) seen on seen.factory_id = ${beacons.factory_id}
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
