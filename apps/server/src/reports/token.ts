import { atMost } from "@rollbook/domain";
import { and, asc, desc, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { courses, studentCourse, students, studentTeam, teams } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { type PageArgs, paging, sortColumn } from "../graphql/paging.ts";
import { byStudentName } from "./common.ts";

export interface TokenReportArgs extends PageArgs {
  teams: readonly number[];
  courses: readonly number[];
}

export interface TokenRow {
  id: number;
  uuid: string;
  first_name: string;
  last_name: string;
  preferred_name: string | null;
  school_identifier: string | null;
  /** the personal token the phone signs in with (stored readable: staff show and reset it) */
  token: string;
}

const MAX_IDS = 500;

/** teams and courses checked: at least one id, at most 500 each, naming the field at fault. */
export function checkToken(args: TokenReportArgs): { teamIds: number[]; courseIds: number[] } {
  const teamIds = [...new Set(args.teams ?? [])];
  const courseIds = [...new Set(args.courses ?? [])];
  for (const [field, ids] of [
    ["teams", teamIds],
    ["courses", courseIds],
  ] as const) {
    if (ids.length > MAX_IDS) throw userError(`${field} ${atMost(MAX_IDS, "item")}`, field);
    if (ids.some((i) => !Number.isInteger(i))) throw userError(`${field} must be ids`, field);
  }
  if (teamIds.length === 0 && courseIds.length === 0)
    throw userError("teams is required when no courses are given", "teams");
  return { teamIds, courseIds };
}

/** The students of the teams and courses. */
export function tokenFilter(data: Scoped, args: TokenReportArgs): SQL {
  const { teamIds, courseIds } = checkToken(args);
  // teams and courses the viewer does not see match nothing, as in every list's filter
  const inTeams = teamIds.length
    ? sql`${students.id} in (select ${studentTeam.student_id} from ${studentTeam} where ${studentTeam.team_id} in (${data.ids("teams", inArray(teams.id, teamIds))}))`
    : undefined;
  const inCourses = courseIds.length
    ? sql`${students.id} in (select ${studentCourse.student_id} from ${studentCourse} where ${studentCourse.course_id} in (${data.ids("courses", inArray(courses.id, courseIds))}))`
    : undefined;
  return and(isNull(students.deleted_at), or(inTeams, inCourses)) as SQL;
}

export function tokenOrder(args: PageArgs): SQL[] {
  const { dir } = paging({ ...args, page: 1, per_page: 1 });
  const col = sortColumn<SQL | "name">(
    args.sort_by,
    { name: "name", school_identifier: sql`${students.school_identifier}` },
    "name",
  );
  // by name as the students list (decision 0612)
  if (col === "name")
    return byStudentName(dir, { last: students.last_name, first: students.first_name, id: students.id });
  return [dir === "asc" ? sql`${asc(col)} nulls last` : sql`${desc(col)} nulls last`, sql`${students.id} asc`];
}

export const tokenRowOf = (s: typeof students.$inferSelect): TokenRow => ({
  id: s.id,
  uuid: s.uuid,
  first_name: s.first_name,
  last_name: s.last_name,
  preferred_name: s.preferred_name,
  school_identifier: s.school_identifier,
  token: s.token,
});

/**
 * The Token report (issue 12): the students of some teams and courses with their personal
 * tokens, to print and hand out. Only students the viewer sees; the field needs reset_token
 * as well as access_reports (the token is as good as the phone: Student.token needs it too).
 */
export async function tokenReport(data: Scoped, args: TokenReportArgs): Promise<{ data: TokenRow[]; total: number }> {
  const where = tokenFilter(data, args);
  const p = paging(args);
  const page = await data.page("students", { where, orderBy: tokenOrder(args), limit: p.perPage, offset: p.offset });
  return { data: page.data.map(tokenRowOf), total: page.total };
}
