import {
  addDays,
  apa,
  apaWeight,
  type ChartData,
  comparePeople,
  DATE_PROBLEM,
  dailyGraph,
  GRAPH_MAX_DAYS,
  isValidDate,
  lastSessionDays,
  localDate,
  STATUS,
  STATUSES,
  sessionDaysBetween,
  statusGraph,
} from "@rollbook/domain";
import { and, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { attendance, type courses, studentCourse, students } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";

type CourseRow = typeof courses.$inferSelect;
type Kind = "course" | "event";

/** The figures of an attendable's last finished session: label = its date, value = its APA. */
export interface LastClass {
  label: string;
  value: number | null;
  missed: number[];
}
export const NO_SESSION = "No finished session yet";

const ATTENDED = STATUSES.filter((s) => apaWeight(s.id) === "attended").map((s) => s.id as number);

/** Live students enrolled in each course: one statement for every course of a response. */
export function studentsCount(data: Scoped, courseId: number): Promise<number> {
  return data
    .loader<number, number>("course:students_count", async (ids) => {
      const rows = await systemOf(data)
        .db.select({ id: studentCourse.course_id, n: sql<number>`count(*)::int` })
        .from(studentCourse)
        .innerJoin(students, eq(students.id, studentCourse.student_id))
        .where(and(inArray(studentCourse.course_id, [...ids]), isNull(students.deleted_at)))
        .groupBy(studentCourse.course_id);
      return ids.map((id) => rows.find((r) => r.id === id)?.n ?? 0);
    })
    .load(courseId);
}

/**
 * APA of each course or event: the share of its finished attendance that was attended (present,
 * late, left early) among attended and missed (absent); excused, cancelled, travel and pending do
 * not count (statuses.ts `apa`, decision 0342). Null when nothing counts. One statement per kind.
 */
export function attendableApa(data: Scoped, kind: Kind, id: number): Promise<number | null> {
  return data
    .loader<number, number | null>(`${kind}:apa`, async (ids) => {
      const rows = await systemOf(data)
        .db.select({ id: attendance.attendable_id, status: attendance.status, n: sql<number>`count(*)::int` })
        .from(attendance)
        .where(
          and(
            eq(attendance.attendable_type, kind),
            inArray(attendance.attendable_id, [...ids]),
            eq(attendance.finished, true),
          ),
        )
        .groupBy(attendance.attendable_id, attendance.status);
      return ids.map((i) => apa(rows.filter((r) => r.id === i).flatMap((r) => Array<number>(r.n).fill(r.status))));
    })
    .load(id);
}

/**
 * The last finished session of each course or event that was held (a day called off, every row
 * cancelled, is skipped): its date, APA and who missed it. One statement.
 */
export function lastClass(data: Scoped, kind: Kind, id: number): Promise<LastClass> {
  return data
    .loader<number, LastClass>(`${kind}:last_class`, async (ids) => {
      const list = sql.join(
        ids.map((i) => sql`${i}::int`),
        sql`, `,
      );
      const result = await systemOf(data).db.execute(sql`
        with last as (
          select attendable_id, max(meets) as meets from attendance
          where attendable_type = ${kind} and attendable_id in (${list}) and finished
            and status <> ${STATUS.cancelled}
          group by attendable_id
        )
        select a.attendable_id, a.meets::text as meets, a.status, a.student_id
        from last join attendance a
          on a.attendable_type = ${kind} and a.attendable_id = last.attendable_id and a.meets = last.meets and a.finished`);
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
        id: Number(r.attendable_id),
        meets: String(r.meets),
        status: Number(r.status),
        student_id: Number(r.student_id),
      }));
      return ids.map((i) => {
        const mine = rows.filter((r) => r.id === i);
        if (mine.length === 0) return { label: NO_SESSION, value: null, missed: [] };
        return {
          label: mine[0]?.meets as string,
          value: apa(mine.map((r) => r.status)),
          missed: mine.filter((r) => r.status === STATUS.absent).map((r) => r.student_id),
        };
      });
    })
    .load(id);
}

/**
 * Students by id through the viewer's scope (batched), sorted by name as the database sorts names
 * (decision 0612; not the server's own locale); unseen ones left out.
 */
export async function studentsByIds(data: Scoped, ids: readonly number[]) {
  const rows = (await Promise.all(ids.map((id) => data.byId("students", id)))).filter((r) => r !== null);
  return rows.sort(comparePeople);
}

/**
 * Each enrolled live student's run of absences since the last session they attended (finished
 * sessions; covered ones neither break nor lengthen it, as course_stats.missed_streak, 0600);
 * runs of 2 or more, longest first. One statement for every course of a response.
 */
export function absentStreaks(data: Scoped, courseId: number): Promise<{ student_id: number; streak: number }[]> {
  return data
    .loader<number, { student_id: number; streak: number }[]>("course:absent_streak", async (ids) => {
      const list = sql.join(
        ids.map((i) => sql`${i}::int`),
        sql`, `,
      );
      const attended = sql.join(
        ATTENDED.map((s) => sql`${s}::int`),
        sql`, `,
      );
      // One pass over the courses' finished rows (the session index), then a window per student:
      // a correlated max() per absent row read the whole course again for each (1.7 s on a
      // 500-student course; decision 0700). MATERIALIZED keeps the planner from starting at
      // each student's rows of every course instead.
      const result = await systemOf(data).db.execute(sql`
        with course_rows as materialized (
          select a.attendable_id, a.student_id, a.status, a.meets
          from attendance a
          where a.attendable_type = 'course' and a.attendable_id in (${list}) and a.finished
            and (a.status = ${STATUS.absent} or a.status in (${attended}))
        ), runs as (
          select r.attendable_id, r.student_id, r.status, r.meets,
            max(r.meets) filter (where r.status in (${attended}))
              over (partition by r.attendable_id, r.student_id) as last_attended
          from course_rows r
        )
        select r.attendable_id, r.student_id, count(*)::int as streak
        from runs r
        join student_course sc on sc.course_id = r.attendable_id and sc.student_id = r.student_id
        join students s on s.id = r.student_id and s.deleted_at is null
        where r.status = ${STATUS.absent} and r.meets > coalesce(r.last_attended, '1900-01-01'::date)
        group by r.attendable_id, r.student_id
        having count(*) >= 2`);
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
        id: Number(r.attendable_id),
        student_id: Number(r.student_id),
        streak: Number(r.streak),
      }));
      return ids.map((i) =>
        rows
          .filter((r) => r.id === i)
          .map(({ student_id, streak }) => ({ student_id, streak }))
          .sort((a, b) => b.streak - a.streak || a.student_id - b.student_id),
      );
    })
    .load(courseId);
}

/** The dates a daily graph shows: the given range's meeting days, or the last 14 up to today. */
function graphDates(course: CourseRow, tz: string, start?: string | null, end?: string | null): string[] {
  if (!start && !end) return lastSessionDays(course, localDate(new Date(), tz));
  if (!start || !isValidDate(start)) throw userError(`start_date ${DATE_PROBLEM}`, "start_date");
  if (!end || !isValidDate(end)) throw userError(`end_date ${DATE_PROBLEM}`, "end_date");
  if (end < start) throw userError("end_date must not be before start_date", "end_date");
  if (end > addDays(start, GRAPH_MAX_DAYS))
    throw userError(`end_date must be at most ${GRAPH_MAX_DAYS} days after start_date`, "end_date");
  return sessionDaysBetween(course, start, end);
}

/**
 * A course's attendance by session day and status (every row of those days: today's open
 * session shows as it is now). One statement for every course of a response with the same range.
 */
export async function dailyAttendanceGraph(
  data: Scoped,
  course: CourseRow,
  start?: string | null,
  end?: string | null,
): Promise<ChartData> {
  const school = await data.byId("schools", data.viewer.schoolId);
  const dates = graphDates(course, school?.timezone ?? "UTC", start, end);
  const counts = await data
    .loader<{ id: number; dates: string[] }, { meets: string; status: number; n: number }[]>(
      `course:daily_graph:${start ?? ""}:${end ?? ""}`,
      async (keys) => {
        const all = keys.flatMap((k) => k.dates);
        if (all.length === 0) return keys.map(() => []);
        const from = all.reduce((a, b) => (a < b ? a : b));
        const to = all.reduce((a, b) => (a > b ? a : b));
        const rows = await systemOf(data)
          .db.select({
            id: attendance.attendable_id,
            meets: attendance.meets,
            status: attendance.status,
            n: sql<number>`count(*)::int`,
          })
          .from(attendance)
          .where(
            and(
              eq(attendance.attendable_type, "course"),
              inArray(
                attendance.attendable_id,
                keys.map((k) => k.id),
              ),
              gte(attendance.meets, from),
              lte(attendance.meets, to),
            ),
          )
          .groupBy(attendance.attendable_id, attendance.meets, attendance.status);
        return keys.map((k) => rows.filter((r) => r.id === k.id && k.dates.includes(r.meets)));
      },
    )
    .load({ id: course.id, dates });
  return dailyGraph(dates, counts);
}

/** An event's attendance counted by status (its one session). One statement for every event. */
export function eventAttendanceGraph(data: Scoped, eventId: number): Promise<ChartData> {
  return data
    .loader<number, ChartData>("event:attendance_graph", async (ids) => {
      const rows = await systemOf(data)
        .db.select({ id: attendance.attendable_id, status: attendance.status, n: sql<number>`count(*)::int` })
        .from(attendance)
        .where(and(eq(attendance.attendable_type, "event"), inArray(attendance.attendable_id, [...ids])))
        .groupBy(attendance.attendable_id, attendance.status);
      return ids.map((i) => statusGraph(rows.filter((r) => r.id === i)));
    })
    .load(eventId);
}

/** Who missed an event (finished absent), one statement for every event of a response. */
export function missedEvent(data: Scoped, eventId: number): Promise<number[]> {
  return data
    .loader<number, number[]>("event:missed", async (ids) => {
      const rows = await systemOf(data)
        .db.select({ id: attendance.attendable_id, student_id: attendance.student_id })
        .from(attendance)
        .where(
          and(
            eq(attendance.attendable_type, "event"),
            inArray(attendance.attendable_id, [...ids]),
            eq(attendance.finished, true),
            eq(attendance.status, STATUS.absent),
          ),
        );
      return ids.map((i) => rows.filter((r) => r.id === i).map((r) => r.student_id));
    })
    .load(eventId);
}
