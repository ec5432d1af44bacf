import { addDays, localDate, roleById, STATUS } from "@rollbook/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../../test/harness.ts";
import { Scoped } from "../../access/scoped.ts";
import type { Viewer } from "../../access/viewer.ts";
import { attendance, events, studentCourse, students, userCourse, users } from "../../db/schema/index.ts";
import { demoEmail } from "../../db/seed/demo.ts";
import { makeCourse, makeStudent, schoolsOf } from "../../engine/test-fixtures.ts";
import { csvCell, localDateTime } from "../../export/csv-cells.ts";
import { COPIES_AT_ONCE, copyCsv, copyCsvOr } from "./copy-out.ts";
import { localText } from "./csv-sql.ts";
import { statusExport } from "./status.ts";

/**
 * The Status CSV's exact bytes (decision 0822): on PostgreSQL the database writes the file through
 * COPY, on PGlite a keyset writes it line by line; both must guard every formula (=, +, -, @, tab,
 * CR) and quote and escape every text cell as a spreadsheet reads it back, byte for byte alike.
 */
describe.each(ONE_DATABASE)("Status CSV bytes on %s", (kind) => {
  let srv: TestServer;
  let admin = "";
  let zone = "";
  const d = (n: number) => addDays(localDate(new Date(), "UTC"), -n);
  const day = d(30);
  const ids = { course: 0, first: 0 };
  const enter = new Date("2026-03-04T05:06:07.089Z");
  const exit = new Date("2026-03-04T06:00:00.000Z");
  // last name, first name, school identifier: each a case the file must write right
  const people: [string, string, string | null][] = [
    ["=SUM(A1)", "+1", "-2"],
    ["@cmd", "\tTab", "\rCR"],
    ['Quote "Q"', "Comma, Jr", "Line\nBreak"],
    ["plain", "", null],
    ["'Apos", "a=b", "x-1"],
    ["Ünïcödé ✓", "\\back\\slash", "semi;colon"],
  ];

  beforeAll(async () => {
    srv = await startServer(kind);
    const db = srv.services.db;
    const { demo, other } = await schoolsOf(db);
    zone = demo.timezone;
    const later = new Date(Date.now() + 600 * 60_000);
    const { course } = await makeCourse(db, demo, later, 60, { title: '-Bytes "class", one' });
    const { course: foreign } = await makeCourse(db, other, later, 60, { title: "Theirs" });
    ids.course = course.id;
    const [event] = await db
      .insert(events)
      .values({ school_id: demo.id, title: "@Event", date: day, start_time: "10:00", end_time: "11:00" })
      .returning();
    for (const [i, [last, first, sis]] of people.entries()) {
      const s = await makeStudent(db, demo.id, { courses: [course.id] });
      await db
        .update(students)
        .set({ last_name: last, first_name: first, school_identifier: sis === null ? null : `${sis}#${kind}` })
        .where(eq(students.id, s.id));
      if (i === 0) ids.first = s.id;
      const base = { school_id: demo.id, student_id: s.id, finished: true, meets: day };
      await db.insert(attendance).values([
        { ...base, attendable_type: "course", attendable_id: course.id, status: STATUS.present, enter, exit },
        ...(i === 0
          ? [
              // an event, and a course the viewer cannot see (its class cell is "-", guarded)
              { ...base, attendable_type: "event" as const, attendable_id: event!.id, status: STATUS.late, enter },
              { ...base, attendable_type: "course" as const, attendable_id: foreign.id, status: STATUS.absent },
            ]
          : []),
      ]);
    }
    admin = (await srv.login("school_admin")).access_token as string;
  }, 120_000);
  afterAll(() => srv?.close());

  const download = async () => {
    const res = await fetch(`${srv.url}/api/v2/reports/Status/export.csv?start_date=${day}&end_date=${day}`, {
      headers: { authorization: `Bearer ${admin}`, "x-requested-with": "XMLHttpRequest" },
    });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer()).toString("utf8");
  };

  /** A text cell as the file writes it: guarded as safeCell does, always quoted, quotes doubled; null empty. */
  const text = (v: string | null) =>
    v === null ? "" : `"${(/^[=+\-@\t\r]/.test(v) ? `'${v}` : v).replace(/"/g, '""')}"`;

  it("guards formulas and escapes quotes, commas and line breaks, byte for byte", async () => {
    const file = await download();
    const lines = file.split(/\n(?=\d{4}-|$)/);
    expect(lines[0]).toBe("date,type,class,last_name,first_name,school_identifier,status,enter,exit");
    const expected = (
      cls: string,
      [last, first, sis]: (typeof people)[number],
      type: string,
      status: string,
      times: string,
    ) =>
      [day, type, text(cls), text(last), text(first), text(sis === null ? null : `${sis}#${kind}`), status, times].join(
        ",",
      );
    const course = '-Bytes "class", one';
    const want = new Set([
      ...people.map((p) => expected(course, p, "course", "present", `${csvCell(enter, zone)},${csvCell(exit, zone)}`)),
      expected("@Event", people[0]!, "event", "late", `${csvCell(enter, zone)},`),
      expected("-", people[0]!, "course", "absent", ","),
    ]);
    const body = lines.slice(1).filter((l) => l !== "");
    expect(body).toHaveLength(want.size);
    expect(new Set(body)).toEqual(want);
    // spot checks of the raw text, whatever the helper above says
    expect(file).toContain(`"'=SUM(A1)","'+1","'-2#${kind}"`);
    expect(file).toContain(`"'@cmd","'\tTab","'\rCR#${kind}"`);
    expect(file).toContain(`"Quote ""Q""","Comma, Jr","Line\nBreak#${kind}"`);
    expect(file).toContain(`"plain","",,present`);
    expect(file).toContain(`,"'-",`);
    // the times on the school's clock (New York: 05:06:07.089 UTC is 00:06:07 there), not UTC
    expect(zone).toBe("America/New_York");
    expect(file).toContain(`,present,2026-03-04 00:06:07,2026-03-04 01:00:00\n`);
    expect(file.endsWith("\n")).toBe(true);
    // the database's text cells are the other CSV writers' (export/csv-cells.ts), byte for byte
    for (const v of [...people.flat(), course, "@Event", "-"])
      expect(csvCell(v, zone), JSON.stringify(v)).toBe(text(v));
  });

  it("names a class its viewer sees the student of but does not teach, as the screen does", async () => {
    // the professor sees the first student through a course of their own, not through the bytes class
    const db = srv.services.db;
    const [judge] = await db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail("judge")));
    const [theirs] = await db.select().from(userCourse).where(eq(userCourse.user_id, judge!.id));
    expect(theirs?.course_id).not.toBe(ids.course);
    await db.insert(studentCourse).values({ student_id: ids.first, course_id: theirs!.course_id });
    const token = (await srv.login("judge")).access_token as string;
    const res = await fetch(`${srv.url}/api/v2/reports/Status/export.csv?start_date=${day}&end_date=${day}`, {
      headers: { authorization: `Bearer ${token}`, "x-requested-with": "XMLHttpRequest" },
    });
    expect(res.status).toBe(200);
    const file = Buffer.from(await res.arrayBuffer()).toString("utf8");
    const [last, first] = people[0]!;
    const row = (cls: string, status: string) =>
      file
        .split("\n")
        .find(
          (l) => l.startsWith(`${day},course,${text(cls)},${text(last)},${text(first)},`) && l.includes(`,${status},`),
        );
    expect(row('-Bytes "class", one', "present")).toBeDefined();
    // another school's class stays unnamed
    expect(row("-", "absent")).toBeDefined();
    expect(file).not.toContain("Theirs");
    // the screen's call names the same class for the same row
    const q = await srv.gql(
      token,
      `query($d: String!) { statusReport(start_date: $d, end_date: $d, per_page: 100) {
      data { attendable_type attendable_title status student { id } } } }`,
      { d: day },
    );
    const titles = (q.body.data?.statusReport.data ?? [])
      .filter((r: { student: { id: number } }) => r.student.id === ids.first)
      .map((r: { attendable_title: string }) => r.attendable_title);
    expect(titles).toContain('-Bytes "class", one');
  });

  it("writes an instant as the same text as the other CSV writers, in any zone (decision 0823)", async () => {
    // zones far from UTC, on half and quarter hours, with and without daylight saving (and rules
    // that have not changed for years: the database's zone data and Node's are not the same copy)
    const zones = [
      "UTC",
      "America/Los_Angeles",
      "America/New_York",
      "America/St_Johns",
      "Europe/London",
      "Asia/Tokyo",
      "Asia/Kolkata",
      "Asia/Kathmandu",
      "Australia/Adelaide",
      "Australia/Lord_Howe",
      "Pacific/Chatham",
      "Pacific/Kiritimati",
      "Pacific/Pago_Pago",
    ];
    const instants = [
      "2026-11-27T02:00:00Z", // 6 PM in Los Angeles the day before
      "2026-11-27T03:30:15.999Z",
      "2026-03-04T05:06:07.089Z",
      "2026-03-08T09:59:59.999Z", // Los Angeles springs forward at 10:00 UTC
      "2026-03-08T10:00:00Z",
      "2026-11-01T08:30:00Z", // Los Angeles reads 01:30 twice
      "2026-11-01T09:30:00Z",
      "2026-10-03T15:29:59Z", // Lord Howe's clock moves half an hour: 01:59:59, then 02:30:00
      "2026-10-03T15:30:00Z",
      "2026-12-31T23:59:59.5Z",
      "2027-01-01T00:00:00Z",
      "2024-02-29T12:00:00Z",
      "2000-01-01T00:00:00Z",
    ];
    // and a spread over the years, one a little past every 9.7 days from 2020 to 2032
    for (let t = Date.UTC(2020, 0, 1, 0, 0, 0, 123); t < Date.UTC(2032, 0, 1); t += 838_861_777)
      instants.push(new Date(t).toISOString());
    const pairs = zones.flatMap((z) => instants.map((t) => ({ t, z })));
    const result = await srv.services.db.execute(
      sql`select x.t as t, x.z as z, ${localText(sql`x.t::timestamptz`, sql`x.z`)} as text
        from json_to_recordset(${JSON.stringify(pairs)}::json) as x(t text, z text)`,
    );
    const rows = (result as unknown as { rows: { t: string; z: string; text: string }[] }).rows;
    expect(rows).toHaveLength(pairs.length);
    for (const r of rows) expect(r.text, `${r.t} in ${r.z}`).toBe(localDateTime(new Date(r.t), r.z));
  });

  it.runIf(kind === "postgres")("writes through COPY the same bytes as the keyset's lines", async () => {
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
    const where = statusExport.parse({ start_date: d(40), end_date: d(1) });
    const scope = () => new Scoped(srv.services, viewer);
    const header = `${statusExport.header.join(",")}\n`;
    let keyset = header;
    for await (const chunk of statusExport.lines!(scope, where)) keyset += chunk;
    const pieces: Buffer[] = [Buffer.from(header)];
    for await (const chunk of copyCsv(db, statusExport.copy!.query(scope(), where), statusExport.copy!.quoted))
      pieces.push(chunk);
    const copied = Buffer.concat(pieces).toString("utf8");
    const res = await fetch(`${srv.url}/api/v2/reports/Status/export.csv?start_date=${d(40)}&end_date=${d(1)}`, {
      headers: { authorization: `Bearer ${admin}`, "x-requested-with": "XMLHttpRequest" },
    });
    expect(Buffer.from(await res.arrayBuffer()).toString("utf8")).toBe(copied);
    expect(copied.length).toBeGreaterThan(1000);
    expect(copied).toBe(keyset);
  });

  it.runIf(kind === "postgres")("ends the COPY when the reader stops early, and the pool goes on", async () => {
    const db = srv.services.db;
    let chunks = 0;
    for await (const chunk of copyCsv(db, sql`select n, 'x' || n as t from generate_series(1, 2000000) n`, ["t"])) {
      expect(chunk.toString("utf8")).toMatch(/^1,"x1"\n2,"x2"\n/);
      if (++chunks === 1) break;
    }
    // the connection was closed, not handed back in the middle of a COPY: its backend goes away
    for (let i = 0; i < 50; i++) {
      const res = await db.execute(
        sql`select count(*)::int as n from pg_stat_activity where query like 'copy (select n, %'`,
      );
      if (Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n) === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const left = await db.execute(
      sql`select count(*)::int as n from pg_stat_activity where query like 'copy (select n, %'`,
    );
    expect(Number((left as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(0);
    const after = await db.execute(sql`select 1 as one`);
    expect((after as unknown as { rows: { one: number }[] }).rows[0]?.one).toBe(1);
  });

  it.runIf(kind === "postgres")("holds at most COPIES_AT_ONCE connections; past that the keyset serves", async () => {
    const db = srv.services.db;
    const big = sql`select n from generate_series(1, 2000000) n`;
    async function* fallback() {
      yield "keyset\n";
    }
    const first = async (g: AsyncGenerator<Buffer | string>) => String((await g.next()).value).slice(0, 7);
    const open = Array.from({ length: COPIES_AT_ONCE }, () => copyCsvOr(db, big, [], fallback));
    for (const g of open) expect(await first(g)).toBe("1\n2\n3\n4");
    const extra = copyCsvOr(db, big, [], fallback);
    expect(await first(extra)).toBe("keyset\n");
    await extra.return(undefined);
    for (const g of open) await g.return(undefined);
    const again = copyCsvOr(db, big, [], fallback);
    expect(await first(again)).toBe("1\n2\n3\n4");
    await again.return(undefined);
  });
});
