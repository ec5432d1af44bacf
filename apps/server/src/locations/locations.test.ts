import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { beacons, courses, locations } from "../db/schema/index.ts";
import { schoolsOf } from "../engine/test-fixtures.ts";

const LOCATION = "id name place_id latitude longitude radius note beacons_count courses_count has_beacons";
const LIST = `query($q: String, $sort: String, $dir: String) { locations(query: $q, sort_by: $sort, sort_dir: $dir, per_page: 250) { total data { ${LOCATION} } } }`;
const ONE = `query($id: Int!, $date: String) { location(id: $id) { ${LOCATION}
  beacons { id name factory_id location_id battery active last_seen } courses { id title } events { id }
  activity_graph(date: $date) { labels datasets { label data } } } }`;
const CREATE = `mutation($name: String!, $place: String, $lat: Float, $lng: Float, $radius: Int, $note: String) {
  createLocation(name: $name, place_id: $place, latitude: $lat, longitude: $lng, radius: $radius, note: $note) { ${LOCATION} } }`;
const UPDATE = `mutation($id: Int!, $name: String, $lat: Float, $lng: Float, $radius: Int, $note: String) {
  updateLocation(id: $id, name: $name, latitude: $lat, longitude: $lng, radius: $radius, note: $note) { ${LOCATION} } }`;
const REMOVE = `mutation($id: Int!) { removeLocation(id: $id) { id } }`;
const ADD = `mutation($id: Int!, $ids: [String!]!) { addBeaconsToLocation(location_id: $id, factory_ids: $ids) { id beacons_count beacons { id factory_id active } } }`;
const ACTIVATE = `mutation($id: Int!, $active: Boolean) { activateBeacon(id: $id, active: $active) { id active location_id } }`;
const TAKE_OFF = `mutation($id: Int!) { removeBeaconFromLocation(id: $id) { id active location_id } }`;
const BEACON_REPORT = `query($id: Int) { beaconReport(location_id: $id, per_page: 250) { data { id battery last_seen } } }`;
const FACILITY = `query($id: Int!, $date: String!) { facilityReport(location_id: $id, date: $date) { hours { hour students pings } } }`;

type Err = { message: string; extensions?: Record<string, unknown> };
const first = (errors: Err[] | undefined) => errors?.[0];

/** The Locations tab and /Locations/{id} (issue 13): locations, their fence, beacons and activity; admin roles only. */
describe.each(ONE_DATABASE)("locations and beacons on %s", (kind) => {
  let srv: TestServer;
  let admin: string;
  let schoolId: number;
  let otherSchoolId: number;

  beforeAll(async () => {
    srv = await startServer(kind);
    const s = await srv.login("school_admin");
    admin = s.access_token;
    schoolId = s.user.school_id;
    otherSchoolId = (await schoolsOf(srv.services.db)).other.id;
  });
  afterAll(() => srv?.close());

  const db = () => srv.services.db;
  const foreignLocation = async () =>
    (await db().select().from(locations).where(eq(locations.school_id, otherSchoolId)).limit(1))[0]!;

  it("lists the school's locations with beacons_count and courses_count", async () => {
    const res = await srv.gql(admin, LIST);
    expect(res.body.errors).toBeUndefined();
    const page = res.body.data.locations;
    const mine = await db()
      .select()
      .from(locations)
      .where(and(eq(locations.school_id, schoolId), isNull(locations.deleted_at)));
    expect(page.total).toBe(mine.length);
    expect(page.total).toBeGreaterThan(0);
    for (const l of page.data) {
      const nBeacons = await db().$count(beacons, eq(beacons.location_id, l.id));
      const nCourses = await db().$count(courses, and(eq(courses.location_id, l.id), isNull(courses.deleted_at)));
      expect([l.beacons_count, l.courses_count, l.has_beacons], l.name).toEqual([nBeacons, nCourses, nBeacons > 0]);
    }
    const names = page.data.map((l: { name: string }) => l.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const searched = await srv.gql(admin, LIST, { q: page.data[0].name.slice(0, 4) });
    expect(searched.body.data.locations.data.length).toBeGreaterThan(0);
  });

  it("refuses a second live location of one name (case and outer spaces aside), on create and on rename", async () => {
    const first = (await srv.gql(admin, CREATE, { name: "Twin Hall" })).body.data.createLocation;
    const again = await srv.gql(admin, CREATE, { name: "  twin hall " });
    expect(again.body.errors?.[0]).toMatchObject({
      message: "name: the school already has a location named twin hall",
      extensions: { code: "BAD_USER_INPUT", field: "name" },
    });
    const other = (await srv.gql(admin, CREATE, { name: "Twin Annex" })).body.data.createLocation;
    const renamed = await srv.gql(admin, UPDATE, { id: other.id, name: "TWIN HALL" });
    expect(renamed.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "name" });
    // its own name again, in other letters, is no clash
    const own = await srv.gql(admin, UPDATE, { id: first.id, name: "Twin hall" });
    expect(own.body.errors).toBeUndefined();
    expect(own.body.data.updateLocation.name).toBe("Twin hall");
  });

  it("creates and updates a location with its geofence; bad values name their field", async () => {
    const made = await srv.gql(admin, CREATE, {
      name: " Field House ",
      place_id: "ChIJ-field-house",
      lat: 40.7128,
      lng: -74.006,
      radius: 120,
      note: "North door",
    });
    expect(made.body.errors).toBeUndefined();
    const loc = made.body.data.createLocation;
    expect(loc).toMatchObject({
      name: "Field House",
      latitude: 40.7128,
      longitude: -74.006,
      radius: 120,
      beacons_count: 0,
    });
    const moved = await srv.gql(admin, UPDATE, { id: loc.id, lat: 40.75, lng: -73.99, radius: 200, note: null });
    expect(moved.body.data.updateLocation).toMatchObject({
      latitude: 40.75,
      longitude: -73.99,
      radius: 200,
      note: null,
    });

    for (const [q, vars, field] of [
      [CREATE, { name: "" }, "name"],
      [CREATE, { name: "X", lat: 91, lng: 0 }, "latitude"],
      [CREATE, { name: "X", lat: 10, lng: -181 }, "longitude"],
      [CREATE, { name: "X", lat: 10 }, "longitude"],
      [CREATE, { name: "X", radius: 5 }, "radius"],
      [UPDATE, { id: loc.id, lat: null }, "latitude"],
      [UPDATE, { id: loc.id, name: "  " }, "name"],
    ] as const) {
      const res = await srv.gql(admin, q, vars);
      expect(first(res.body.errors)?.extensions, JSON.stringify(vars)).toMatchObject({ code: "BAD_USER_INPUT", field });
    }
  });

  it("another school's location is not found; roles outside the admin group are refused", async () => {
    const theirs = await foreignLocation();
    for (const [q, vars] of [
      [ONE, { id: theirs.id }],
      [UPDATE, { id: theirs.id, name: "Ours now" }],
      [REMOVE, { id: theirs.id }],
      [ADD, { id: theirs.id, ids: ["ab-cd-01"] }],
    ] as const) {
      const res = await srv.gql(admin, q, vars);
      expect(first(res.body.errors)?.extensions?.code, q).toBe("NOT_FOUND");
    }
    const master = (await srv.login("master_admin")).access_token;
    expect(first((await srv.gql(master, ONE, { id: theirs.id })).body.errors)?.extensions?.code).toBe("NOT_FOUND");
    const professor = (await srv.login("judge")).access_token;
    expect(first((await srv.gql(professor, LIST)).body.errors)?.extensions?.code).toBe("FORBIDDEN");
    const [b] = await db().select().from(beacons).where(eq(beacons.school_id, otherSchoolId)).limit(1);
    expect(first((await srv.gql(admin, ACTIVATE, { id: b!.id })).body.errors)?.extensions?.code).toBe("NOT_FOUND");
    expect(first((await srv.gql(admin, TAKE_OFF, { id: b!.id })).body.errors)?.extensions?.code).toBe("NOT_FOUND");
  });

  it("locationChoices: every live location of the school, one no course uses too, for a professor who may create events", async () => {
    const made = await srv.gql(admin, CREATE, { name: "Aardvark Unused Hall" });
    expect(made.body.errors).toBeUndefined();
    const id = made.body.data.createLocation.id;
    const CHOICES = "{ locationChoices { id name } }";
    const professor = (await srv.login("judge")).access_token;
    const res = await srv.gql(professor, CHOICES);
    expect(res.body.errors).toBeUndefined();
    const got = res.body.data.locationChoices as { id: number; name: string }[];
    const mine = await db()
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.school_id, schoolId), isNull(locations.deleted_at)));
    expect(got.map((l) => l.id).sort((a, b) => a - b)).toEqual(mine.map((l) => l.id).sort((a, b) => a - b));
    expect(got).toContainEqual({ id, name: "Aardvark Unused Hall" });
    const names = got.map((l) => l.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    // the professor may put an event there
    const ev = await srv.gql(
      professor,
      `mutation($loc: Int) { createEvent(title: "At the new hall", date: "2030-01-10", start_time: "09:00", end_time: "10:00", location_id: $loc) { location { id } } }`,
      { loc: id },
    );
    expect(ev.body.errors).toBeUndefined();
    expect(ev.body.data.createEvent.location.id).toBe(id);
  });

  it("adds beacons by factory id upper-case, refuses duplicates naming factory_ids, activates and takes them off", async () => {
    const loc = (await srv.gql(admin, CREATE, { name: "Beacon Hall" })).body.data.createLocation;
    const added = await srv.gql(admin, ADD, { id: loc.id, ids: [" fa-01-b2 ", "fa:01:b3"] });
    expect(added.body.errors).toBeUndefined();
    expect(
      added.body.data.addBeaconsToLocation.beacons.map((b: { factory_id: string }) => b.factory_id).sort(),
    ).toEqual(["FA-01-B2", "FA:01:B3"]);
    expect(added.body.data.addBeaconsToLocation.beacons_count).toBe(2);

    const again = await srv.gql(admin, ADD, { id: loc.id, ids: ["FA-01-b2"] });
    expect(first(again.body.errors)).toMatchObject({
      message: "factory_ids: FA-01-B2 is already at this location",
      extensions: { code: "BAD_USER_INPUT", field: "factory_ids" },
    });
    const twice = await srv.gql(admin, ADD, { id: loc.id, ids: ["aa1", "AA1"] });
    expect(first(twice.body.errors)?.extensions).toMatchObject({ field: "factory_ids" });
    const bad = await srv.gql(admin, ADD, { id: loc.id, ids: ["no spaces"] });
    expect(first(bad.body.errors)?.extensions).toMatchObject({ field: "factory_ids" });
    // a factory id of another school's beacon: registered, and nothing of it is told
    const [theirs] = await db().select().from(beacons).where(eq(beacons.school_id, otherSchoolId)).limit(1);
    const foreign = await srv.gql(admin, ADD, { id: loc.id, ids: [theirs!.factory_id.toLowerCase()] });
    expect(first(foreign.body.errors)).toMatchObject({
      message: `factory_ids: ${theirs!.factory_id} is already registered`,
      extensions: { field: "factory_ids" },
    });
    // all or nothing: a good id beside a refused one is not added
    expect(await db().$count(beacons, eq(beacons.location_id, loc.id))).toBe(2);

    const id = added.body.data.addBeaconsToLocation.beacons[0].id;
    expect((await srv.gql(admin, ACTIVATE, { id })).body.data.activateBeacon).toMatchObject({ active: true });
    const off = await srv.gql(admin, TAKE_OFF, { id });
    expect(off.body.data.removeBeaconFromLocation).toMatchObject({ active: false, location_id: null });
    const notThere = await srv.gql(admin, ACTIVATE, { id });
    expect(first(notThere.body.errors)?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "id" });
    // a beacon taken off comes back by its factory id
    const back = await srv.gql(admin, ADD, { id: loc.id, ids: ["fa-01-b2"] });
    expect(back.body.data.addBeaconsToLocation.beacons_count).toBe(2);
  });

  it("shows battery and last seen as the Beacon report does, and activity_graph as the Facility report's hours", async () => {
    const list = (await srv.gql(admin, LIST)).body.data.locations.data;
    const withBeacons = list.find((l: { beacons_count: number }) => l.beacons_count > 0);
    const date = new Date().toISOString().slice(0, 10);
    const one = await srv.gql(admin, ONE, { id: withBeacons.id, date });
    expect(one.body.errors).toBeUndefined();
    const loc = one.body.data.location;
    const report = (await srv.gql(admin, BEACON_REPORT, { id: withBeacons.id })).body.data.beaconReport.data;
    const pick = (rows: { id: number; battery: number | null; last_seen: string | null }[]) =>
      rows.map((r) => ({ id: r.id, battery: r.battery, last_seen: r.last_seen })).sort((x, y) => x.id - y.id);
    expect(pick(loc.beacons)).toEqual(pick(report));

    const hours = (await srv.gql(admin, FACILITY, { id: withBeacons.id, date })).body.data.facilityReport.hours;
    expect(loc.activity_graph.labels).toHaveLength(24);
    expect(loc.activity_graph.labels[9]).toBe("09:00");
    const byLabel = Object.fromEntries(
      loc.activity_graph.datasets.map((d: { label: string; data: number[] }) => [d.label, d.data]),
    );
    expect(byLabel.Students).toEqual(hours.map((h: { students: number }) => h.students));
    expect(byLabel.Pings).toEqual(hours.map((h: { pings: number }) => h.pings));
    const badDate = await srv.gql(admin, ONE, { id: withBeacons.id, date: "yesterday" });
    expect(first(badDate.body.errors)?.extensions).toMatchObject({ field: "date" });
  });

  it("relations load in batches: the same statements for 2 locations as for 20", async () => {
    for (let i = 0; i < 20; i++) {
      const made = (await srv.gql(admin, CREATE, { name: `Batch ${String(i).padStart(2, "0")}` })).body.data
        .createLocation;
      await srv.gql(admin, ADD, { id: made.id, ids: [`BATCH-${i}-A`, `BATCH-${i}-B`] });
    }
    const q = (n: number) =>
      `{ locations(per_page: ${n}, query: "Batch") { total data { id beacons_count courses_count has_beacons
        beacons { id battery last_seen } courses { id } events { id } } } }`;
    const statementsOf = async (n: number) => {
      const before = srv.database.statements();
      const res = await srv.gql(admin, q(n));
      expect(res.body.errors).toBeUndefined();
      return { used: srv.database.statements() - before, rows: res.body.data.locations.data.length };
    };
    await statementsOf(1); // the first request of a while also notes the user's last_seen
    const small = await statementsOf(2);
    const large = await statementsOf(20);
    expect([small.rows, large.rows]).toEqual([2, 20]);
    expect(large.used).toBe(small.used);
  });

  it("removes an unused location (its beacons come off it) and refuses one that classes use", async () => {
    const used = (await srv.gql(admin, LIST)).body.data.locations.data.find(
      (l: { courses_count: number }) => l.courses_count > 0,
    );
    const refused = await srv.gql(admin, REMOVE, { id: used.id });
    expect(first(refused.body.errors)?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "id" });

    const loc = (await srv.gql(admin, CREATE, { name: "Old Annex" })).body.data.createLocation;
    await srv.gql(admin, ADD, { id: loc.id, ids: ["ANNEX-1"] });
    const removed = await srv.gql(admin, REMOVE, { id: loc.id });
    expect(removed.body.errors).toBeUndefined();
    expect(first((await srv.gql(admin, ONE, { id: loc.id })).body.errors)?.extensions?.code).toBe("NOT_FOUND");
    const [b] = await db().select().from(beacons).where(eq(beacons.factory_id, "ANNEX-1"));
    expect(b).toMatchObject({ location_id: null, active: false });
  });
});
