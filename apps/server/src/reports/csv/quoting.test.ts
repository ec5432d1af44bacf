import { addDays, localDate, STATUS, zonedToUtc } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bareCellProblem, parseCsv, quotedCellProblem } from "../../../test/csv.ts";
import { ONE_DATABASE, startServer, type TestServer } from "../../../test/harness.ts";
import { attendance, cancellations, courses, events, students, studentTeam, teams } from "../../db/schema/index.ts";
import { makeCourse, makeStudent, schoolsOf } from "../../engine/test-fixtures.ts";
import { addBeacon, addLocation, addPings } from "../report-fixtures.ts";
import { REPORT_EXPORTS } from "./registry.ts";

/** Splits into a new cell, then a formula, in a spreadsheet whose list separator is ";" (sweep 5). */
const SEMI = "x;=1+2";
/** A quote and a line break: one cell, read back whole. */
const QUOTED = 'say "hi"\nbye';

/**
 * Every report export that writes text cells (reports/csv/routes.ts's rows through csvStream, and
 * the Status report's lines and COPY on PostgreSQL) writes `x;=1+2` and a text with a quote and a
 * line break each as one quoted cell (sweep 5: text was written bare, so ";" split it).
 */
describe.each(ONE_DATABASE)("report CSV text cells on %s", (kind) => {
  let srv: TestServer;
  let admin = "";
  const q: Record<string, string> = {};
  const d = (n: number) => addDays(localDate(new Date(), "UTC"), -n);

  beforeAll(async () => {
    srv = await startServer(kind);
    const db = srv.services.db;
    const { demo } = await schoolsOf(db);
    const later = new Date(Date.now() + 600 * 60_000);
    const { course: a } = await makeCourse(db, demo, later, 60, { title: SEMI, crn: QUOTED });
    const { course: b } = await makeCourse(db, demo, later, 60, { title: QUOTED });
    // a course whose location (named QUOTED) has no beacon: Setup course_no_beacons
    const { course: c } = await makeCourse(db, demo, later, 60, { title: SEMI });
    const bare = await addLocation(db, demo.id, QUOTED);
    await db.update(courses).set({ location_id: bare.id }).where(eq(courses.id, c.id));
    const s = await makeStudent(db, demo.id, { courses: [a.id, b.id] });
    await db
      .update(students)
      .set({ first_name: SEMI, last_name: QUOTED, school_identifier: SEMI })
      .where(eq(students.id, s.id));
    const [team] = await db
      .insert(teams)
      .values({ school_id: demo.id, name: `Quoting ${kind}` })
      .returning();
    await db.insert(studentTeam).values({ student_id: s.id, team_id: team!.id });
    const row = (course: number) => ({
      attendable_type: "course" as const,
      attendable_id: course,
      school_id: demo.id,
      student_id: s.id,
      status: STATUS.present,
      finished: true,
      meets: d(2),
    });
    await db.insert(attendance).values([row(a.id), row(b.id)]);
    await db.insert(cancellations).values({ course_id: a.id, date: d(3), notes: QUOTED });
    const day = d(40);
    await db.insert(events).values([
      { school_id: demo.id, title: SEMI, date: day, start_time: "10:00", end_time: "11:00" },
      { school_id: demo.id, title: QUOTED, date: day, start_time: "12:00", end_time: "13:00" },
    ]);
    // a beacon named SEMI at a location named QUOTED, where the student pinged on `day`
    const hall = await addLocation(db, demo.id, QUOTED);
    const beacon = await addBeacon(db, demo.id, hall.id, { name: SEMI });
    await addPings(db, s.id, hall.id, [zonedToUtc(day, 12 * 60, demo.timezone)], [beacon.factory_id]);
    Object.assign(q, {
      Status: `start_date=${d(2)}&end_date=${d(2)}&classes=${a.id}`,
      Cancellation: `start_date=${d(3)}&end_date=${d(3)}&classes=${a.id}`,
      Class: `uuid=${a.uuid}`,
      Student: `uuid=${s.uuid}&attendable_type=course`,
      Team: `uuid=${team!.uuid}`,
      Event: `start_date=${day}&end_date=${day}`,
      LastAttendance: `classes=${a.id}`,
      Setup: `mode=course_no_beacons&classes=${c.id}`,
      Token: `teams=${team!.id}`,
      Beacon: `location_id=${hall.id}`,
      Presence: `location_id=${hall.id}&start_date=${day}&end_date=${day}`,
      Canvas: `classes=${a.id}&start_date=${d(5)}&end_date=${d(1)}`,
    });
    admin = (await srv.login("school_admin")).access_token as string;
  }, 120_000);
  afterAll(() => srv?.close());

  // each report's cells that hold the two texts (Canvas's Student is "last, first", which a comma
  // and a quote had quoted already; its SIS User ID is the school identifier)
  const cells: Record<string, string[]> = {
    Status: [SEMI, QUOTED],
    Cancellation: [SEMI, QUOTED],
    Class: [SEMI, QUOTED],
    Student: [SEMI, QUOTED],
    Team: [SEMI, QUOTED],
    Event: [SEMI, QUOTED],
    LastAttendance: [SEMI, QUOTED],
    Setup: [SEMI, QUOTED],
    Token: [SEMI, QUOTED],
    Beacon: [SEMI, QUOTED],
    Presence: [SEMI, QUOTED],
    Canvas: [`${QUOTED}, ${SEMI}`, SEMI, QUOTED],
  };

  it("covers every export with text cells (Facility writes numbers and hours only)", () => {
    expect(
      REPORT_EXPORTS.map((r) => r.page)
        .filter((p) => p !== "Facility")
        .sort(),
    ).toEqual(Object.keys(cells).sort());
  });

  it.each(Object.keys(cells))("%s: each text is one quoted cell", async (page) => {
    const res = await fetch(`${srv.url}/api/v2/reports/${page}/export.csv?${q[page]}`, {
      headers: { authorization: `Bearer ${admin}`, "x-requested-with": "XMLHttpRequest" },
    });
    const file = await res.text();
    expect(res.status, file).toBe(200);
    for (const value of cells[page]!) {
      expect(quotedCellProblem(file, value)).toBeNull();
      // and read back as that one cell
      expect(
        parseCsv(file).some((r) => r.includes(value)),
        `${page}: ${JSON.stringify(value)}`,
      ).toBe(true);
    }
    // the header stays bare: our own column names
    expect(file.startsWith('"')).toBe(false);
  });

  // each report's calendar-date cells (YYYY-MM-DD): the Status file's SQL writes its date bare, and
  // so must the JS writer (csvStream) of the others (the Student file quoted its dates)
  const dates = (): Record<string, string[]> => ({
    Status: [d(2)],
    Student: [d(2)],
    Cancellation: [d(3)],
    Event: [d(40)],
    LastAttendance: [d(2)],
  });

  it.each(Object.keys(dates()))("%s: a date is one bare cell, as in the Status file", async (page) => {
    const res = await fetch(`${srv.url}/api/v2/reports/${page}/export.csv?${q[page]}`, {
      headers: { authorization: `Bearer ${admin}`, "x-requested-with": "XMLHttpRequest" },
    });
    const file = await res.text();
    expect(res.status, file).toBe(200);
    for (const value of dates()[page]!) {
      expect(bareCellProblem(file, value)).toBeNull();
      expect(
        parseCsv(file).some((r) => r.includes(value)),
        `${page}: ${value}`,
      ).toBe(true);
    }
  });
});
