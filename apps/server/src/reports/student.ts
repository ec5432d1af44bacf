import { and, asc, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Scoped } from "../access/scoped.ts";
import { courseByUuid } from "../courses/list.ts";
import { byName } from "../db/collation.ts";
import { attendance, courses, events } from "../db/schema/index.ts";
import { eventByUuid } from "../events/list.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { type PageArgs, paging, sortColumn } from "../graphql/paging.ts";
import { findStudentByUuid } from "../students/reads.ts";
import { byStatus, requiredText } from "./common.ts";
import type { AttendanceRow } from "./status.ts";
import { checkedRange, sessionStart } from "./status.ts";

export interface StudentReportArgs extends PageArgs {
  uuid: string;
  attendable_type: string;
  attendable_uuid?: string | null;
  start_date?: string | null;
  end_date?: string | null;
}

export interface StudentReport {
  data: AttendanceRow[];
  total: number;
  by_status: { status: number; count: number }[];
}

/**
 * The checked filter of a Student report, as SQL over attendance: the student and the one
 * course or event must be ones the viewer sees (else NOT_FOUND, as their detail pages answer).
 */
export async function studentReportFilter(
  data: Scoped,
  args: Pick<StudentReportArgs, "uuid" | "attendable_type" | "attendable_uuid" | "start_date" | "end_date">,
): Promise<SQL> {
  const uuid = requiredText(args.uuid, "uuid");
  const type = requiredText(args.attendable_type, "attendable_type");
  if (type !== "course" && type !== "event")
    throw userError("attendable_type must be course or event", "attendable_type");
  const { start, end } = checkedRange(args.start_date, args.end_date, false);
  const student = await findStudentByUuid(data, uuid);
  const parts: (SQL | undefined)[] = [eq(attendance.student_id, student.id), eq(attendance.attendable_type, type)];
  if (args.attendable_uuid != null && args.attendable_uuid.trim() !== "") {
    const one =
      type === "course"
        ? await courseByUuid(data, args.attendable_uuid.trim())
        : await eventByUuid(data, args.attendable_uuid.trim());
    if (!one) throw notFound(type === "course" ? "Course" : "Event");
    parts.push(eq(attendance.attendable_id, one.id));
  }
  if (start) parts.push(gte(attendance.meets, start));
  if (end) parts.push(lte(attendance.meets, end));
  return and(...parts) as SQL;
}

/** The course's or event's title of an attendance row, for sorting and the CSV. */
export const titleSql = sql`(case ${attendance.attendable_type}
  when 'course' then (select ${courses.title} from ${courses} where ${courses.id} = ${attendance.attendable_id})
  else (select ${events.title} from ${events} where ${events.id} = ${attendance.attendable_id}) end)`;

/** Date order: the day, the session's start time (sessionStart), then the id, every key in `dir`. */
const dateOrder = (dir: "asc" | "desc") => {
  const by = dir === "asc" ? asc : desc;
  return [by(attendance.meets), by(sessionStart), by(attendance.id)];
};

/**
 * The Student report's order, the screen's and the CSV's: by date, one day's 9 AM class before its
 * 2 PM one whatever order their rows were written in (as the Status report, decision 0820). One student's rows are a few hundred:
 * the start-time lookup per row costs nothing worth an index.
 */
export const studentReportOrder = (args: PageArgs, dir: "asc" | "desc"): SQL[] => {
  const col = sortColumn<SQL | PgColumn>(
    args.sort_by,
    {
      date: attendance.meets,
      status: attendance.status,
      enter: attendance.enter,
      exit: attendance.exit,
      title: byName(titleSql),
    },
    "date",
  );
  if (col === attendance.meets) return dateOrder(dir);
  // another sort's ties: newest day first, then id (as the other reports break a title's ties)
  return [sql`${dir === "asc" ? asc(col) : desc(col)} nulls last`, desc(attendance.meets), asc(attendance.id)];
};

/**
 * The Student report (issue 12): one student's sessions of courses or of events (or of one of
 * them) with status, enter and exit, newest first by default, and each status's count.
 */
export async function studentReport(data: Scoped, args: StudentReportArgs): Promise<StudentReport> {
  const where = await studentReportFilter(data, args);
  const p = paging({ ...args, sort_dir: args.sort_dir ?? "desc" });
  const [page, counts] = await Promise.all([
    data.page("attendance", { where, orderBy: studentReportOrder(args, p.dir), limit: p.perPage, offset: p.offset }),
    data.countBy<"attendance", number>("attendance", attendance.status, where),
  ]);
  return { ...page, by_status: byStatus(counts) };
}
