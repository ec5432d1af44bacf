import { addDays, zonedToUtc } from "@rollbook/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { floorMinute, makeCourse, makeStudent, phone, ping, schoolsOf } from "../engine/test-fixtures.ts";
import { addBeacon, addLocation, addPings, caller } from "./report-fixtures.ts";

const REPORT = `query($loc: Int, $s: String, $e: String, $sort: String, $dir: String, $per: Int, $page: Int) {
  presenceReport(location_id: $loc, start_date: $s, end_date: $e, sort_by: $sort, sort_dir: $dir, per_page: $per, page: $page) {
    total from to data { student_id first_name last_name location_id location_name first_seen last_seen pings } } }`;

/** The Presence report (issue 12, admin roles): who is at which location, now and over days. */
describe.each(ONE_DATABASE)("presenceReport on %s", (kind) => {
  let srv: TestServer;
  const call = caller(() => srv, REPORT, "presenceReport");
  const ids: Record<string, number> = {};
  const MIN = 60_000;
  const D = "2026-05-05";
  let at: (date: string, minutes: number) => Date;
  const now = Math.floor(Date.now() / 1000) * 1000;

  beforeAll(async () => {
    srv = await startServer(kind);
    const db = srv.services.db;
    const { demo, other } = await schoolsOf(db);
    at = (date, minutes) => zonedToUtc(date, minutes, demo.timezone);
    const hall = await addLocation(db, demo.id, "Presence hall");
    const gym = await addLocation(db, demo.id, "Presence gym");
    const away = await addLocation(db, other.id, "Away hall");
    const s1 = await makeStudent(db, demo.id);
    const s2 = await makeStudent(db, demo.id);
    const fx = await makeStudent(db, other.id);
    // now: s1 inside the hall; s2 left the gym 12 minutes ago; s2's last ping placed nowhere
    await addPings(db, s1.id, hall.id, [new Date(now - 5 * MIN), new Date(now - 2 * MIN)]);
    await addPings(db, s2.id, gym.id, [new Date(now - 12 * MIN)]);
    await addPings(db, s2.id, null, [new Date(now - MIN)]);
    await addPings(db, fx.id, away.id, [new Date(now - MIN)]);
    // s3: no session, so the engine placed nothing, but the phone saw the hall's beacon; and the away one
    const s3 = await makeStudent(db, demo.id);
    const door = await addBeacon(db, demo.id, hall.id);
    const foreignDoor = await addBeacon(db, other.id, away.id);
    await addPings(db, s3.id, null, [new Date(now - 3 * MIN)], ["NOT-A-BEACON", door.factory_id]);
    await addPings(db, s3.id, null, [new Date(now - 4 * MIN)], [foreignDoor.factory_id]);
    // the day D: s1 in the hall at 08:00 and 09:00, in the gym at 23:30; s2 in the hall just before and after D
    await addPings(db, s1.id, hall.id, [at(D, 8 * 60), at(D, 9 * 60)]);
    await addPings(db, s1.id, gym.id, [at(D, 23 * 60 + 30)]);
    await addPings(db, s2.id, hall.id, [new Date(at(D, 0).getTime() - MIN), at(addDays(D, 1), 0)]);
    await addPings(db, fx.id, away.id, [at(D, 10 * 60)]);
    Object.assign(ids, { hall: hall.id, gym: gym.id, away: away.id, s1: s1.id, s2: s2.id, s3: s3.id, fx: fx.id });
  });
  afterAll(() => srv?.close());

  const pairs = (r: { data: { student_id: number; location_id: number; pings: number }[] }) =>
    r.data.map((x) => [x.student_id, x.location_id, x.pings]);

  it("shows who is inside now: pings of the last 10 minutes, placed by the engine or a beacon", async () => {
    const hall = await call.ok("school_admin", { loc: ids.hall, sort: "pings", dir: "desc" });
    expect(hall.total).toBe(2);
    expect(hall.data[1]).toMatchObject({
      student_id: ids.s3,
      pings: 1,
      last_seen: new Date(now - 3 * MIN).toISOString(),
    });
    expect(hall.data[0]).toMatchObject({
      student_id: ids.s1,
      location_name: "Presence hall",
      pings: 2,
      first_seen: new Date(now - 5 * MIN).toISOString(),
      last_seen: new Date(now - 2 * MIN).toISOString(),
    });
    expect(new Date(hall.to).getTime() - new Date(hall.from).getTime()).toBe(11 * MIN);
    expect((await call.ok("school_admin", { loc: ids.gym })).total).toBe(0);
  });

  it("counts a period per student and location, on the school's calendar", async () => {
    const day = await call.ok("school_admin", { s: D, e: D, sort: "pings", dir: "desc" });
    const mine = pairs(day).filter(([s]) => s === ids.s1 || s === ids.s2);
    expect(mine).toEqual([
      [ids.s1, ids.hall, 2],
      [ids.s1, ids.gym, 1],
    ]);
    const hall = await call.ok("school_admin", { loc: ids.hall, s: D, e: D });
    expect(hall.data).toEqual([
      expect.objectContaining({
        student_id: ids.s1,
        first_seen: at(D, 480).toISOString(),
        last_seen: at(D, 540).toISOString(),
      }),
    ]);
    expect(hall.from).toBe(at(D, 0).toISOString());
    const three = await call.ok("school_admin", { loc: ids.hall, s: addDays(D, -1), e: addDays(D, 1), sort: "pings" });
    // equal pings: ties by student id
    expect(pairs(three)).toEqual([
      [ids.s1, ids.hall, 2],
      [ids.s2, ids.hall, 2],
    ]);
    const page = await call.ok("school_admin", { loc: ids.hall, s: addDays(D, -1), e: addDays(D, 1), per: 1, page: 2 });
    expect(page.total).toBe(2);
  });

  it("shows a student whose phone's pings the engine placed in a class now (device API)", async () => {
    const db = srv.services.db;
    const { demo } = await schoolsOf(db);
    const { course, place } = await makeCourse(db, demo, floorMinute(new Date(Date.now() - 10 * MIN)), 60);
    const st = await makeStudent(db, demo.id, { courses: [course.id] });
    const sent = [3, 2, 1].map((m) => ping(new Date(Date.now() - m * MIN), place));
    const res = await phone(srv.url, st.token).pings([...sent, ping(new Date(), place, "away")]);
    expect(res.body.data).toEqual({ accepted: 4, duplicates: 0 });
    const r = await call.ok("school_admin", { loc: place.id });
    expect(r.data).toEqual([
      expect.objectContaining({ student_id: st.id, pings: 3, last_seen: new Date(sent[2]!.recorded_at).toISOString() }),
    ]);
  });

  it("never shows another school's pings or locations", async () => {
    for (const vars of [{ per: 250 }, { s: D, e: D, per: 250 }]) {
      const r = await call.ok("master_admin", vars);
      expect(r.data.map((x: { student_id: number }) => x.student_id)).not.toContain(ids.fx);
      expect(r.data.map((x: { location_id: number }) => x.location_id)).not.toContain(ids.away);
    }
    expect((await call.fails("school_admin", { loc: ids.away })).code).toBe("NOT_FOUND");
    expect((await call.fails("school_admin", { loc: 987654, s: D, e: D })).code).toBe("NOT_FOUND");
  });

  it("is for admin roles only", async () => {
    for (const role of ["academic_advisor", "judge", "staff", "councelor", "case_manager"])
      expect((await call.fails(role, {})).code, role).toBe("FORBIDDEN");
  });

  it("names the field at fault", async () => {
    expect(await call.fails("school_admin", { s: D })).toMatchObject({ code: "BAD_USER_INPUT", field: "end_date" });
    expect((await call.fails("school_admin", { e: D })).field).toBe("start_date");
    expect((await call.fails("school_admin", { s: D, e: addDays(D, -1) })).field).toBe("end_date");
    expect((await call.fails("school_admin", { s: "2026-02-30", e: D })).field).toBe("start_date");
    expect((await call.fails("school_admin", { s: "2023-01-01", e: D })).field).toBe("end_date");
    expect((await call.fails("school_admin", { sort: "token" })).field).toBe("sort_by");
  });
});
