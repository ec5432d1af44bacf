import { boolean, doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, deletedAt, ts, updatedAt } from "./columns.ts";
import { schools } from "./schools.ts";

/** A place with a geofence (centre and radius in metres) and beacons. */
export const locations = pgTable(
  "locations",
  {
    id: serial("id").primaryKey(),
    school_id: integer("school_id")
      .notNull()
      .references(() => schools.id),
    name: text("name").notNull(),
    place_id: text("place_id"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    radius: integer("radius").notNull().default(75),
    note: text("note"),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
  },
  (t) => [index("locations_school").on(t.school_id)],
);

export const beacons = pgTable(
  "beacons",
  {
    id: serial("id").primaryKey(),
    school_id: integer("school_id")
      .notNull()
      .references(() => schools.id),
    name: text("name").notNull().default(""),
    // always upper-case (spec section 3)
    factory_id: text("factory_id").notNull(),
    location_id: integer("location_id").references(() => locations.id, { onDelete: "set null" }),
    battery: integer("battery"),
    active: boolean("active").notNull().default(false),
    // the newest ping of the school's students that reported it, kept by a trigger on pings at most
    // once a minute (migration 0012, decision 0821); null: never seen
    last_seen_at: ts("last_seen_at"),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("beacons_factory_id").on(t.factory_id), index("beacons_location").on(t.location_id)],
);
