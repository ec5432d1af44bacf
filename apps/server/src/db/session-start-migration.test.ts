import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { DATABASES } from "../../test/harness.ts";
import { upgradeDatabase } from "../../test/upgrade-database.ts";
import { type Database, openDatabase } from "./client.ts";

/**
 * Migrations 0023-0025 (decision 0820) on a database that already has attendance, as an upgrade
 * meets it: every row gets its session's start time, new rows get theirs from a trigger, and the
 * Status report's date order reads a page from attendance_school_meets_start_id.
 */
const BEFORE = "0022_titles_search_fold";

/**
 * A school with a course at 14:00, an event at 09:00 and rows of a class that is gone (id 999999),
 * 600 students, 30 days: 54,000 rows, enough that a page is read from the index, not sorted.
 */
const FILL = [
  "insert into schools (name) values ('Upgrade school')",
  `insert into courses (school_id, title, start_time, end_time)
     values ((select max(id) from schools), 'Afternoon class', '14:00', '15:00')`,
  `insert into events (school_id, title, date, start_time, end_time)
     values ((select max(id) from schools), 'Morning event', '2026-09-01', '09:00', '10:00')`,
  `insert into students (school_id, first_name, last_name, token, offline_code)
     select (select max(id) from schools), 'S' || g, 'Upgrade', 'upgrade-start-' || g, 'X' from generate_series(1, 600) g`,
  `insert into attendance (attendable_type, attendable_id, school_id, student_id, meets)
     select k.t, k.i, st.school_id, st.id, date '2026-09-01' + d
     from students st
     cross join generate_series(0, 29) d
     cross join (values ('course', (select max(id) from courses)), ('event', (select max(id) from events)),
       ('course', 999999)) as k(t, i)`,
  "analyze",
];

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(database: Database, q: ReturnType<typeof sql>) =>
  ((await database.db.execute(q)) as unknown as Rows<T>).rows;

describe.each(DATABASES)("attendance.session_start on a school with attendance, on %s", (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it("fills the rows already there, fills new rows by trigger, keeps a given value, and serves the Status page from the index", async () => {
    const database = await openDatabase(await upgradeDatabase(kind, BEFORE, FILL, cleanups));
    try {
      // every row written before the upgrade: its course's or event's start, midnight for a class gone
      const filled = await rowsOf<{ t: string; i: number; start: string | null; n: number }>(
        database,
        sql`select attendable_type as t, attendable_id as i, session_start::text as start, count(*)::int as n
          from attendance group by 1, 2, 3 order by 1, 2, 3`,
      );
      const [course] = await rowsOf<{ id: number }>(database, sql`select max(id) as id from courses`);
      const [event] = await rowsOf<{ id: number }>(database, sql`select max(id) as id from events`);
      expect(filled).toEqual([
        { t: "course", i: course!.id, start: "14:00:00", n: 18_000 },
        { t: "course", i: 999999, start: "00:00:00", n: 18_000 },
        { t: "event", i: event!.id, start: "09:00:00", n: 18_000 },
      ]);

      // a writer that leaves it out gets the session's start as it stands; a given value is kept,
      // and moving the course later leaves the rows of sessions already held as they were
      await database.db.execute(sql`update courses set start_time = '16:30' where id = ${course!.id}`);
      const inserted = await rowsOf<{ start: string }>(
        database,
        sql`insert into attendance (attendable_type, attendable_id, school_id, student_id, meets)
          select k.t, k.i, st.school_id, st.id, date '2026-10-15'
          from (select * from students order by id limit 1) st
          cross join (values (1, 'course', ${course!.id}::int), (2, 'event', ${event!.id}::int), (3, 'course', 999998))
            as k(n, t, i)
          order by k.n
          returning session_start::text as start`,
      );
      expect(inserted.map((r) => r.start)).toEqual(["16:30:00", "09:00:00", "00:00:00"]);
      const [given] = await rowsOf<{ start: string }>(
        database,
        sql`insert into attendance (attendable_type, attendable_id, school_id, student_id, meets, session_start)
          select 'course', ${course!.id}, school_id, id, date '2026-10-16', time '07:45'
          from students order by id limit 1
          returning session_start::text as start`,
      );
      expect(given?.start).toBe("07:45:00");
      const [held] = await rowsOf<{ starts: string[] }>(
        database,
        sql`select array_agg(distinct session_start::text) as starts from attendance
          where attendable_type = 'course' and attendable_id = ${course!.id} and meets < '2026-10-01'`,
      );
      expect(held?.starts).toEqual(["14:00:00"]);

      // the Status report's first page in date order, either direction: read from the index in
      // order (no sort of the day's rows), as reports/status.ts asks for it
      for (const dir of ["asc", "desc"]) {
        const plan = (
          await rowsOf<{ "QUERY PLAN": string }>(
            database,
            sql`explain select * from attendance
              where school_id = (select max(id) from schools) and meets >= '2026-09-01' and meets <= '2026-09-30'
              order by meets ${sql.raw(dir)}, session_start ${sql.raw(dir)}, id ${sql.raw(dir)} limit 25`,
          )
        )
          .map((r) => r["QUERY PLAN"])
          .join("\n");
        expect(plan).toContain("attendance_school_meets_start_id");
        expect(plan).not.toMatch(/Sort/);
      }
    } finally {
      await database.close();
    }
  });
});
