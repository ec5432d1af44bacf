import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { students } from "../db/schema/index.ts";
import { makeCourse, makeStudent, schoolsOf } from "../engine/test-fixtures.ts";
import { addDevice, addLocation, assignCourse, caller, withoutFlag } from "./report-fixtures.ts";

const REPORT = `query($mode: String!, $days: Int, $classes: [Int!], $sort: String, $dir: String, $per: Int, $page: Int) {
  setupReport(mode: $mode, days: $days, classes: $classes, sort_by: $sort, sort_dir: $dir, per_page: $per, page: $page) {
    total data { kind id uuid name detail last_seen } } }`;

interface Row {
  kind: string;
  id: number;
  name: string;
  detail: string | null;
  last_seen: string | null;
}

/** The Setup report (issue 12) over a hand-made class: one student or course per problem. */
describe.each(DATABASES)("setupReport on %s", (kind) => {
  let srv: TestServer;
  const call = caller(() => srv, REPORT, "setupReport");
  const ids: Record<string, number> = {};
  const DAY = 86_400_000;

  beforeAll(async () => {
    srv = await startServer(kind);
    const db = srv.services.db;
    const { demo, other } = await schoolsOf(db);
    const later = new Date(Date.now() + 600 * 60_000);
    const { course: a } = await makeCourse(db, demo, later, 60, { title: "Setup A" });
    const { course: noLoc } = await makeCourse(db, demo, later, 60, { title: "Setup no location", location_id: null });
    const bare = await addLocation(db, demo.id, "Bare room");
    const { course: noBeacon } = await makeCourse(db, demo, later, 60, { title: "Setup bare", location_id: bare.id });
    const { course: archived } = await makeCourse(db, demo, later, 60, { location_id: null, is_archived: true });
    const { course: e } = await makeCourse(db, demo, later, 60, { title: "Setup E" });
    const { course: foreign } = await makeCourse(db, other, later, 60, { location_id: null });
    const s = async (name: string, course = a.id, school = demo.id) => {
      const st = await makeStudent(db, school, { courses: [course] });
      ids[name] = st.id;
      return st;
    };
    // s1: no phone, never seen; s2: no location, seen now; s3: no bluetooth, 2 days ago; s4: fine, 10 days ago
    await s("s1");
    await addDevice(db, (await s("s2")).id, false, true, "iPhone 15");
    await addDevice(db, (await s("s3")).id, true, false);
    await addDevice(db, (await s("s4")).id, true, true);
    const seen = (id: string, daysAgo: number) =>
      db
        .update(students)
        .set({ last_seen: new Date(Date.now() - daysAgo * DAY) })
        .where(eq(students.id, ids[id]!));
    await seen("s2", 0);
    await seen("s3", 2);
    await seen("s4", 10);
    // removed: never listed
    await db
      .update(students)
      .set({ deleted_at: new Date() })
      .where(eq(students.id, (await s("gone")).id));
    await s("s6", e.id); // in a course the professor is not assigned to
    await s("fs", foreign.id, other.id);
    Object.assign(ids, {
      a: a.id,
      noLoc: noLoc.id,
      noBeacon: noBeacon.id,
      archived: archived.id,
      e: e.id,
      foreign: foreign.id,
    });
    const judge = (await srv.login("judge")).user as { id: number };
    await assignCourse(db, judge.id, a.id);
  });
  afterAll(() => srv?.close());

  const names = (r: { data: Row[] }) => r.data.map((x) => x.id);

  it("finds each student problem among the class's students", async () => {
    const q = (mode: string, more: Record<string, unknown> = {}) =>
      call.ok("school_admin", { mode, classes: [ids.a], ...more });
    expect(names(await q("no_device"))).toEqual([ids.s1]);
    const noLoc = await q("no_location");
    expect(noLoc).toMatchObject({ total: 1, data: [{ kind: "student", id: ids.s2, detail: "iPhone 15" }] });
    expect(names(await q("no_bluetooth"))).toEqual([ids.s3]);
    const week = await q("not_seen", { sort: "last_seen" });
    // never seen sorts first ascending
    expect(week.total).toBe(2);
    expect(names(week)).toEqual([ids.s1, ids.s4]);
    expect(week.data.map((x: Row) => x.detail)).toEqual(["never seen", "10 days"]);
    const day = await q("not_seen", { days: 1, sort: "last_seen", dir: "desc" });
    expect(names(day)).toEqual([ids.s3, ids.s4, ids.s1]);
  });

  it("finds courses without a location or without beacons, not archived ones", async () => {
    const classes = [ids.a, ids.noLoc, ids.noBeacon, ids.archived, ids.e, ids.foreign];
    const none = await call.ok("school_admin", { mode: "course_no_location", classes });
    expect(none).toMatchObject({ total: 1, data: [{ kind: "course", id: ids.noLoc, name: "Setup no location" }] });
    const bare = await call.ok("school_admin", { mode: "course_no_beacons", classes });
    expect(bare).toMatchObject({ total: 1, data: [{ kind: "course", id: ids.noBeacon, detail: "Bare room" }] });
  });

  it("never lists another school's rows, nor removed students", async () => {
    const all = await call.ok("school_admin", { mode: "no_device", per: 250 });
    expect(all.total).toBeLessThanOrEqual(250);
    expect(names(all)).toContain(ids.s1);
    expect(names(all)).not.toContain(ids.fs);
    expect(names(all)).not.toContain(ids.gone);
    const courseRows = await call.ok("school_admin", { mode: "course_no_location", per: 250 });
    expect(names(courseRows)).not.toContain(ids.foreign);
    expect(names(courseRows)).not.toContain(ids.archived);
  });

  it("shows an assigned-only role only its students", async () => {
    const admin = names(await call.ok("school_admin", { mode: "no_device", per: 250 }));
    expect(admin).toEqual(expect.arrayContaining([ids.s1, ids.s6]));
    const judge = names(await call.ok("judge", { mode: "no_device", per: 250 }));
    expect(judge).toContain(ids.s1);
    expect(judge).not.toContain(ids.s6);
    expect(names(await call.ok("judge", { mode: "no_device", classes: [ids.e] }))).toEqual([]);
  });

  it("names the field at fault", async () => {
    const bad = await call.fails("school_admin", { mode: "broken" });
    expect(bad).toMatchObject({ code: "BAD_USER_INPUT", field: "mode" });
    expect(bad.message).toContain(
      "no_device, no_location, no_bluetooth, not_seen, course_no_location, course_no_beacons",
    );
    expect((await call.fails("school_admin", { mode: "" })).field).toBe("mode");
    expect((await call.fails("school_admin", { mode: "not_seen", days: 0 })).field).toBe("days");
    expect((await call.fails("school_admin", { mode: "course_no_location", sort: "last_seen" })).field).toBe("sort_by");
    expect((await call.fails("school_admin", { mode: "no_device", per: 0 })).field).toBe("per_page");
  });

  it("answers FORBIDDEN to a role without access_reports", async () => {
    await withoutFlag(srv.services.db, "councelor", "access_reports", async () => {
      expect((await call.fails("councelor", { mode: "no_device" })).code).toBe("FORBIDDEN");
    });
  });
});
