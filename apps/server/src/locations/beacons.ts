import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { beacons } from "../db/schema/index.ts";
import { notFound, userError } from "../graphql/builder.ts";
// battery and last seen are read by the Beacon report's function (reports/beacon.ts, beaconRows):
// the one place that knows how last seen is kept, so this page and the report always agree
import { type BeaconRow, beaconOrder, beaconRows } from "../reports/beacon.ts";
import { audit, isUniqueViolation } from "../students/bulk.ts";
import { forgetPlaces, type LocationRow, visibleLocation } from "./write.ts";

export type { BeaconRow };

/** Factory ids as the phones report them: upper-case letters, digits and - : _ . (spec: always upper-case). */
const FACTORY_ID = /^[A-Z0-9][A-Z0-9:_.-]{0,63}$/;
export const MAX_BEACONS_PER_CALL = 100;

/** One factory id trimmed and upper-cased; an unusable one names the argument factory_ids, as every list does. */
export function factoryId(raw: string): string {
  const v = raw.trim().toUpperCase();
  if (!v) throw userError("factory_ids: a factory id is required", "factory_ids");
  if (!FACTORY_ID.test(v))
    throw userError(
      `factory_ids: ${v.slice(0, 70)} may hold only letters, digits and - : _ . (at most 64 characters)`,
      "factory_ids",
    );
  return v;
}

/** Every beacon of a page's locations with battery and last seen, in one statement per response. */
export function beaconsOf(data: Scoped, locationId: number): Promise<BeaconRow[]> {
  const loader = data.loader<number, BeaconRow[]>("location.beacons", async (ids) => {
    const where = and(data.visible("beacons"), inArray(beacons.location_id, [...ids])) as SQL;
    const rows = await beaconRows(data, where, beaconOrder({ sort_by: "name" }), 100_000, 0);
    return ids.map((id) => rows.filter((r) => r.location_id === id));
  });
  return loader.load(locationId);
}

/** How many beacons each location of a page has, in one statement. */
export function beaconsCount(data: Scoped, locationId: number): Promise<number> {
  const loader = data.loader<number, number>("location.beacons_count", async (ids) => {
    const counts = await data.countBy<"beacons", number>(
      "beacons",
      beacons.location_id,
      inArray(beacons.location_id, [...ids]),
    );
    return ids.map((id) => counts.get(id) ?? 0);
  });
  return loader.load(locationId);
}

const taken = (id: string) => userError(`factory_ids: ${id} is already registered`, "factory_ids");

/**
 * Adds beacons to a location by factory id (stored upper-case). A beacon of the school taken off
 * a location comes back; a factory id registered anywhere else (another location, another
 * school) is refused, naming factory_ids. All or nothing.
 */
export async function addBeaconsToLocation(
  data: Scoped,
  args: { location_id: number; factory_ids: readonly string[] },
): Promise<LocationRow> {
  if (args.factory_ids.length === 0) throw userError("factory_ids: a factory id is required", "factory_ids");
  if (args.factory_ids.length > MAX_BEACONS_PER_CALL)
    throw userError(`factory_ids: at most ${MAX_BEACONS_PER_CALL} beacons at a time`, "factory_ids");
  const ids = args.factory_ids.map(factoryId);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice) throw userError(`factory_ids: ${twice} is listed twice`, "factory_ids");
  const location = await data.transaction(async (tx) => {
    const location = await visibleLocation(tx, args.location_id, true);
    const { db } = systemOf(tx);
    // every school's beacons: a factory id is unique over all of them (the index is global)
    const existing = await db.select().from(beacons).where(inArray(beacons.factory_id, ids));
    for (const b of existing) {
      if (b.school_id !== tx.viewer.schoolId) throw taken(b.factory_id);
      if (b.location_id === location.id)
        throw userError(`factory_ids: ${b.factory_id} is already at this location`, "factory_ids");
      if (b.location_id !== null)
        throw userError(`factory_ids: ${b.factory_id} is already at another location`, "factory_ids");
    }
    const back = existing.map((b) => b.id);
    const fresh = ids.filter((id) => !existing.some((b) => b.factory_id === id));
    if (back.length) await tx.update("beacons", inArray(beacons.id, back), { location_id: location.id });
    let added: { id: number }[] = [];
    if (fresh.length)
      try {
        added = await db
          .insert(beacons)
          .values(fresh.map((factory_id) => ({ school_id: tx.viewer.schoolId, factory_id, location_id: location.id })))
          .returning({ id: beacons.id });
      } catch (e) {
        if (isUniqueViolation(e, "beacons_factory_id")) throw taken(fresh.join(", "));
        throw e;
      }
    await audit(
      tx,
      "beacon.add",
      [...back, ...added.map((a) => a.id)].map((id) => ({ id, data: { location_id: location.id } })),
      "beacon",
    );
    return location;
  });
  forgetPlaces(data);
  return location;
}

async function visibleBeacon(tx: Scoped, id: number) {
  const b = await tx.first("beacons", eq(beacons.id, id), { forUpdate: true });
  if (!b) throw notFound("Beacon");
  return b;
}

/** Marks a beacon of a location as installed and working (active), or not. */
export async function activateBeacon(data: Scoped, id: number, active: boolean): Promise<BeaconRow> {
  await data.transaction(async (tx) => {
    const b = await visibleBeacon(tx, id);
    if (active && b.location_id === null) throw userError("Add the beacon to a location before activating it.", "id");
    if (b.active === active) return;
    await tx.update("beacons", eq(beacons.id, b.id), { active });
    await audit(tx, active ? "beacon.activate" : "beacon.deactivate", [{ id: b.id }], "beacon");
  });
  return beaconById(data, id);
}

/** Takes a beacon off its location (it stays the school's, inactive, and can be added again). */
export async function removeBeaconFromLocation(data: Scoped, id: number): Promise<BeaconRow> {
  await data.transaction(async (tx) => {
    const b = await visibleBeacon(tx, id);
    if (b.location_id === null) throw userError("This beacon is not at a location.", "id");
    await tx.update("beacons", eq(beacons.id, b.id), { location_id: null, active: false });
    await audit(tx, "beacon.remove", [{ id: b.id, data: { location_id: b.location_id } }], "beacon");
  });
  forgetPlaces(data);
  return beaconById(data, id);
}

async function beaconById(data: Scoped, id: number): Promise<BeaconRow> {
  const [row] = await beaconRows(
    data,
    and(data.visible("beacons"), eq(beacons.id, id)) as SQL,
    beaconOrder({ sort_by: "name" }),
    1,
    0,
  );
  if (!row) throw notFound("Beacon");
  return row;
}
