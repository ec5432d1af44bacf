import { addDays, STATUS } from "@rollbook/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../test/csv.ts";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { attendance } from "../db/schema/index.ts";
import { makeCourse, makeStudent } from "../engine/test-fixtures.ts";
import { EVENT_DAY, type ReportSchool, reportSchool } from "./test-school.ts";

const REPORT = `query($uuid: String!, $type: String!, $one: String, $s: String, $e: String, $sort: String, $dir: String, $per: Int, $page: Int) {
  studentReport(uuid: $uuid, attendable_type: $type, attendable_uuid: $one, start_date: $s, end_date: $e,
    sort_by: $sort, sort_dir: $dir, per_page: $per, page: $page) {
    total by_status { status count } data { id meets status enter exit attendable_title }
  } }`;

/** The Student report (issue 12) against the hand-made school of test-school.ts, on every database. */
describe.each(ONE_DATABASE)("studentReport on %s", (kind) => {
  let srv: TestServer;
  let w: ReportSchool;

  beforeAll(async () => {
    srv = await startServer(kind);
    w = await reportSchool(srv.services.db);
  });
  afterAll(() => srv?.close());

  const gql = async (role: string, vars: Record<string, unknown>) =>
    srv.gql((await srv.login(role)).access_token as string, REPORT, vars);
  const ok = async (role: string, vars: Record<string, unknown>) => {
    const r = await gql(role, vars);
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    return r.body.data.studentReport as {
      total: number;
      by_status: { status: number; count: number }[];
      data: {
        id: number;
        meets: string;
        status: number;
        enter: string | null;
        exit: string | null;
        attendable_title: string;
      }[];
    };
  };
  const fails = async (role: string, vars: Record<string, unknown>) => {
    const r = await gql(role, vars);
    expect(r.status).toBeLessThan(500);
    const e = r.body.errors?.[0] as { message: string; extensions?: { code?: string; field?: string } };
    expect(e, JSON.stringify(r.body)).toBeDefined();
    return { message: e.message, code: e.extensions?.code, field: e.extensions?.field };
  };

  it("lists a student's course sessions newest first, with titles, enter and counts", async () => {
    const r = await ok("school_admin", { uuid: w.a.uuid, type: "course" });
    expect(r.total).toBe(5);
    expect(r.data.map((x) => x.meets)).toEqual([w.d(0), w.d(1), w.d(2), w.d(3), w.d(4)]);
    expect(r.data.map((x) => x.status)).toEqual([
      STATUS.present,
      STATUS.cancelled,
      STATUS.excused,
      STATUS.present,
      STATUS.left_early,
    ]);
    expect(r.data[0]?.attendable_title).toBe("Report Class");
    expect(r.data[3]?.enter).not.toBeNull();
    expect(r.by_status).toEqual([
      { status: STATUS.present, count: 2 },
      { status: STATUS.excused, count: 1 },
      { status: STATUS.left_early, count: 1 },
      { status: STATUS.cancelled, count: 1 },
    ]);
  });

  it("narrows to one course or event and a range, and pages", async () => {
    const one = await ok("school_admin", { uuid: w.c.uuid, type: "course", one: w.course.uuid, s: w.d(3), e: w.d(2) });
    expect(one).toMatchObject({ total: 2, by_status: [{ status: STATUS.absent, count: 2 }] });
    const ev = await ok("school_admin", { uuid: w.a.uuid, type: "event", sort: "date", dir: "asc" });
    expect(ev.total).toBe(2);
    expect(ev.data.map((x) => [x.meets, x.status])).toEqual([
      [EVENT_DAY, STATUS.present],
      [addDays(EVENT_DAY, 1), STATUS.late],
    ]);
    const e1 = await ok("school_admin", { uuid: w.a.uuid, type: "event", one: w.e1.uuid });
    expect(e1.total).toBe(1);
    const page = await ok("school_admin", { uuid: w.a.uuid, type: "course", per: 2, page: 3 });
    expect(page.data).toHaveLength(1);
  });

  it("answers NOT_FOUND for a student or course the viewer does not see, or another school's", async () => {
    expect((await fails("school_admin", { uuid: w.f.uuid, type: "course" })).code).toBe("NOT_FOUND");
    expect((await fails("school_admin", { uuid: w.a.uuid, type: "course", one: w.foreign.uuid })).code).toBe(
      "NOT_FOUND",
    );
    // the judge sees the course's students, not d, who left it
    expect((await ok("judge", { uuid: w.a.uuid, type: "course" })).total).toBe(5);
    expect((await fails("judge", { uuid: w.dd.uuid, type: "course" })).message).toBe("Student not found");
    // an event the judge is not assigned (and not public) is not found either
    expect((await fails("judge", { uuid: w.a.uuid, type: "event", one: w.e2.uuid })).message).toBe("Event not found");
    expect((await fails("school_admin", { uuid: "no-such-uuid", type: "course" })).code).toBe("NOT_FOUND");
  });

  it("names the filter at fault", async () => {
    expect(await fails("school_admin", { uuid: "", type: "course" })).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "uuid",
    });
    expect((await fails("school_admin", { uuid: w.a.uuid, type: "" })).field).toBe("attendable_type");
    expect((await fails("school_admin", { uuid: w.a.uuid, type: "team" })).field).toBe("attendable_type");
    expect((await fails("school_admin", { uuid: w.a.uuid, type: "course", e: "01/02/2026" })).field).toBe("end_date");
    expect((await fails("school_admin", { uuid: w.a.uuid, type: "course", sort: "x" })).field).toBe("sort_by");
  });

  const csv = async (role: string, path: string) => {
    const token = (await srv.login(role)).access_token as string;
    const res = await fetch(`${srv.url}/api/v2/reports/${path}`, {
      headers: { authorization: `Bearer ${token}`, "x-requested-with": "XMLHttpRequest" },
    });
    const text = await res.text();
    return { status: res.status, total: Number(res.headers.get("x-total-count")), rows: parseCsv(text), text };
  };

  it("exports every session as CSV with the report's numbers", async () => {
    const r = await ok("school_admin", { uuid: w.a.uuid, type: "course" });
    const file = await csv("school_admin", `Student/export.csv?uuid=${w.a.uuid}&attendable_type=course`);
    expect(file.status, file.text).toBe(200);
    const [header, ...body] = file.rows;
    expect(header).toEqual(["date", "type", "title", "status", "enter", "exit"]);
    expect(file.total).toBe(r.total);
    expect(body.map((x) => x[0])).toEqual(r.data.map((x) => x.meets));
    expect(body.map((x) => x[3])).toEqual(["present", "cancelled", "excused", "present", "left_early"]);
    expect(body[0]?.[2]).toBe("Report Class");
    expect(body[3]?.[4]).not.toBe("");
    const bad = await csv("school_admin", `Student/export.csv?uuid=${w.a.uuid}&attendable_type=team`);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).errors.attendable_type).toBeDefined();
    expect((await csv("school_admin", `Student/export.csv?uuid=${w.f.uuid}&attendable_type=course`)).status).toBe(404);
  });

  it("orders one day's sessions by their start time, not by id, both ways, across pages and in the CSV", async () => {
    const db = srv.services.db;
    const at = new Date(Date.now() + 600 * 60_000);
    const course = async (title: string, start_time: string, end_time: string) =>
      (await makeCourse(db, w.school, at, 60, { title, start_time, end_time })).course;
    const pm = await course("Afternoon", "14:00", "15:00");
    const am = await course("Morning", "09:00", "10:00");
    const am2 = await course("Morning too", "09:00", "10:00");
    const x = await makeStudent(db, w.school.id, { courses: [pm.id, am.id, am2.id] });
    const row = (attendable_id: number, meets: string) => ({
      attendable_type: "course" as const,
      attendable_id,
      school_id: w.school.id,
      student_id: x.id,
      status: STATUS.present,
      finished: true,
      meets,
    });
    // each day's 2 PM class written first (the smallest id), then the two 9 AM ones (same start: by id)
    const inserted = await db
      .insert(attendance)
      .values([
        row(pm.id, w.d(11)),
        row(am.id, w.d(11)),
        row(am2.id, w.d(11)),
        row(pm.id, w.d(10)),
        row(am.id, w.d(10)),
        row(am2.id, w.d(10)),
      ])
      .returning({ id: attendance.id });
    const [pm11, am11, am211, pm10, am10, am210] = inserted.map((r) => r.id);
    const want = [am11, am211, pm11, am10, am210, pm10];
    const vars = { uuid: x.uuid, type: "course", sort: "date" };
    const ids = async (dir: string | undefined, per: number, page: number) =>
      (await ok("school_admin", { ...vars, dir, per, page })).data.map((r) => r.id);
    expect(await ids("asc", 6, 1)).toEqual(want);
    expect(await ids("desc", 6, 1)).toEqual([...want].reverse());
    // the default (newest first) is the same desc order
    expect(await ids(undefined, 6, 1)).toEqual([...want].reverse());
    for (const dir of ["asc", "desc"]) {
      const whole = dir === "asc" ? want : [...want].reverse();
      expect([...(await ids(dir, 4, 1)), ...(await ids(dir, 4, 2))]).toEqual(whole);
      expect([...(await ids(dir, 2, 1)), ...(await ids(dir, 2, 2)), ...(await ids(dir, 2, 3))]).toEqual(whole);
    }
    // the CSV writes the screen's order, both ways
    const titles = [
      `${w.d(11)} Morning`,
      `${w.d(11)} Morning too`,
      `${w.d(11)} Afternoon`,
      `${w.d(10)} Morning`,
      `${w.d(10)} Morning too`,
      `${w.d(10)} Afternoon`,
    ];
    for (const [dir, expected] of [
      ["asc", titles],
      ["desc", [...titles].reverse()],
    ] as const) {
      const file = await csv(
        "school_admin",
        `Student/export.csv?uuid=${x.uuid}&attendable_type=course&sort_by=date&sort_dir=${dir}`,
      );
      expect(file.status, file.text).toBe(200);
      expect(file.rows.slice(1).map((r) => `${r[0]} ${r[2]}`)).toEqual(expected);
    }
  });
});
