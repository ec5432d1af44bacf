import { STATUSES } from "@rollbook/domain";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { viewerIsAllowedReports } from "../../access/report-access.ts";
import { systemOf } from "../../access/system.ts";
import { attendance, courses, events, students } from "../../db/schema/index.ts";
import { safeCell } from "../../export/students-csv.ts";
import { statusFilter } from "../status.ts";
import { type Cell, idList, idOf, type ReportExport } from "./report-export.ts";

/** Rows per statement: big enough to stream fast, small enough that memory stays flat. */
const BATCH = 5000;

const NAMES = new Map<number, string>(STATUSES.map((s) => [s.id, s.name]));
const iso = (d: Date | null) => (d ? d.toISOString() : null);

interface StatusCsvRow {
  id: number;
  meets: string;
  type: string;
  course: string | null;
  event: string | null;
  last: string;
  first: string;
  sid: string | null;
  status: number;
  enter: Date | null;
  exit: Date | null;
}

/**
 * The Status report as CSV: every attendance of the filter, in date order (not the screen's sort:
 * a keyset over (meets, id) keeps each batch an index range). One statement per batch joins the
 * student and the title; the scope's rule is part of it (`visible`), as in every report.
 */
export const statusExport: ReportExport<SQL> = {
  page: "Status",
  file: "status-report",
  allowed: viewerIsAllowedReports,
  parse: (q) =>
    statusFilter({
      start_date: q.start_date,
      end_date: q.end_date,
      classes: idList(q, "classes"),
      location_id: idOf(q, "location_id"),
    }),
  header: ["date", "type", "class", "last_name", "first_name", "school_identifier", "status", "enter", "exit"],
  count: (data, where) => data.count("attendance", where),
  async *rows(scope, where) {
    let after: { meets: string; id: number } | null = null;
    for (;;) {
      const data = scope();
      const { db } = systemOf(data);
      const rows: StatusCsvRow[] = await db
        .select({
          id: attendance.id,
          meets: attendance.meets,
          type: attendance.attendable_type,
          course: courses.title,
          event: events.title,
          last: students.last_name,
          first: students.first_name,
          sid: students.school_identifier,
          status: attendance.status,
          enter: attendance.enter,
          exit: attendance.exit,
        })
        .from(attendance)
        .innerJoin(students, eq(students.id, attendance.student_id))
        .leftJoin(
          courses,
          and(
            eq(attendance.attendable_type, "course"),
            eq(courses.id, attendance.attendable_id),
            data.visible("coursesAnyState"),
          ),
        )
        .leftJoin(
          events,
          and(
            eq(attendance.attendable_type, "event"),
            eq(events.id, attendance.attendable_id),
            data.visible("eventsAnyState"),
          ),
        )
        .where(
          and(
            data.visible("attendance"),
            where,
            after ? sql`(${attendance.meets}, ${attendance.id}) > (${after.meets}, ${after.id})` : undefined,
          ),
        )
        .orderBy(asc(attendance.meets), asc(attendance.id))
        .limit(BATCH);
      if (rows.length === 0) return;
      yield rows.map((r): Cell[] => [
        r.meets,
        r.type,
        safeCell(r.course ?? r.event ?? "-"),
        safeCell(r.last),
        safeCell(r.first),
        safeCell(r.sid),
        NAMES.get(r.status) ?? String(r.status),
        iso(r.enter),
        iso(r.exit),
      ]);
      if (rows.length < BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { meets: last.meets, id: last.id };
    }
  },
};
