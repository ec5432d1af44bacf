import { STATUSES } from "@rollbook/domain";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { viewerIsAllowedReports } from "../../access/report-access.ts";
import { systemOf } from "../../access/system.ts";
import { attendance, courses, events, students } from "../../db/schema/index.ts";
import { checkedStatusSort, statusFilter } from "../status.ts";
import { columns } from "./copy-out.ts";
import { csvLine, guardedText, localCell, localText, schoolZoneSql, textCell } from "./csv-sql.ts";
import { idList, idOf, type ReportExport } from "./report-export.ts";

/** Rows per statement: big enough to stream fast, small enough that memory stays flat. */
const BATCH = 5000;

const NAMES = new Map<number, string>(STATUSES.map((s) => [s.id, s.name]));

/** The status names by id, as a SQL array (statuses are 0..7, so index = id + 1). */
const STATUS_NAMES = sql.raw(
  `array[${[...NAMES.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, n]) => `'${n}'`)
    .join(",")}]`,
);

/**
 * The title of a row's class or event, which the row's viewer may read whether or not the class is
 * theirs: the screen's attendable_title shows it (with no link) and so does the file. Only a class
 * of another school (a row no school should hold) writes "-".
 */
const inViewerSchool = (data: { viewer: { schoolId: number } }, schoolId: PgColumn) =>
  eq(schoolId, data.viewer.schoolId);

/** The text cells of the file (always quoted), by their column names in `copy`. */
const QUOTED = ["class", "last_name", "first_name", "school_identifier"];

/**
 * The Status report as CSV: every attendance of the filter, in date order (not the screen's sort).
 * On PostgreSQL (`copy`, decision 0822) one statement for the whole file through COPY ... TO
 * STDOUT: hash joins to the students, courses and events (their cells guarded once each, not per
 * row), one sort, and the database writes the CSV. On PGlite (`lines`) a keyset over (meets, id)
 * keeps each batch an index range; one statement per batch joins the student and the title and
 * writes the CSV lines (csv-sql.ts). Both write the same bytes (csv/status-bytes.test.ts); the
 * scope's rule is part of each (`visible`), as in every report. enter and exit are on the school's
 * clock (localText, decision 0823), as the JS writers write times.
 */
export const statusExport: ReportExport<SQL> = {
  page: "Status",
  file: "status-report",
  allowed: viewerIsAllowedReports,
  parse: (q) => {
    // the file is in date order whatever the screen's sort, but a sort the call refuses is refused here too
    checkedStatusSort(q.sort_by || null);
    return statusFilter({
      start_date: q.start_date,
      end_date: q.end_date,
      classes: idList(q, "classes"),
      location_id: idOf(q, "location_id"),
    });
  },
  header: ["date", "type", "class", "last_name", "first_name", "school_identifier", "status", "enter", "exit"],
  count: (data, where) => data.count("attendance", where),
  copy: {
    quoted: QUOTED,
    query: (data, where) => {
      const zone = schoolZoneSql(data.viewer.schoolId);
      return sql`select ${columns([
        ["date", sql`${attendance.meets}::text`],
        ["type", sql`${attendance.attendable_type}`],
        // as textCell(coalesce(title, '-')) writes it: the "-" of a class not in the school is guarded too
        ["class", sql`coalesce(c.t, e.t, '''-')`],
        ["last_name", sql`s.l`],
        ["first_name", sql`s.f`],
        ["school_identifier", sql`s.sid`],
        ["status", sql`coalesce((${STATUS_NAMES})[${attendance.status} + 1], ${attendance.status}::text)`],
        ["enter", localText(attendance.enter, zone)],
        ["exit", localText(attendance.exit, zone)],
      ])}
      from ${attendance}
      join (select ${students.id} as id, ${guardedText(students.last_name)} as l,
          ${guardedText(students.first_name)} as f, ${guardedText(students.school_identifier)} as sid
          from ${students} where ${data.visible("students")}) s
        on s.id = ${attendance.student_id}
      left join (select ${courses.id} as id, ${guardedText(courses.title)} as t from ${courses}
          where ${inViewerSchool(data, courses.school_id)}) c
        on ${attendance.attendable_type} = 'course' and c.id = ${attendance.attendable_id}
      left join (select ${events.id} as id, ${guardedText(events.title)} as t from ${events}
          where ${inViewerSchool(data, events.school_id)}) e
        on ${attendance.attendable_type} = 'event' and e.id = ${attendance.attendable_id}
      where ${and(data.visible("attendance"), where)}
      order by ${attendance.meets}, ${attendance.session_start}, ${attendance.id}`;
    },
  },
  async *lines(scope, where) {
    // the session's start time as the row keeps it, the screen's second date key (sessionStart)
    const start = attendance.session_start;
    let after: { meets: string; start: string; id: number } | null = null;
    for (;;) {
      const data = scope();
      const { db } = systemOf(data);
      const zone = schoolZoneSql(data.viewer.schoolId);
      const line = csvLine([
        sql`${attendance.meets}::text`,
        sql`${attendance.attendable_type}`,
        textCell(sql`coalesce(${courses.title}, ${events.title}, '-')`),
        textCell(students.last_name),
        textCell(students.first_name),
        textCell(students.school_identifier),
        sql`coalesce((${STATUS_NAMES})[${attendance.status} + 1], ${attendance.status}::text)`,
        localCell(attendance.enter, zone),
        localCell(attendance.exit, zone),
      ]);
      const rows: { id: number; meets: string; start: string; line: string }[] = await db
        .select({
          id: attendance.id,
          meets: sql<string>`${attendance.meets}::text`,
          start: sql<string>`${start}::text`,
          line: sql<string>`${line}`,
        })
        .from(attendance)
        .innerJoin(students, eq(students.id, attendance.student_id))
        .leftJoin(
          courses,
          and(
            eq(attendance.attendable_type, "course"),
            eq(courses.id, attendance.attendable_id),
            inViewerSchool(data, courses.school_id),
          ),
        )
        .leftJoin(
          events,
          and(
            eq(attendance.attendable_type, "event"),
            eq(events.id, attendance.attendable_id),
            inViewerSchool(data, events.school_id),
          ),
        )
        .where(
          and(
            data.visible("attendance"),
            where,
            // the day bounds the index range; the row comparison resumes within it
            after ? sql`${attendance.meets} >= ${after.meets}` : undefined,
            after
              ? sql`(${attendance.meets}, ${start}, ${attendance.id}) > (${after.meets}::date, ${after.start}::time, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(asc(attendance.meets), asc(start), asc(attendance.id))
        .limit(BATCH);
      if (rows.length === 0) return;
      let text = "";
      for (const r of rows) text += `${r.line}\n`;
      yield text;
      if (rows.length < BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { meets: last.meets, start: last.start, id: last.id };
    }
  },
};
