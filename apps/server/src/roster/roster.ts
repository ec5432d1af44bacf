import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { byName } from "../db/collation.ts";
import { attendance, studentCourse, studentEvent, students } from "../db/schema/index.ts";
import { type Attendable, sessionsNow } from "./session-now.ts";

type StudentRow = typeof students.$inferSelect;

export interface RosterRow {
  student: StudentRow;
  attendance_id: number | null;
  /** null: no attendance of this session yet */
  status: number | null;
  enter: Date | null;
  exit: Date | null;
  confidence: number | null;
  updated_at: Date | null;
}

export interface Roster {
  meets: string;
  start: Date;
  end: Date;
  rows: RosterRow[];
}

/**
 * The live roster of a course or event (decision 0700, Courses): the session in progress now, and
 * every enrolled (event: not waitlisted) live student the viewer sees, with their attendance of
 * that session, by last name. Batched per request: the rosters of every course or event of a
 * response cost the statements of sessionsNow plus one, whatever their sizes.
 */
export function rosterOf(data: Scoped, item: Attendable, now = new Date()): Promise<Roster | null> {
  const loader = data.loader<Attendable, Roster | null>(`roster:${item.type}`, async (items) => {
    const sessions = await sessionsNow(data, items, now);
    const live = items.flatMap((it, i) => {
      const s = sessions[i];
      return s ? [{ id: it.row.id, session: s }] : [];
    });
    if (live.length === 0) return items.map(() => null);
    const rows = await rosterRows(data, item.type, live);
    return items.map((it, i) => {
      const s = sessions[i];
      if (!s) return null;
      return { meets: s.date, start: s.start, end: s.end, rows: rows.get(it.row.id) ?? [] };
    });
  });
  return loader.load(item);
}

/** One statement: the enrolled students of every session, left-joined to their attendance there. */
async function rosterRows(
  data: Scoped,
  type: "course" | "event",
  live: { id: number; session: { date: string } }[],
): Promise<Map<number, RosterRow[]>> {
  const { db } = systemOf(data);
  const link =
    type === "course"
      ? { table: studentCourse, fk: studentCourse.course_id, student: studentCourse.student_id, extra: undefined }
      : {
          table: studentEvent,
          fk: studentEvent.event_id,
          student: studentEvent.student_id,
          extra: eq(studentEvent.in_waitlist, false),
        };
  const pairs: SQL[] = live.map((l) => sql`(${l.id}::int, ${l.session.date}::date)`);
  const result = await db
    .select({
      owner: link.fk,
      student: students,
      attendance_id: attendance.id,
      status: attendance.status,
      enter: attendance.enter,
      exit: attendance.exit,
      confidence: attendance.confidence,
      updated_at: attendance.updated_at,
    })
    .from(link.table)
    .innerJoin(students, eq(students.id, link.student))
    .leftJoin(
      attendance,
      and(
        eq(attendance.attendable_type, type),
        eq(attendance.student_id, students.id),
        eq(attendance.attendable_id, link.fk),
        sql`(${attendance.attendable_id}, ${attendance.meets}) in (${sql.join(pairs, sql`, `)})`,
      ),
    )
    .where(
      and(
        inArray(
          link.fk,
          live.map((l) => l.id),
        ),
        isNull(students.deleted_at),
        data.visible("students"),
        link.extra,
      ),
    )
    .orderBy(asc(byName(students.last_name)), asc(byName(students.first_name)), asc(students.id));
  const out = new Map<number, RosterRow[]>();
  for (const r of result) {
    const { owner, ...row } = r;
    const list = out.get(owner);
    if (list) list.push(row);
    else out.set(owner, [row]);
  }
  return out;
}
