import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Scoped } from "../access/scoped.ts";
import { byName } from "../db/collation.ts";
import { foldedContains, containsPattern as like } from "../db/folded-contains.ts";
import { courses } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { type PageArgs, paging, searchTerm, sortColumn } from "../graphql/paging.ts";
import { sessionsNow } from "../roster/session-now.ts";

export type CourseRow = typeof courses.$inferSelect & { is_in_session?: boolean };

export const COURSE_STATES = ["active", "archived", "removed", "all"] as const;

/** Live (not removed) students enrolled in the course: the list's column and sort key. */
export const studentsCountSql = sql<number>`(select count(*)::int from student_course sc
  join students s on s.id = sc.student_id
  where sc.course_id = ${courses.id} and s.deleted_at is null)`;

function stateWhere(state: string): SQL | undefined {
  switch (state) {
    case "active":
      return and(isNull(courses.deleted_at), eq(courses.is_archived, false));
    case "archived":
      return and(isNull(courses.deleted_at), eq(courses.is_archived, true));
    case "removed":
      return isNotNull(courses.deleted_at);
    case "all":
      return undefined;
    default:
      throw userError(`state must be one of ${COURSE_STATES.join(", ")}`, "state");
  }
}

/**
 * Ids of the viewer's courses meeting right now, cancellations and closures applied; a session
 * begun yesterday that runs past midnight counts (sessionsNow looks at both days).
 */
export async function inSessionIds(data: Scoped, now = new Date()): Promise<Set<number>> {
  const rows = await data.rows("courses", { where: eq(courses.is_archived, false) });
  const sessions = await sessionsNow(
    data,
    rows.map((row) => ({ type: "course" as const, row })),
    now,
  );
  return new Set(rows.filter((_, i) => sessions[i]).map((c) => c.id));
}

/** The `courses` list: state, in_session, query over title, crn and course_number, sorted. */
export async function listCourses(
  data: Scoped,
  args: PageArgs & { query?: string | null; in_session?: boolean | null; state?: string | null },
): Promise<{ data: CourseRow[]; total: number }> {
  const p = paging(args);
  const col = sortColumn<SQL | PgColumn>(
    args.sort_by,
    {
      // the names' order (decisions 0612, 0614): "Économie" among the E's; courses_school_title serves it
      title: byName(courses.title),
      crn: courses.crn,
      course_number: courses.course_number,
      start_time: courses.start_time,
      end_time: courses.end_time,
      students_count: studentsCountSql,
      created_at: courses.created_at,
    },
    "title",
  );
  const parts: (SQL | undefined)[] = [stateWhere(args.state ?? "active")];
  const q = searchTerm(args.query);
  if (q)
    parts.push(
      or(foldedContains(sql`${courses.title}`, q), ilike(courses.crn, like(q)), ilike(courses.course_number, like(q))),
    );
  const inSession = await inSessionIds(data);
  if (args.in_session) parts.push(inSession.size ? inArray(courses.id, [...inSession]) : sql`false`);
  const { data: rows, total } = await data.page("coursesAnyState", {
    where: and(...parts),
    orderBy: [p.dir === "asc" ? asc(col) : desc(col), asc(courses.id)],
    limit: p.perPage,
    offset: p.offset,
  });
  return { data: rows.map((c) => ({ ...c, is_in_session: inSession.has(c.id) })), total };
}

/** One course by uuid, removed ones included; null when the viewer may not see it (or it is malformed). */
export async function courseByUuid(data: Scoped, uuid: string): Promise<CourseRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid)) return null;
  const row = await data.first("coursesAnyState", eq(courses.uuid, uuid.toLowerCase()));
  if (!row) return null;
  // the one course's session now, not the whole school's day (same rules: cancellations, closures)
  const [session] = await sessionsNow(data, [{ type: "course", row }], new Date());
  return { ...row, is_in_session: Boolean(session) };
}
