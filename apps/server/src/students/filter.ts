import { and, eq, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Scoped } from "../access/scoped.ts";
import { missingStudentsCondition } from "../dashboard/missing.ts";
import { byName } from "../db/collation.ts";
import { courses, events, studentCourse, studentEvent, students, studentTeam, teams } from "../db/schema/index.ts";
import { MAX_QUERY_LENGTH } from "../graphql/paging.ts";
import { studentTerm, studentTermCondition } from "../search/search.ts";

/**
 * The filters of the `students` list, in one place for the list (graphql/types/student.ts) and the
 * CSV export (export/), so the export's rows are the list's pages, one after another.
 */
export interface StudentFilterInput {
  query?: string | undefined;
  state?: string | undefined;
  relation?: string | undefined;
  relation_uuid?: string | undefined;
  missing?: boolean | undefined;
  sort_by?: string | undefined;
  sort_dir?: string | undefined;
}

/** A filter the caller got wrong: the field and what is wrong with it. */
export class FilterError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field} ${problem}`);
  }
}

/**
 * One sort key: the column, its direction, whether it may be null (nulls sort last), and whether
 * it is a name, compared in the names' collation (db/collation.ts) in the order and the keyset alike.
 */
export interface SortKey {
  column: PgColumn;
  dir: "asc" | "desc";
  nullable: boolean;
  name?: boolean;
}

export interface StudentFilter {
  /** the filter's condition, without the viewer's visibility (Scoped adds it) */
  where: SQL | undefined;
  /** the order of the list; the id (ascending) breaks ties after these */
  keys: SortKey[];
  /**
   * A search term (served by the trigram index of search_text): its matches are gathered first
   * and then sorted, instead of walking the sort's index and filtering until a page is full, which
   * read most of a 50,000-student school for a term whose matches sort late (decision 0611).
   */
  gather: boolean;
}

/** The list's sortable columns (graphql/types/student.ts `students`), with their nullability. */
const SORTS: Record<string, { column: PgColumn; nullable: boolean; name?: boolean; tieBreak?: PgColumn }> = {
  last_name: { column: students.last_name, nullable: false, name: true },
  first_name: { column: students.first_name, nullable: false, name: true },
  name: { column: students.last_name, nullable: false, name: true, tieBreak: students.first_name },
  school_identifier: { column: students.school_identifier, nullable: true },
  email: { column: students.email, nullable: true },
  semester_apa: { column: students.semester_apa, nullable: true },
  weekly_apa: { column: students.weekly_apa, nullable: true },
  last_seen: { column: students.last_seen, nullable: true },
  created_at: { column: students.created_at, nullable: false },
};

const RELATIONS = ["course", "event", "team"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Students linked to a course, event or team the viewer may see (an unseen one matches nobody). */
function relationCondition(data: Scoped, relation: string, uuid: string): SQL {
  if (relation === "course")
    return sql`${students.id} in (select ${studentCourse.student_id} from ${studentCourse} where ${studentCourse.course_id} in (${data.ids("courses", eq(courses.uuid, uuid))}))`;
  if (relation === "event")
    return sql`${students.id} in (select ${studentEvent.student_id} from ${studentEvent} where ${studentEvent.event_id} in (${data.ids("events", eq(events.uuid, uuid))}))`;
  return sql`${students.id} in (select ${studentTeam.student_id} from ${studentTeam} where ${studentTeam.team_id} in (${data.ids("teams", eq(teams.uuid, uuid))}))`;
}

/** Checks the filters as the list does and builds the condition and order; a mistake is a FilterError. */
export async function studentFilter(data: Scoped, input: StudentFilterInput): Promise<StudentFilter> {
  const sortBy = input.sort_by || "last_name";
  const sort = Object.hasOwn(SORTS, sortBy) ? SORTS[sortBy] : undefined;
  if (!sort) throw new FilterError("sort_by", `must be one of ${Object.keys(SORTS).join(", ")}`);
  const dir = (input.sort_dir || "asc").toLowerCase();
  if (dir !== "asc" && dir !== "desc") throw new FilterError("sort_dir", "must be asc or desc");
  const state = input.state || "active";
  if (!["active", "removed", "all"].includes(state)) throw new FilterError("state", "must be active, removed or all");

  const parts: (SQL | undefined)[] = [];
  if (state === "active") parts.push(isNull(students.deleted_at));
  if (state === "removed") parts.push(isNotNull(students.deleted_at));
  const q = input.query?.trim();
  if (q) {
    if (q.length > MAX_QUERY_LENGTH) throw new FilterError("query", `must be at most ${MAX_QUERY_LENGTH} characters`);
    // folded, as global search matches it (decision 0613): "nunez" finds "Ñúñez". 1-2 letters
    // match the start of a word of the name or e-mail; anywhere inside, two letters match a third
    // of a school. From 3 letters, anywhere. Both read students_search_text_trgm.
    const match = studentTerm(q);
    parts.push(match ? studentTermCondition(match) : sql`false`);
  }
  if (input.relation || input.relation_uuid) {
    if (!input.relation || !RELATIONS.includes(input.relation))
      throw new FilterError("relation", "must be course, event or team");
    if (!input.relation_uuid || !UUID.test(input.relation_uuid))
      throw new FilterError("relation_uuid", "must be a uuid");
    parts.push(relationCondition(data, input.relation, input.relation_uuid));
  }
  if (input.missing) parts.push(await missingStudentsCondition(data));
  const keys: SortKey[] = [{ column: sort.column, dir, nullable: sort.nullable, name: sort.name }];
  if (sort.tieBreak) keys.push({ column: sort.tieBreak, dir, nullable: false, name: true });
  return { where: and(...parts), keys, gather: Boolean(q) };
}

/** A key's value as the order compares it: a name in the names' collation (decision 0612). */
const keyValue = (k: SortKey, column: SQL | PgColumn = k.column): SQL => (k.name ? byName(column) : sql`${column}`);

/**
 * `order by` of the keys (nulls last) and then the id, as the list orders. `gather`: each key as an
 * expression of the same value and order (`|| ''`, `+ 0`) that no index serves, so the planner
 * collects the term's matches by the trigram indexes instead of walking the sort's index.
 */
export function orderOf(keys: SortKey[], gather = false): SQL[] {
  const term = (k: SortKey) => {
    if (!gather) return keyValue(k);
    if (k.column.columnType === "PgText") return keyValue(k, sql`(${k.column} || '')`);
    if (k.column.columnType === "PgTimestamp") return sql`(${k.column} + interval '0 s')`;
    return sql`(${k.column} + 0)`;
  };
  return [
    ...keys.map((k) => (k.dir === "asc" ? sql`${term(k)} asc nulls last` : sql`${term(k)} desc nulls last`)),
    sql`${students.id} asc`,
  ];
}

/**
 * The rows after the student `lastId` in the order of `keys` (keyset paging). The last row's
 * values are read back by id in the same statement, so a timestamp keeps its microseconds and
 * nulls sort last exactly as `order by ... nulls last` puts them. A name compares in the names'
 * collation, as orderOf sorts it: in bytes "Ñúñez" > "Nash" would skip or repeat rows.
 */
export function afterRow(keys: SortKey[], lastId: number): SQL {
  const last = (k: SortKey) =>
    keyValue(k, sql`(select k.${sql.identifier(k.column.name)} from ${students} k where k.id = ${lastId})`);
  const equal = (k: SortKey) => sql`${keyValue(k)} is not distinct from ${last(k)}`;
  const beyond = (k: SortKey) => {
    const cmp = k.dir === "asc" ? sql`${keyValue(k)} > ${last(k)}` : sql`${keyValue(k)} < ${last(k)}`;
    return k.nullable ? sql`(${cmp} or (${k.column} is null and ${last(k)} is not null))` : cmp;
  };
  const branches: SQL[] = [];
  for (let i = 0; i <= keys.length; i++) {
    const same = keys.slice(0, i).map(equal);
    const key = keys[i];
    branches.push(and(...same, key ? beyond(key) : sql`${students.id} > ${lastId}`) as SQL);
  }
  const after = or(...branches) as SQL;
  // a range the index on the first key can serve (implied by the branches above)
  const first = keys[0];
  if (first && !first.nullable)
    return and(
      first.dir === "asc" ? sql`${keyValue(first)} >= ${last(first)}` : sql`${keyValue(first)} <= ${last(first)}`,
      after,
    ) as SQL;
  return after;
}
