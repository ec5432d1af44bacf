import { and, asc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Scoped } from "../access/scoped.ts";
import { byName } from "../db/collation.ts";
import { foldedContains, containsPattern as like } from "../db/folded-contains.ts";
import { teams } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { type PageArgs, paging, searchTerm, sortColumn } from "../graphql/paging.ts";

export type TeamRow = typeof teams.$inferSelect;

export const TEAM_STATES = ["active", "removed", "all"] as const;

/** Live members: the list's column and sort key. */
const studentsCountSql = sql<number>`(select count(*)::int from student_team st
  join students s on s.id = st.student_id
  where st.team_id = ${teams.id} and s.deleted_at is null)`;

/** The mean of the live members' semester_apa (decisions.md), as Team.apa shows it. */
const apaSql = sql<number | null>`(select round(avg(s.semester_apa)::numeric, 1)::float8 from student_team st
  join students s on s.id = st.student_id
  where st.team_id = ${teams.id} and s.deleted_at is null)`;

function stateWhere(state: string): SQL | undefined {
  switch (state) {
    case "active":
      return isNull(teams.deleted_at);
    case "removed":
      return isNotNull(teams.deleted_at);
    case "all":
      return undefined;
    default:
      throw userError(`state must be one of ${TEAM_STATES.join(", ")}`, "state");
  }
}

/** The `teams` list: state, query over name and tag, sorted by name, students_count or apa. */
export async function listTeams(
  data: Scoped,
  args: PageArgs & { query?: string | null; state?: string | null },
): Promise<{ data: TeamRow[]; total: number }> {
  const p = paging(args);
  const col = sortColumn<SQL | PgColumn>(
    args.sort_by,
    { name: byName(teams.name), students_count: studentsCountSql, apa: apaSql, created_at: teams.created_at },
    "name",
  );
  const parts: (SQL | undefined)[] = [stateWhere(args.state ?? "active")];
  const q = searchTerm(args.query);
  if (q) parts.push(or(foldedContains(sql`${teams.name}`, q), ilike(teams.tag, like(q))));
  // teams without an APA last either way, then by id so pages do not overlap. A name is never null:
  // plain asc / desc, which teams_school_name serves both ways (`desc nulls last` it cannot)
  const nulls = args.sort_by === "apa" ? sql` nulls last` : sql``;
  const order = p.dir === "asc" ? sql`${col} asc${nulls}` : sql`${col} desc${nulls}`;
  return data.page("teamsAnyState", {
    where: and(...parts),
    orderBy: [order, asc(teams.id)],
    limit: p.perPage,
    offset: p.offset,
  });
}

/** One team by uuid, removed ones included; null when unseen or malformed. */
export async function teamByUuid(data: Scoped, uuid: string): Promise<TeamRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid)) return null;
  return data.first("teamsAnyState", eq(teams.uuid, uuid.toLowerCase()));
}
