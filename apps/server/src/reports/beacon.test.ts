import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { makeStudent, schoolsOf } from "../engine/test-fixtures.ts";
import { addBeacon, addLocation, addPings, caller, withoutFlag } from "./report-fixtures.ts";

const REPORT = `query($loc: Int, $sort: String, $dir: String, $per: Int, $page: Int) {
  beaconReport(location_id: $loc, sort_by: $sort, sort_dir: $dir, per_page: $per, page: $page) {
    total data { id name factory_id location_id location_name battery last_seen } } }`;

/** The Beacon report (issue 12, admin roles): battery and last sighting of each beacon. */
describe.each(ONE_DATABASE)("beaconReport on %s", (kind) => {
  let srv: TestServer;
  const call = caller(() => srv, REPORT, "beaconReport");
  const ids: Record<string, number> = {};
  const HOUR = 3_600_000;
  const seen = {
    b1: new Date(Math.floor(Date.now() / 1000) * 1000 - HOUR),
    b3: new Date(Math.floor(Date.now() / 1000) * 1000 - 48 * HOUR),
  };

  beforeAll(async () => {
    srv = await startServer(kind);
    const db = srv.services.db;
    const { demo, other } = await schoolsOf(db);
    const hall = await addLocation(db, demo.id, "Beacon hall");
    const gym = await addLocation(db, demo.id, "Gym");
    const away = await addLocation(db, other.id, "Away hall");
    const b1 = await addBeacon(db, demo.id, hall.id, { name: "door", battery: 80 });
    const b2 = await addBeacon(db, demo.id, hall.id, { name: "window", battery: 15 });
    const b3 = await addBeacon(db, demo.id, hall.id, { name: "stage", battery: null });
    const b4 = await addBeacon(db, demo.id, gym.id, { name: "gym" });
    const fb = await addBeacon(db, other.id, away.id, { name: "foreign" });
    const st = await makeStudent(db, demo.id);
    await addPings(db, st.id, hall.id, [new Date(seen.b1.getTime() - HOUR), seen.b1], [b1.factory_id]);
    await addPings(db, st.id, null, [seen.b3], [b3.factory_id, "NOT-OURS"]);
    // b2 was seen, but longer ago than last_seen looks back (90 days)
    await addPings(db, st.id, null, [new Date(Date.now() - 100 * 24 * HOUR)], [b2.factory_id]);
    // another school's student reporting our beacon later: not the viewer's sighting
    const foreigner = await makeStudent(db, other.id);
    await addPings(db, foreigner.id, null, [new Date()], [b1.factory_id, fb.factory_id]);
    Object.assign(ids, {
      hall: hall.id,
      gym: gym.id,
      away: away.id,
      b1: b1.id,
      b2: b2.id,
      b3: b3.id,
      b4: b4.id,
      fb: fb.id,
    });
  });
  afterAll(() => srv?.close());

  const list = (r: { data: { id: number }[] }) => r.data.map((x) => x.id);

  it("lists a location's beacons with battery and last sighting", async () => {
    const r = await call.ok("school_admin", { loc: ids.hall });
    expect(r.total).toBe(3);
    expect(r.data).toEqual([
      expect.objectContaining({
        id: ids.b1,
        name: "door",
        location_name: "Beacon hall",
        battery: 80,
        last_seen: seen.b1.toISOString(),
      }),
      expect.objectContaining({ id: ids.b3, name: "stage", battery: null, last_seen: seen.b3.toISOString() }),
      expect.objectContaining({ id: ids.b2, name: "window", battery: 15, last_seen: null }),
    ]);
  });

  it("sorts by battery and by last seen", async () => {
    expect(list(await call.ok("school_admin", { loc: ids.hall, sort: "battery" }))).toEqual([ids.b3, ids.b2, ids.b1]);
    expect(list(await call.ok("school_admin", { loc: ids.hall, sort: "battery", dir: "desc" }))).toEqual([
      ids.b1,
      ids.b2,
      ids.b3,
    ]);
    expect(list(await call.ok("school_admin", { loc: ids.hall, sort: "last_seen", dir: "desc" }))).toEqual([
      ids.b1,
      ids.b3,
      ids.b2,
    ]);
    const page2 = await call.ok("school_admin", { loc: ids.hall, sort: "last_seen", per: 2, page: 2 });
    expect(page2).toMatchObject({ total: 3, data: [{ id: ids.b1 }] });
  });

  it("never shows another school's beacons or locations", async () => {
    const all = await call.ok("master_admin", { per: 250 });
    expect(list(all)).toEqual(expect.arrayContaining([ids.b1, ids.b2, ids.b3, ids.b4]));
    expect(list(all)).not.toContain(ids.fb);
    expect(await call.fails("school_admin", { loc: ids.away })).toMatchObject({ code: "NOT_FOUND" });
    expect(await call.fails("school_admin", { loc: 987654 })).toMatchObject({ code: "NOT_FOUND" });
  });

  it("is for admin roles with access_reports only", async () => {
    for (const role of ["academic_advisor", "judge", "staff", "councelor", "case_manager"])
      expect((await call.fails(role, {})).code, role).toBe("FORBIDDEN");
    await withoutFlag(srv.services.db, "school_admin", "access_reports", async () => {
      call.forget();
      expect((await call.fails("school_admin", {})).code).toBe("FORBIDDEN");
    });
  });

  it("names the field at fault", async () => {
    expect(await call.fails("school_admin", { sort: "factory_id" })).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "sort_by",
    });
    expect((await call.fails("school_admin", { dir: "up" })).field).toBe("sort_dir");
  });
});
