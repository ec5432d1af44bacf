import { addDays, localDate, roleById, STATUS, zonedToUtc } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../../test/csv.ts";
import { ONE_DATABASE, startServer, type TestServer } from "../../../test/harness.ts";
import { Scoped } from "../../access/scoped.ts";
import type { Viewer } from "../../access/viewer.ts";
import { attendance, schools, students, users } from "../../db/schema/index.ts";
import { demoEmail } from "../../db/seed/demo.ts";
import { makeCourse, makeStudent, schoolsOf } from "../../engine/test-fixtures.ts";
import { statusExport } from "./status.ts";

const ZONE = "America/Los_Angeles";

/**
 * Every time of a CSV export is the school's local date and time, `YYYY-MM-DD HH:MM:SS` with no zone
 * (decision 0823; UI sweep item 3: they were UTC, so an evening session's exit fell on the next day
 * while the `date` column is the school's). A school in Los Angeles and a 6:00-7:30 PM session: in
 * UTC, 02:00-03:30 the next day. The SQL writer (Status: COPY on PostgreSQL, keyset lines on both)
 * and the JS writer (csvStream: the Student report, the students export) write the same text.
 */
describe.each(ONE_DATABASE)("CSV export times on the school's clock on %s", (kind) => {
  let srv: TestServer;
  let admin = "";
  // a few days ago on the school's calendar
  const day = addDays(localDate(new Date(), ZONE), -3);
  const enter = zonedToUtc(day, 18 * 60, ZONE); // 6:00 PM
  const exit = new Date(zonedToUtc(day, 19 * 60 + 30, ZONE).getTime() + 15_500); // 7:30:15.5 PM
  const ENTER = `${day} 18:00:00`;
  const EXIT = `${day} 19:30:15`;
  const ids = { course: 0, student: "", last: "" };

  beforeAll(async () => {
    srv = await startServer(kind);
    const db = srv.services.db;
    const { demo } = await schoolsOf(db);
    await db.update(schools).set({ timezone: ZONE }).where(eq(schools.id, demo.id));
    const school = { ...demo, timezone: ZONE };
    const { course } = await makeCourse(db, school, new Date(Date.now() + 600 * 60_000), 60, { title: "Evening Lab" });
    const s = await makeStudent(db, demo.id, { courses: [course.id] });
    await db.update(students).set({ last_seen: exit }).where(eq(students.id, s.id));
    await db.insert(attendance).values({
      attendable_type: "course",
      attendable_id: course.id,
      school_id: demo.id,
      student_id: s.id,
      status: STATUS.present,
      finished: true,
      meets: day,
      enter,
      exit,
    });
    Object.assign(ids, { course: course.id, student: s.uuid, last: s.last_name });
    admin = (await srv.login("school_admin")).access_token as string;
  }, 120_000);
  afterAll(() => srv?.close());

  const csv = async (path: string) => {
    const res = await fetch(`${srv.url}${path}`, {
      headers: { authorization: `Bearer ${admin}`, "x-requested-with": "XMLHttpRequest" },
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return { text, rows: parseCsv(text) };
  };

  it("the UTC text would be the next day", () => {
    expect(enter.toISOString().slice(0, 10)).toBe(addDays(day, 1));
    expect(exit.toISOString().slice(0, 10)).toBe(addDays(day, 1));
  });

  it("Status (written by the database): enter and exit on the school's clock, the date's day", async () => {
    const { text, rows } = await csv(
      `/api/v2/reports/Status/export.csv?start_date=${day}&end_date=${day}&classes=${ids.course}`,
    );
    expect(rows[0]?.slice(-2)).toEqual(["enter", "exit"]);
    expect(rows.slice(1)).toEqual([[day, "course", "Evening Lab", ids.last, "Test", "", "present", ENTER, EXIT]]);
    // bare, as a spreadsheet reads a date and time
    expect(text).toContain(`,present,${ENTER},${EXIT}\n`);
  });

  it.runIf(kind === "postgres")("Status: the keyset's lines write the same times as COPY", async () => {
    const db = srv.services.db;
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail("school_admin")));
    const role = roleById(user!.role_id);
    const viewer: Viewer = {
      user: user!,
      roleId: role.id,
      permissions: role.permissions,
      schoolId: user!.school_id,
      tokenKind: "access",
      tokenId: 0,
      impersonatorId: null,
    };
    const where = statusExport.parse({ start_date: day, end_date: day, classes: String(ids.course) });
    let lines = "";
    for await (const chunk of statusExport.lines!(() => new Scoped(srv.services, viewer), where)) lines += chunk;
    expect(lines).toBe(`${day},course,"Evening Lab","${ids.last}","Test",,present,${ENTER},${EXIT}\n`);
  });

  it("Student (written by csvStream): enter and exit on the school's clock", async () => {
    const { text, rows } = await csv(`/api/v2/reports/Student/export.csv?uuid=${ids.student}&attendable_type=course`);
    expect(rows.slice(1)).toEqual([[day, "course", "Evening Lab", "present", ENTER, EXIT]]);
    // bare (text cells are quoted), as the database writes them
    expect(text).toContain(`,"present",${ENTER},${EXIT}\n`);
  });

  it("the students export: last_seen on the school's clock", async () => {
    const { rows } = await csv(`/api/v2/students/export.csv?query=${encodeURIComponent(ids.last)}`);
    const last_seen = rows[0]?.indexOf("last_seen") ?? -1;
    expect(rows.slice(1).map((r) => r[last_seen])).toEqual([EXIT]);
  });
});
