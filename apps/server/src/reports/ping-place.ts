import { and, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { beacons, pings } from "../db/schema/index.ts";

/**
 * Where a ping was, for the Presence and Facility reports: the location the engine placed it at
 * (a session's fence or beacon), else the location of the school's beacon it reported most
 * strongly (a sighting outside any session). A fence alone outside a session places nothing: the engine
 * only measures fences of sessions.
 */
export function pingPlace(data: Scoped): SQL {
  // from the ping's few sightings to the beacon by its unique factory_id; the strongest decides
  return sql`coalesce(${pings.location_id}, (
    select ${beacons.location_id}
    from jsonb_array_elements(coalesce(${pings.beacons}, '[]'::jsonb)) with ordinality as seen(v, n)
    join ${beacons} on ${beacons.factory_id} = seen.v->>'factory_id'
    where ${beacons.location_id} is not null and ${data.visible("beacons")}
    order by (seen.v->>'rssi')::float8 desc nulls last, seen.n limit 1))`;
}

/**
 * The viewer's pings between two instants with their place, at visible locations only:
 * `select student_id, recorded_at, location_id`, to group in a report's own statement.
 */
export function placedPings(data: Scoped, from: Date, to: Date, locationId?: number | null): SQL {
  const window = and(data.visible("pings"), gte(pings.recorded_at, from), lt(pings.recorded_at, to));
  return sql`select * from (
      select ${pings.student_id} as student_id, ${pings.recorded_at} as recorded_at, ${pingPlace(data)} as location_id
      from ${pings} where ${window}) placed
    where placed.location_id in (${data.ids("locations")})
      ${locationId != null ? sql`and placed.location_id = ${locationId}` : sql``}`;
}
