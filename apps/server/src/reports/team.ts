import { semesterRange, teamApa } from "@rollbook/domain";
import { and, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { attendance, students, type teams } from "../db/schema/index.ts";
import { notFound } from "../graphql/builder.ts";
import { type PageArgs, paging, sortColumn } from "../graphql/paging.ts";
import { teamByUuid } from "../teams/list.ts";
import {
  byStudentName,
  countsOf,
  dateText,
  type ReportStudent,
  requiredText,
  rowsOf,
  STATUS_COUNTS_SQL,
  type StatusCounts,
  schoolToday,
  studentColumns,
  studentOf,
} from "./common.ts";
import { checkedRange } from "./status.ts";

export interface TeamReportArgs extends PageArgs {
  uuid: string;
  start_date?: string | null;
  end_date?: string | null;
}

export interface TeamReportRow extends StatusCounts {
  student: ReportStudent;
}

export interface TeamReport {
  team: typeof teams.$inferSelect;
  start_date: string;
  end_date: string;
  data: TeamReportRow[];
  total: number;
  /** the team's APA over the range: the mean of its students' (decision 0304) */
  apa: number | null;
  travel: number;
  missed: number;
}

/**
 * The checked filter of a Team report. An open range is this semester up to today, as the
 * students' semester_apa counts it (decision 0342): the report then shows the app's APA.
 */
export async function teamReportFilter(data: Scoped, args: Pick<TeamReportArgs, "uuid" | "start_date" | "end_date">) {
  const uuid = requiredText(args.uuid, "uuid");
  const given = checkedRange(args.start_date, args.end_date, false);
  const team = await teamByUuid(data, uuid);
  if (!team) throw notFound("Team");
  let { start, end } = given;
  if (!start || !end) {
    const { today } = await schoolToday(data);
    // semester dates of the school's courses name no one: read for the calendar only
    const terms = await rowsOf(
      data,
      sql`select distinct semester_start::text as semester_start, semester_end::text as semester_end from courses
        where school_id = ${team.school_id} and deleted_at is null and semester_start is not null`,
    );
    const semester = semesterRange(
      start ?? end ?? today,
      terms.map((t) => ({ semester_start: dateText(t.semester_start), semester_end: dateText(t.semester_end) })),
    );
    start = start ?? semester.from;
    end = end ?? (today < semester.to && today >= start ? today : semester.to);
  }
  return { team, start, end };
}

type Filter = Awaited<ReturnType<typeof teamReportFilter>>;

/** The report's orders (the CSV checks sort_by with them before it streams); "name": byStudentName. */
export const TEAM_SORTS: Record<string, SQL | "name"> = {
  name: "name",
  apa: sql`a.attended::float / nullif(a.attended + a.missed, 0)`,
  travel: sql`coalesce(a.travel, 0)`,
  missed: sql`coalesce(a.missed, 0)`,
};

/** The team's live members the viewer sees, each with their counts over the range. */
export async function teamRows(
  data: Scoped,
  f: Filter,
  args: { sort_by?: string | null; dir: "asc" | "desc"; perPage?: number; offset?: number },
): Promise<TeamReportRow[]> {
  const col = sortColumn(args.sort_by, TEAM_SORTS, "name");
  // by name as every list of students (decision 0612); the figures' ties by name ascending
  const order =
    col === "name"
      ? byStudentName(args.dir, studentColumns("s"))
      : [sql`${col} ${sql.raw(args.dir)} nulls last`, ...byStudentName("asc", studentColumns("s"))];
  const members = data.ids(
    "students",
    and(
      isNull(students.deleted_at),
      sql`${students.id} in (select student_id from student_team where team_id = ${f.team.id})`,
    ),
  );
  const range = and(gte(attendance.meets, f.start), lte(attendance.meets, f.end)) as SQL;
  const limit = args.perPage === undefined ? sql`` : sql`limit ${args.perPage} offset ${args.offset ?? 0}`;
  const list = await rowsOf(
    data,
    sql`with m as (${members}),
      a as (select student_id, ${STATUS_COUNTS_SQL} from ${attendance}
        where ${and(data.visible("attendance"), range)} and ${attendance.student_id} in (select id from m)
        group by student_id)
      select s.id, s.uuid, s.first_name, s.last_name, s.preferred_name, s.school_identifier, a.*
      from ${students} s left join a on a.student_id = s.id
      where s.id in (select id from m)
      order by ${sql.join(order, sql`, `)} ${limit}`,
  );
  return list.map((r) => ({ student: studentOf(r), ...countsOf(r) }));
}

/**
 * The Team report (issue 12): a team's students with APA, travel and missed sessions over the
 * range, and the team's figures over all of them (the mean APA, the sums).
 */
export async function teamReport(data: Scoped, args: TeamReportArgs): Promise<TeamReport> {
  const f = await teamReportFilter(data, args);
  const p = paging(args);
  const [page, all] = await Promise.all([
    teamRows(data, f, { sort_by: args.sort_by, dir: p.dir, perPage: p.perPage, offset: p.offset }),
    // a team is tens of students: its totals from every member's two counts
    teamRows(data, f, { dir: "asc" }),
  ]);
  return {
    team: f.team,
    start_date: f.start,
    end_date: f.end,
    data: page,
    total: all.length,
    apa: teamApa(all.map((r) => r.apa)),
    travel: all.reduce((n, r) => n + r.travel, 0),
    missed: all.reduce((n, r) => n + r.missed, 0),
  };
}
