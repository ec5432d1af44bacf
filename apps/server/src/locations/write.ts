import { LOCATION_RADIUS } from "@rollbook/domain";
import { and, eq, gte, inArray } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { checkNameFree } from "../db/name-free.ts";
import { beacons, courses, events, locations } from "../db/schema/index.ts";
import { forgetStudent } from "../engine/state.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { schoolToday } from "../reports/common.ts";
import { requiredText, textField } from "../settings/fields.ts";
import { audit } from "../students/bulk.ts";

export type LocationRow = typeof locations.$inferSelect;

/** A geofence's radius in metres: a room to a campus (the domain's range, which the form checks too). */
export const RADIUS_MIN = LOCATION_RADIUS.min;
export const RADIUS_MAX = LOCATION_RADIUS.max;

export interface LocationFields {
  name?: string | null;
  place_id?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  radius?: number | null;
  note?: string | null;
}

type LocationValues = Partial<Pick<LocationRow, "name" | "place_id" | "latitude" | "longitude" | "radius" | "note">>;

/**
 * The location's fields, each error naming its field. The geofence centre is both coordinates
 * or neither (a location with beacons only); null clears them.
 */
export function cleanLocationFields(input: LocationFields, before: LocationRow | null): LocationValues {
  const out: LocationValues = {};
  if (input.name !== undefined || !before) out.name = requiredText(input.name, "name");
  if (input.place_id !== undefined) out.place_id = textField(input.place_id, "place_id", 200);
  if (input.note !== undefined) out.note = textField(input.note, "note", 2000);
  for (const [f, limit] of [
    ["latitude", 90],
    ["longitude", 180],
  ] as const) {
    const v = input[f];
    if (v === undefined) continue;
    if (v !== null && (!Number.isFinite(v) || v < -limit || v > limit))
      throw userError(`${f} must be a number from -${limit} to ${limit}`, f);
    out[f] = v;
  }
  const lat = out.latitude !== undefined ? out.latitude : (before?.latitude ?? null);
  const lng = out.longitude !== undefined ? out.longitude : (before?.longitude ?? null);
  if ((lat === null) !== (lng === null)) {
    const missing = lat === null ? "latitude" : "longitude";
    throw userError(`${missing} is needed with the other coordinate`, missing);
  }
  if (input.radius === null) throw userError("radius is required", "radius");
  if (input.radius !== undefined) {
    if (!Number.isInteger(input.radius) || input.radius < RADIUS_MIN || input.radius > RADIUS_MAX)
      throw userError(`radius must be a whole number of metres from ${RADIUS_MIN} to ${RADIUS_MAX}`, "radius");
    out.radius = input.radius;
  }
  return out;
}

/** A location of the viewer's school (removed ones and another school's: not found). */
export async function visibleLocation(data: Scoped, id: number, forUpdate = false): Promise<LocationRow> {
  const row = await data.first("locations", eq(locations.id, id), { forUpdate });
  if (!row) throw notFound("Location");
  return row;
}

/** The engines place sessions by their location's fence and beacons: they forget their schedules. */
export const forgetPlaces = (data: Scoped) => forgetStudent(systemOf(data).s);

export async function createLocation(data: Scoped, input: LocationFields): Promise<LocationRow> {
  const values = cleanLocationFields(input, null);
  return data.transaction(async (tx) => {
    await checkNameFree(tx, "location", values.name as string, null);
    const [created] = await systemOf(tx)
      .db.insert(locations)
      .values({ ...values, name: values.name as string, school_id: tx.viewer.schoolId })
      .returning();
    if (!created) throw new Error("location insert returned nothing");
    await audit(tx, "location.create", [{ id: created.id }], "location");
    return created;
  });
}

export async function updateLocation(data: Scoped, args: LocationFields & { id: number }): Promise<LocationRow> {
  const { id, ...input } = args;
  const row = await data.transaction(async (tx) => {
    const before = await visibleLocation(tx, id, true);
    const values = cleanLocationFields(input, before);
    const changed = Object.keys(values);
    if (changed.length === 0) return before;
    if (values.name !== undefined) await checkNameFree(tx, "location", values.name, before.id);
    const [updated] = await tx.update("locations", eq(locations.id, before.id), { ...values, updated_at: new Date() });
    if (!updated) throw new Error("location vanished during update");
    await audit(tx, "location.update", [{ id: updated.id, data: { fields: changed } }], "location");
    return updated;
  });
  forgetPlaces(data);
  return row;
}

/**
 * Removes a location (soft, deleted_at) that no live class and no event from today on uses
 * (they would lose their fence mid-semester); its beacons are taken off it and deactivated.
 */
export async function removeLocation(data: Scoped, id: number): Promise<LocationRow> {
  const { today } = await schoolToday(data);
  const row = await data.transaction(async (tx) => {
    const before = await visibleLocation(tx, id, true);
    const [usedBy, upcoming] = await Promise.all([
      tx.count("courses", eq(courses.location_id, before.id)),
      tx.count("events", and(eq(events.location_id, before.id), gte(events.date, today))),
    ]);
    if (usedBy + upcoming > 0)
      throw userError(
        `This location is used by ${usedBy} class(es) and ${upcoming} upcoming event(s): move them first.`,
        "id",
      );
    const [removed] = await tx.update("locations", eq(locations.id, before.id), {
      deleted_at: new Date(),
      updated_at: new Date(),
    });
    if (!removed) throw new Error("location vanished during remove");
    const detached = await tx.update("beacons", eq(beacons.location_id, before.id), {
      location_id: null,
      active: false,
    });
    await audit(tx, "location.remove", [{ id: removed.id, data: { beacons: detached.map((b) => b.id) } }], "location");
    return removed;
  });
  forgetPlaces(data);
  return row;
}

/** Live courses and events per location, for the list's counts: one statement per page. */
export async function coursesCountBy(data: Scoped, locationIds: readonly number[]): Promise<Map<number, number>> {
  return data.countBy<"courses", number>(
    "courses",
    courses.location_id,
    inArray(courses.location_id, [...locationIds]),
  );
}
