import { addDays, zonedToUtc } from "@rollbook/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { makeStudent, schoolsOf } from "../engine/test-fixtures.ts";
import { addBeacon, addLocation, addPings, caller, withoutFlag } from "./report-fixtures.ts";

const REPORT = `query($loc: Int!, $date: String!) {
  facilityReport(location_id: $loc, date: $date) {
    location_id location_name date timezone students pings hours { hour students pings } } }`;

/** The Facility report (issue 12, admin roles): a location's day by local hour. */
describe.each(ONE_DATABASE)("facilityReport on %s", (kind) => {
  let srv: TestServer;
  const call = caller(() => srv, REPORT, "facilityReport");
  const ids: Record<string, number> = {};
  const D = "2026-05-05";
  let tz = "UTC";

  beforeAll(async () => {
    srv = await startServer(kind);
    const db = srv.services.db;
    const { demo, other } = await schoolsOf(db);
    tz = demo.timezone;
    const at = (date: string, h: number, m = 0) => zonedToUtc(date, h * 60 + m, tz);
    const hall = await addLocation(db, demo.id, "Facility hall");
    const gym = await addLocation(db, demo.id, "Facility gym");
    const away = await addLocation(db, other.id, "Away hall");
    const s1 = await makeStudent(db, demo.id);
    const s2 = await makeStudent(db, demo.id);
    const fx = await makeStudent(db, other.id);
    await addPings(db, s1.id, hall.id, [at(D, 0), at(D, 8, 5), at(D, 8, 20), at(D, 8, 50), at(D, 23, 59)]);
    await addPings(db, s2.id, hall.id, [
      at(D, 8, 10),
      at(D, 14),
      at(addDays(D, 1), 0),
      new Date(at(D, 0).getTime() - 1000),
    ]);
    await addPings(db, s2.id, gym.id, [at(D, 8, 30)]);
    // outside a session: placed by the hall's beacon only
    const door = await addBeacon(db, demo.id, hall.id);
    await addPings(db, s2.id, null, [at(D, 10, 15)], [door.factory_id]);
    // another school's student placed at our hall (cannot happen, but must not count if it did)
    await addPings(db, fx.id, hall.id, [at(D, 8, 40)]);
    await addPings(db, fx.id, away.id, [at(D, 8, 40)]);
    Object.assign(ids, { hall: hall.id, gym: gym.id, away: away.id });
  });
  afterAll(() => srv?.close());

  it("counts students and pings per hour of the school's day, and the day's totals", async () => {
    const r = await call.ok("school_admin", { loc: ids.hall, date: D });
    expect(r).toMatchObject({
      location_id: ids.hall,
      location_name: "Facility hall",
      date: D,
      timezone: tz,
      students: 2,
      pings: 8,
    });
    expect(r.hours).toHaveLength(24);
    expect(r.hours.map((h: { hour: number }) => h.hour)).toEqual([...Array(24).keys()]);
    const busy = r.hours.filter((h: { pings: number }) => h.pings > 0);
    expect(busy).toEqual([
      { hour: 0, students: 1, pings: 1 },
      { hour: 8, students: 2, pings: 4 },
      { hour: 10, students: 1, pings: 1 },
      { hour: 14, students: 1, pings: 1 },
      { hour: 23, students: 1, pings: 1 },
    ]);
    const gym = await call.ok("school_admin", { loc: ids.gym, date: D });
    expect(gym).toMatchObject({ students: 1, pings: 1 });
    expect((await call.ok("school_admin", { loc: ids.hall, date: addDays(D, -7) })).pings).toBe(0);
  });

  it("answers NOT_FOUND for another school's location or an unknown one", async () => {
    expect((await call.fails("school_admin", { loc: ids.away, date: D })).code).toBe("NOT_FOUND");
    expect((await call.fails("master_admin", { loc: ids.away, date: D })).code).toBe("NOT_FOUND");
    expect((await call.fails("school_admin", { loc: 987654, date: D })).code).toBe("NOT_FOUND");
  });

  it("is for admin roles with access_reports only", async () => {
    for (const role of ["academic_advisor", "judge", "staff", "councelor", "case_manager"])
      expect((await call.fails(role, { loc: ids.hall, date: D })).code, role).toBe("FORBIDDEN");
    await withoutFlag(srv.services.db, "athletics_admin", "access_reports", async () => {
      expect((await call.fails("athletics_admin", { loc: ids.hall, date: D })).code).toBe("FORBIDDEN");
    });
  });

  it("names the field at fault", async () => {
    expect(await call.fails("school_admin", { loc: ids.hall, date: "" })).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "date",
    });
    expect((await call.fails("school_admin", { loc: ids.hall, date: "2026-02-30" })).field).toBe("date");
  });
});
