import { ATTENDED_STATUSES, atMost, daysSince } from "@rollbook/domain";
import { inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { byName } from "../db/collation.ts";
import { attendance, courses, students } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { type PageArgs, paging, sortColumn } from "../graphql/paging.ts";
import {
  byStudentName,
  dateText,
  liveStudentOfSchool,
  num,
  type ReportStudent,
  rowsOf,
  schoolToday,
  studentColumns,
  studentOf,
} from "./common.ts";

export interface LastAttendanceArgs extends PageArgs {
  /** course ids: only these classes */
  classes?: readonly number[] | null;
}

export interface LastAttendanceRow {
  student: ReportStudent;
  course: { id: number; uuid: string; title: string };
  /** the last date the student attended the course (present, late or left early); null: never */
  last_attended: string | null;
  /** whole days from it to the school's today; null: never attended */
  days_since: number | null;
}

const MAX_CLASSES = 500;

/** The checked filter: the courses it covers, as SQL over courses (the viewer's live ones). */
export function lastAttendanceFilter(args: Pick<LastAttendanceArgs, "classes">): SQL | undefined {
  if (args.classes == null) return undefined;
  const ids = [...new Set(args.classes)];
  if (ids.length > MAX_CLASSES) throw userError(`classes ${atMost(MAX_CLASSES, "item")}`, "classes");
  if (ids.some((i) => !Number.isSafeInteger(i))) throw userError("classes must be course ids", "classes");
  return ids.length ? inArray(courses.id, ids) : sql`false`;
}

/** (student, course) pairs: live enrolments of live students in live courses the viewer sees. */
const pairsSql = (data: Scoped, where: SQL | undefined) => sql`
  select sc.student_id, sc.course_id from student_course sc
  where sc.course_id in (${data.ids("courses", where)})
    and sc.student_id in (${data.ids("students", isNull(students.deleted_at))})`;

const attended = sql.raw(`${attendance.status.name} in (${ATTENDED_STATUSES.join(", ")})`);

/** The report's orders (the CSV checks sort_by with them before it streams). */
export const LAST_SORTS = { name: "name", course: "course", last_attended: "last", days_since: "days" } as const;

/** How many (student, course) pairs the filter has. */
export async function lastAttendanceTotal(data: Scoped, where: SQL | undefined): Promise<number> {
  const [r] = await rowsOf(data, sql`select count(*)::int as n from (${pairsSql(data, where)}) p`);
  return num(r?.n);
}

/**
 * A page of pairs with their last attended date. Sorted by that date, every pair's last date is
 * needed: one grouped pass over the pairs' attendance. Sorted by name or course, only the
 * page's pairs are looked up (one index probe each, by student and date).
 */
export async function lastAttendanceRows(
  data: Scoped,
  where: SQL | undefined,
  args: { sort_by?: string | null; dir: "asc" | "desc"; perPage: number; offset: number },
  today: string,
): Promise<LastAttendanceRow[]> {
  const key = sortColumn(
    args.sort_by,
    { name: "name", course: "course", last_attended: "last", days_since: "days" },
    "name",
  );
  const dir = sql.raw(args.dir);
  const seen = data.visible("attendance");
  // students by name as every list of them (decision 0612), then the course by title (0614)
  const title = (column: string) => byName(sql.raw(column));
  const terms = (parts: SQL[]) => sql.join(parts, sql`, `);
  const names = terms([...byStudentName("asc", studentColumns("s")), title("c.title"), sql`c.id`]);
  const select = sql`s.id, s.uuid, s.first_name, s.last_name, s.preferred_name, s.school_identifier,
    c.id as course_id, c.uuid as course_uuid, c.title as course_title`;
  let query: SQL;
  if (key === "last" || key === "days") {
    // days since ascending is the last date descending; never attended sorts as the most days
    const order = (key === "days") === (args.dir === "asc") ? sql`l.last desc nulls last` : sql`l.last asc nulls first`;
    query = sql`with p as (${pairsSql(data, where)}),
      l as (select student_id, attendable_id as course_id, max(meets) as last from ${attendance}
        where attendable_type = 'course' and ${attended} and ${seen}
          and (student_id, attendable_id) in (select student_id, course_id from p)
        group by student_id, attendable_id)
      select ${select}, l.last::text as last from p
        join ${students} s on s.id = p.student_id join ${courses} c on c.id = p.course_id
        left join l on l.student_id = p.student_id and l.course_id = p.course_id
      order by ${order}, ${names} limit ${args.perPage} offset ${args.offset}`;
  } else {
    const order =
      key === "course"
        ? sql`${title("c.title")} ${dir}, c.id, ${names}`
        : terms([...byStudentName(args.dir, studentColumns("s")), title("c.title"), sql`c.id`]);
    // the page again in that order, over its own columns
    const again =
      key === "course"
        ? terms([
            sql`${title("page.course_title")} ${dir}`,
            sql`page.course_id`,
            ...byStudentName("asc", studentColumns("page")),
          ])
        : terms([...byStudentName(args.dir, studentColumns("page")), title("page.course_title"), sql`page.course_id`]);
    query = sql`with page as (
        select ${select} from (${pairsSql(data, where)}) p
          join ${students} s on s.id = p.student_id and ${liveStudentOfSchool(data, "s")}
          join ${courses} c on c.id = p.course_id
        order by ${order} limit ${args.perPage} offset ${args.offset})
      select page.*, (select max(meets)::text from ${attendance} where ${attendance.student_id} = page.id
          and attendable_type = 'course' and attendable_id = page.course_id and ${attended} and ${seen}) as last
      from page order by ${again}`;
  }
  const list = await rowsOf(data, query);
  return list.map((r) => {
    const last = r.last == null ? null : dateText(r.last);
    return {
      student: studentOf(r),
      course: { id: num(r.course_id), uuid: String(r.course_uuid), title: String(r.course_title) },
      last_attended: last,
      days_since: last === null ? null : daysSince(last, today),
    };
  });
}

/**
 * The LastAttendance report (issue 12): each student's last attended date per course, and the
 * days since (school calendar), for compliance reporting.
 */
export async function lastAttendanceReport(
  data: Scoped,
  args: LastAttendanceArgs,
): Promise<{ data: LastAttendanceRow[]; total: number }> {
  const where = lastAttendanceFilter(args);
  const p = paging(args);
  const { today } = await schoolToday(data);
  const [rows, total] = await Promise.all([
    lastAttendanceRows(data, where, { sort_by: args.sort_by, dir: p.dir, perPage: p.perPage, offset: p.offset }, today),
    lastAttendanceTotal(data, where),
  ]);
  return { data: rows, total };
}
