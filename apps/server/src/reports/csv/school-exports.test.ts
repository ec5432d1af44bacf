import { addDays, localDate, STATUS, zonedToUtc } from "@rollbook/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../../test/csv.ts";
import { ONE_DATABASE, startServer, type TestServer } from "../../../test/harness.ts";
import { attendance, pings, studentCourse, students, studentTeam, teams } from "../../db/schema/index.ts";
import { makeCourse, makeStudent, schoolsOf } from "../../engine/test-fixtures.ts";
import { localDateTime } from "../../export/csv-cells.ts";
import { addBeacon, addDevice, addLocation, addPings } from "../report-fixtures.ts";

/**
 * The CSV exports of the school reports (issue 12) through GET /api/v2/reports/{page}/export.csv:
 * the same rows and numbers as the GraphQL call, over more than one batch, the same refusals.
 */
describe.each(ONE_DATABASE)("school report CSV exports on %s", (kind) => {
  let srv: TestServer;
  const tokens = new Map<string, string>();
  const ids: Record<string, number> = {};
  const D = "2026-05-05";
  const d = (n: number) => addDays(localDate(new Date(), "UTC"), -n);
  const BULK = 1100; // more than one batch of 1000
  let zone = "";
  /** an instant of a call (ISO 8601) as the CSV writes it: the school's local date and time (decision 0823) */
  const local = (iso: string | null) => (iso === null ? null : localDateTime(new Date(iso), zone));

  beforeAll(async () => {
    srv = await startServer(kind);
    const db = srv.services.db;
    const { demo, other } = await schoolsOf(db);
    zone = demo.timezone;
    const at = (h: number, m = 0) => zonedToUtc(D, h * 60 + m, demo.timezone);
    const later = new Date(Date.now() + 600 * 60_000);
    const { course } = await makeCourse(db, demo, later, 60, { title: "CSV class", crn: "=CRN1" });
    const [team] = await db.insert(teams).values({ school_id: demo.id, name: "CSV team" }).returning();
    // BULK students of the class without a phone (Setup no_device, Token over batches)
    const made = await db
      .insert(students)
      .values(
        Array.from({ length: BULK }, (_, i) => ({
          school_id: demo.id,
          first_name: `F${i}`,
          last_name: i === 0 ? "=Formula" : `Bulk ${String(i).padStart(4, "0")}`,
          token: `csv-${kind}-${i}-${Math.random().toString(36).slice(2)}`,
          offline_code: "JBSWY3DPEHPK3PXP",
          school_identifier: `SIS${i}`,
        })),
      )
      .returning();
    await db.insert(studentCourse).values(made.map((s) => ({ student_id: s.id, course_id: course.id })));
    await db.insert(studentTeam).values({ student_id: made[1]!.id, team_id: team!.id });
    const phoned = await makeStudent(db, demo.id, { courses: [course.id] });
    await addDevice(db, phoned.id, false, true);
    // beacons and pings at one location
    const hall = await addLocation(db, demo.id, "CSV hall");
    const away = await addLocation(db, other.id, "CSV away");
    const b = await addBeacon(db, demo.id, hall.id, { name: "door", battery: 40 });
    await addBeacon(db, demo.id, hall.id, { name: "window", battery: 90 });
    await addPings(db, made[0]!.id, hall.id, [at(8), at(8, 30), at(14)], [b.factory_id]);
    await addPings(db, made[1]!.id, hall.id, [at(8, 10)]);
    // attendance for Canvas: made[0] 1 of 2, made[1] 2 of 2, made[2] nothing counted
    const row = (student_id: number, n: number, status: number) => ({
      attendable_type: "course" as const,
      attendable_id: course.id,
      school_id: demo.id,
      student_id,
      status,
      finished: true,
      meets: d(n),
    });
    await db.insert(attendance).values([
      row(made[0]!.id, 3, STATUS.present),
      row(made[0]!.id, 2, STATUS.absent),
      row(made[1]!.id, 3, STATUS.late),
      row(made[1]!.id, 2, STATUS.left_early),
      row(made[2]!.id, 2, STATUS.excused),
      // every other student: one present, so Canvas has more groups than a batch
      ...made.slice(3).map((st) => row(st.id, 4, STATUS.present)),
    ]);
    // and one ping each in the annex on D, so Presence has too
    const annex = await addLocation(db, demo.id, "CSV annex");
    await db.insert(pings).values(
      made.map((st, i) => ({
        student_id: st.id,
        device_ping_id: `annex-${i}`,
        recorded_at: at(12),
        location_id: annex.id,
      })),
    );
    Object.assign(ids, {
      course: course.id,
      team: team!.id,
      hall: hall.id,
      annex: annex.id,
      away: away.id,
      s0: made[0]!.id,
      s1: made[1]!.id,
    });
    for (const role of ["school_admin", "judge", "academic_advisor"])
      tokens.set(role, (await srv.login(role)).access_token);
  }, 180_000);
  afterAll(() => srv?.close());

  const get = (page: string, query: string, role = "school_admin") =>
    fetch(`${srv.url}/api/v2/reports/${page}/export.csv?${query}`, {
      headers: { authorization: `Bearer ${tokens.get(role)}`, "x-requested-with": "XMLHttpRequest" },
    });
  const csv = async (page: string, query: string) => {
    const res = await get(page, query);
    expect(res.status, await res.clone().text()).toBe(200);
    const [header, ...body] = parseCsv(await res.text());
    expect(Number(res.headers.get("x-total-count"))).toBe(body.length);
    return { header, body };
  };
  const gql = async (query: string, vars: Record<string, unknown>): Promise<any> => {
    const r = await srv.gql(tokens.get("school_admin") as string, query, vars);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return Object.values(r.body.data as object)[0];
  };

  it("Setup: every student of the mode over two batches, in the call's order", async () => {
    const { header, body } = await csv("Setup", `mode=no_device&classes=${ids.course}`);
    expect(header).toEqual(["kind", "id", "uuid", "name", "detail", "last_seen"]);
    expect(body).toHaveLength(BULK);
    const page = await gql(
      `query($c: [Int!]) { setupReport(mode: "no_device", classes: $c, per_page: 250, page: 5) { total data { id name } } }`,
      { c: [ids.course] },
    );
    expect(page.total).toBe(BULK);
    expect(body.slice(1000).map((r) => Number(r[1]))).toEqual(page.data.map((x: { id: number }) => x.id));
    expect(body.find((r) => Number(r[1]) === ids.s0)?.[3]).toBe("'=Formula, F0");
    const loc = await csv("Setup", `mode=no_location&classes=${ids.course}`);
    expect(loc.body).toHaveLength(1);
  });

  it("Token: the students of the team and course with their tokens", async () => {
    const { header, body } = await csv("Token", `teams=${ids.team}&courses=${ids.course}&sort_by=school_identifier`);
    expect(header).toEqual(["first_name", "last_name", "preferred_name", "school_identifier", "token"]);
    const all = [];
    for (let p = 1; p <= 5; p++) {
      const r = await gql(
        `query($t: [Int!]!, $c: [Int!]!, $p: Int) { tokenReport(teams: $t, courses: $c, sort_by: "school_identifier", per_page: 250, page: $p) { total data { token } } }`,
        { t: [ids.team], c: [ids.course], p },
      );
      all.push(...r.data.map((x: { token: string }) => x.token));
    }
    expect(body.map((r) => r[4])).toEqual(all);
    expect(body).toHaveLength(BULK + 1);
  });

  it("Beacon, Presence, Facility: the same figures as the calls", async () => {
    const beacons = await csv("Beacon", `location_id=${ids.hall}&sort_by=battery`);
    expect(beacons.body.map((r) => [r[0], r[2], r[3]])).toEqual([
      ["door", "CSV hall", "40"],
      ["window", "CSV hall", "90"],
    ]);
    const seen = await gql(
      `query($l: Int) { beaconReport(location_id: $l, sort_by: "battery") { data { last_seen } } }`,
      {
        l: ids.hall,
      },
    );
    expect(beacons.body.map((r) => r[4] || null)).toEqual(
      seen.data.map((x: { last_seen: string | null }) => local(x.last_seen)),
    );
    const presence = await csv(
      "Presence",
      `location_id=${ids.hall}&start_date=${D}&end_date=${D}&sort_by=pings&sort_dir=desc`, // the CSV keeps id order
    );
    const call = await gql(
      `query($l: Int, $d: String) { presenceReport(location_id: $l, start_date: $d, end_date: $d) { data { first_seen last_seen pings } } }`,
      { l: ids.hall, d: D },
    );
    expect(presence.body.map((r) => [r[3], r[4], Number(r[5])])).toEqual(
      call.data.map((x: { first_seen: string; last_seen: string; pings: number }) => [
        local(x.first_seen),
        local(x.last_seen),
        x.pings,
      ]),
    );
    expect(presence.body.map((r) => Number(r[5]))).toEqual([3, 1]);
    // the pings at 8:00 and 14:00 on the school's clock, written so (decision 0823)
    expect(presence.body[0]?.slice(3, 5)).toEqual([`${D} 08:00:00`, `${D} 14:00:00`]);
    const facility = await csv("Facility", `location_id=${ids.hall}&date=${D}`);
    expect(facility.header).toEqual(["hour", "students", "pings"]);
    expect(facility.body).toHaveLength(24);
    expect(facility.body[8]).toEqual(["08:00", "2", "3"]);
    const day = await gql(
      `query($l: Int!, $d: String!) { facilityReport(location_id: $l, date: $d) { pings hours { students pings } } }`,
      {
        l: ids.hall,
        d: D,
      },
    );
    expect(facility.body.map((r) => [Number(r[1]), Number(r[2])])).toEqual(
      day.hours.map((h: { students: number; pings: number }) => [h.students, h.pings]),
    );
    expect(day.pings).toBe(4);
  });

  it("Canvas: the gradebook columns, a percentage per student and course, over two batches", async () => {
    const { header, body } = await csv("Canvas", `classes=${ids.course}&start_date=${d(5)}&end_date=${d(1)}`);
    expect(header).toEqual(["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Attendance"]);
    // every enrolment (decision 0822): the BULK students and the one with a phone, nothing counted
    expect(body).toHaveLength(BULK + 1);
    expect(body.at(-1)?.slice(2)).toEqual(["", "", "'=CRN1", ""]);
    expect(body.slice(0, 4)).toEqual([
      ["'=Formula, F0", "", "SIS0", "", "'=CRN1", "50"],
      ["Bulk 0001, F1", "", "SIS1", "", "'=CRN1", "100"],
      ["Bulk 0002, F2", "", "SIS2", "", "'=CRN1", ""],
      ["Bulk 0003, F3", "", "SIS3", "", "'=CRN1", "100"],
    ]);
    // the call's pages, in name order, which is id order here
    const called: [string, number | null][] = [];
    for (let p = 1; p <= 5; p++) {
      const r = await gql(
        `query($c: [Int!], $s: String!, $e: String!, $p: Int) { canvasReport(classes: $c, start_date: $s, end_date: $e, per_page: 250, page: $p) { data { school_identifier percentage } } }`,
        { c: [ids.course], s: d(5), e: d(1), p },
      );
      called.push(
        ...r.data.map((x: { school_identifier: string; percentage: number | null }) => [
          x.school_identifier,
          x.percentage,
        ]),
      );
    }
    expect(body.map((r) => [r[2] || null, r[5] === "" ? null : Number(r[5])])).toEqual(called);
  });

  it("Presence: more groups than a batch, the same as the call's pages", async () => {
    const { body } = await csv("Presence", `location_id=${ids.annex}&start_date=${D}&end_date=${D}`);
    expect(body).toHaveLength(BULK);
    const called: string[] = [];
    for (let p = 1; p <= 5; p++) {
      const r = await gql(
        `query($l: Int, $d: String, $p: Int) { presenceReport(location_id: $l, start_date: $d, end_date: $d, per_page: 250, page: $p) { total data { first_name pings } } }`,
        { l: ids.annex, d: D, p },
      );
      expect(r.total).toBe(BULK);
      called.push(...r.data.map((x: { first_name: string; pings: number }) => `${x.first_name}:${x.pings}`));
    }
    expect(body.map((r) => `${r[0]}:${r[5]}`).sort()).toEqual(called.sort());
  });

  it("answers a report the viewer may not open as one that does not exist", async () => {
    const unknown = await get("Nope", "");
    expect(unknown.status).toBe(404);
    const missing = await unknown.json();
    for (const [page, query, role] of [
      ["Beacon", "", "academic_advisor"],
      ["Presence", "", "judge"],
      ["Facility", `location_id=${ids.hall}&date=${D}`, "academic_advisor"],
      ["Token", `teams=${ids.team}`, "judge"], // a professor has no reset_token
    ] as const) {
      const res = await get(page, query, role);
      expect(res.status, page).toBe(404);
      expect(await res.json(), page).toEqual(missing);
    }
    expect((await get("Facility", `location_id=${ids.away}&date=${D}`)).status).toBe(404);
  });

  it("names the filter at fault", async () => {
    const cases: [string, string, string][] = [
      ["Setup", "mode=nope", "mode"],
      ["Setup", "mode=not_seen&days=x", "days"],
      ["Setup", "mode=course_no_location&sort_by=last_seen", "sort_by"],
      ["Token", "", "teams"],
      ["Token", "teams=1,x", "teams"],
      ["Beacon", "sort_by=secret", "sort_by"],
      ["Presence", `start_date=${D}`, "end_date"],
      ["Facility", `date=${D}`, "location_id"],
      ["Facility", `location_id=${ids.hall}&date=tomorrow`, "date"],
      ["Canvas", `end_date=${D}`, "start_date"],
    ];
    for (const [page, q, field] of cases) {
      const res = await get(page, q);
      expect(res.status, `${page}?${q}`).toBe(400);
      const body = (await res.json()) as { errors: Record<string, string[]> };
      expect(Object.keys(body.errors), `${page}?${q}`).toEqual([field]);
    }
  });
});
