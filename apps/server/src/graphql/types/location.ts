import { asc, desc } from "drizzle-orm";
import { byName } from "../../db/collation.ts";
import { courses, events, locations } from "../../db/schema/index.ts";
import {
  activateBeacon,
  addBeaconsToLocation,
  type BeaconRow,
  beaconsCount,
  beaconsOf,
  removeBeaconFromLocation,
} from "../../locations/beacons.ts";
import { activityGraph, coursesCount, listLocations } from "../../locations/list.ts";
import {
  createLocation,
  type LocationRow,
  removeLocation,
  updateLocation,
  visibleLocation,
} from "../../locations/write.ts";
import { builder } from "../builder.ts";
import { listArgs, pageOf } from "../paging.ts";
import { CourseRef } from "./course.ts";
import { EventRef } from "./event.ts";
import { GraphRef } from "./graph.ts";

// Locations and beacons (issue 13, Settings): admin roles only (decisions.md, decision 0960).
const ADMIN = { admin: true } as const;

export const BeaconRef = builder.objectRef<BeaconRow>("Beacon").implement({
  description: "A beacon; factory_id is always upper-case.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    factory_id: t.exposeString("factory_id"),
    location_id: t.exposeInt("location_id", { nullable: true }),
    battery: t.exposeInt("battery", { nullable: true, description: "percent, as the beacon last reported" }),
    active: t.exposeBoolean("active", { description: "installed and working (activateBeacon)" }),
    last_seen: t.expose("last_seen", {
      type: "DateTime",
      nullable: true,
      description: "the latest ping of the last 90 days that reported this beacon; null: none",
    }),
  }),
});

export const LocationRef = builder.objectRef<LocationRow>("Location").implement({
  description: "A place with a geofence (latitude, longitude, radius in metres) and beacons.",
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    place_id: t.exposeString("place_id", { nullable: true }),
    latitude: t.exposeFloat("latitude", { nullable: true }),
    longitude: t.exposeFloat("longitude", { nullable: true }),
    radius: t.exposeInt("radius", { description: "metres" }),
    note: t.exposeString("note", { nullable: true }),
    beacons: t.field({ type: [BeaconRef], resolve: (l, _a, { data }) => beaconsOf(data, l.id) }),
    beacons_count: t.int({ resolve: (l, _a, { data }) => beaconsCount(data, l.id) }),
    has_beacons: t.boolean({ resolve: async (l, _a, { data }) => (await beaconsCount(data, l.id)) > 0 }),
    courses: t.field({
      type: [CourseRef],
      description: "the live classes held here",
      resolve: (l, _a, { data }) =>
        data.manyBy("courses", courses.location_id, l.id, [asc(byName(courses.title)), asc(courses.id)]),
    }),
    courses_count: t.int({ resolve: (l, _a, { data }) => coursesCount(data, l.id) }),
    events: t.field({
      type: [EventRef],
      description: "the live events held here, latest first",
      resolve: (l, _a, { data }) => data.manyBy("events", events.location_id, l.id, [desc(events.date)]),
    }),
    activity_graph: t.field({
      type: GraphRef,
      description:
        "Students and pings per hour of one day in the school's zone (the Facility report's figures); labels HH:00.",
      args: { date: t.arg.string({ description: "YYYY-MM-DD; default the school's today" }) },
      resolve: (l, { date }, { data }) => activityGraph(data, l, date),
    }),
  }),
});

builder.queryField("locations", (t) =>
  t.field({
    type: pageOf("Location", LocationRef),
    authScopes: ADMIN,
    description: "The school's locations. sort_by: name (default), id.",
    args: { ...listArgs(t.arg), query: t.arg.string() },
    resolve: (_r, args, ctx) => listLocations(ctx.data, args),
  }),
);

/** A location as a pick-list choice: what a course or event form needs, nothing of its fence or beacons. */
const LocationChoiceRef = builder.objectRef<Pick<LocationRow, "id" | "name">>("LocationChoice").implement({
  description: "A location offered in a course's or an event's Location list (decision 0702).",
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});

builder.queryField("locationChoices", (t) =>
  t.field({
    type: [LocationChoiceRef],
    // whoever may create an event may put it at any location of the school (the data layer's
    // visibleLocations is the school); admin roles, who create courses, hold the flag too
    authScopes: { perm: "create_appointment" },
    description:
      "Every live location of the school, id and name, sorted by name: the Location lists of the course and event forms.",
    resolve: (_r, _a, ctx) => ctx.data.rows("locations", { orderBy: [asc(byName(locations.name)), asc(locations.id)] }),
  }),
);

builder.queryField("location", (t) =>
  t.field({
    type: LocationRef,
    authScopes: ADMIN,
    args: { id: t.arg.int({ required: true, description: "the location's id" }) },
    resolve: (_r, { id }, ctx) => visibleLocation(ctx.data, id),
  }),
);

const fenceArgs = (t: Parameters<Parameters<typeof builder.mutationField>[1]>[0]) => ({
  place_id: t.arg.string({ description: "an optional external reference of the place" }),
  latitude: t.arg.float({ description: "the geofence centre, with longitude; null clears both" }),
  longitude: t.arg.float(),
  radius: t.arg.int({ description: "metres, 10-5000 (default 75)" }),
  note: t.arg.string(),
});

builder.mutationField("createLocation", (t) =>
  t.field({
    type: LocationRef,
    authScopes: ADMIN,
    args: { name: t.arg.string({ required: true }), ...fenceArgs(t) },
    resolve: (_r, args, ctx) => createLocation(ctx.data, args),
  }),
);

builder.mutationField("updateLocation", (t) =>
  t.field({
    type: LocationRef,
    authScopes: ADMIN,
    args: {
      id: t.arg.int({ required: true, description: "the location's id" }),
      name: t.arg.string(),
      ...fenceArgs(t),
    },
    resolve: (_r, args, ctx) => updateLocation(ctx.data, args),
  }),
);

builder.mutationField("removeLocation", (t) =>
  t.field({
    type: LocationRef,
    authScopes: ADMIN,
    description: "Removes a location no live class or upcoming event uses; its beacons come off it.",
    args: { id: t.arg.int({ required: true, description: "the location's id" }) },
    resolve: (_r, { id }, ctx) => removeLocation(ctx.data, id),
  }),
);

builder.mutationField("addBeaconsToLocation", (t) =>
  t.field({
    type: LocationRef,
    authScopes: ADMIN,
    description:
      "Adds beacons by factory id (stored upper-case; at most 100). A factory id registered elsewhere is refused, naming factory_id.",
    args: {
      location_id: t.arg.int({ required: true }),
      factory_ids: t.arg.stringList({ required: true }),
    },
    resolve: (_r, args, ctx) => addBeaconsToLocation(ctx.data, args),
  }),
);

builder.mutationField("activateBeacon", (t) =>
  t.field({
    type: BeaconRef,
    authScopes: ADMIN,
    description: "Marks a beacon at a location as installed and working (active: false takes that back).",
    args: {
      id: t.arg.int({ required: true, description: "the beacon's id" }),
      active: t.arg.boolean({ defaultValue: true }),
    },
    resolve: (_r, { id, active }, ctx) => activateBeacon(ctx.data, id, active ?? true),
  }),
);

builder.mutationField("removeBeaconFromLocation", (t) =>
  t.field({
    type: BeaconRef,
    authScopes: ADMIN,
    description: "Takes a beacon off its location; it stays the school's and can be added again.",
    args: { id: t.arg.int({ required: true, description: "the beacon's id" }) },
    resolve: (_r, { id }, ctx) => removeBeaconFromLocation(ctx.data, id),
  }),
);
