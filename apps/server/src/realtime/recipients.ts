import { isAdmin, seesAssignedOnly } from "@rollbook/domain";
import { and, eq, gt, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../access/viewer.ts";
import {
  visibleCoursesAnyState,
  visibleEventsAnyState,
  visibleStudentsAnyState,
  visibleTeamsAnyState,
} from "../access/visibility.ts";
import type { Db } from "../db/client.ts";
import { accessTokens, attendance, courses, events, students, teams, users } from "../db/schema/index.ts";
import { isRowPush, namesUsers, type PushMessage, ROW_TABLES } from "./messages.ts";

/** Where the rows of course, event and team messages live, and who may see them. */
const ROWS = {
  courses: { table: courses, id: courses.id, visible: visibleCoursesAnyState },
  events: { table: events, id: events.id, visible: visibleEventsAnyState },
  teams: { table: teams, id: teams.id, visible: visibleTeamsAnyState },
} as const;
type RowTable = keyof typeof ROWS;

export interface Verdict {
  /** tokens whose sockets may receive the message */
  allowed: Set<number>;
  /** tokens no longer valid, or whose user changed school or role: re-check those sockets now */
  stale: Set<number>;
}

/** The tokens among `tokenIds` still valid, with their user's current school and role. */
export async function liveTokens(db: Db, tokenIds: number[]) {
  if (tokenIds.length === 0) return [];
  return db
    .select({
      tokenId: accessTokens.id,
      kind: accessTokens.kind,
      impersonatorId: accessTokens.impersonator_id,
      user: users,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.user_id))
    .where(
      and(
        inArray(accessTokens.id, tokenIds),
        isNull(accessTokens.revoked_at),
        gt(accessTokens.expires_at, sql`now()`),
        isNull(users.deleted_at),
        eq(users.active, true),
      ),
    );
}

/**
 * The students each message is about: named by the publisher, else looked up from its attendance
 * ids (of its own school), one read for all the messages that need it.
 */
async function studentsOfEach(db: Db, messages: readonly PushMessage[]): Promise<number[][]> {
  const named = (m: PushMessage) =>
    isRowPush(m.type)
      ? []
      : m.student_ids?.length
        ? m.student_ids
        : m.type === "student.update"
          ? m.ids
          : m.type === "attendance.update"
            ? null
            : [];
  const lookup = messages.flatMap((m) => (named(m) === null ? m.ids : []));
  const rows = lookup.length
    ? await db
        .select({ id: attendance.id, school: attendance.school_id, student: attendance.student_id })
        .from(attendance)
        .where(inArray(attendance.id, [...new Set(lookup)]))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return messages.map((m) => {
    const ids = named(m);
    if (ids) return ids;
    const own = m.ids.map((id) => byId.get(id)).filter((r) => r?.school === m.school_id);
    return [...new Set(own.map((r) => r?.student as number))];
  });
}

/** One message and the connected viewers it might go to. */
export interface Delivery {
  message: PushMessage;
  viewers: Viewer[];
}

/** Who among the connected viewers may receive `m` (see `recipientsOfMany`). */
export async function recipients(db: Db, m: PushMessage, viewers: Viewer[]): Promise<Verdict> {
  return (await recipientsOfMany(db, [{ message: m, viewers }]))[0] as Verdict;
}

/**
 * Who among the connected viewers may receive each message, decided now from the database (not
 * when they connected): a valid token, a user still of the message's school with the same role,
 * and then for student and attendance messages at least one of its students visible to them
 * (access/visibility.ts), for task messages being the task's user, for import messages being an
 * admin of the school, for course, event and team messages seeing that row (removed ones
 * included, so a removal reaches the pages that showed it), and for those and student messages
 * also being one of its `user_ids` (of the message's school). One query for the tokens and one
 * for visibility for the whole list, whatever the number of messages or connected users (messages
 * naming attendance ids but no students add one read for all of them; the engine always names
 * them): every ping of a school day pushes two messages, and one query each cost more than the
 * ping itself (decision 0566).
 */
export async function recipientsOfMany(db: Db, list: readonly Delivery[]): Promise<Verdict[]> {
  const verdicts: Verdict[] = list.map(() => ({ allowed: new Set<number>(), stale: new Set<number>() }));
  const tokenIds = [...new Set(list.flatMap((d) => d.viewers.map((v) => v.tokenId)))];
  if (tokenIds.length === 0) return verdicts;
  const live = new Map((await liveTokens(db, tokenIds)).map((r) => [r.tokenId, r]));

  // viewers that see the same rows share one branch: a school's admins, each assigned-only user;
  // `from` is the table read: students, or the courses, events or teams of row messages
  const groups = new Map<
    string,
    { viewer: Viewer; from: "students" | RowTable; ids: Set<number>; visible: Set<number> }
  >();
  const groupOf = (v: Viewer) => (seesAssignedOnly(v.roleId) ? `user:${v.user.id}` : `school:${v.schoolId}`);
  const asks: { k: number; current: Viewer[]; from: "students" | RowTable; ids: number[] }[] = [];
  const ask = (k: number, current: Viewer[], from: "students" | RowTable, ids: number[]) => {
    for (const v of current) {
      const key = `${from}:${groupOf(v)}`;
      const g = groups.get(key) ?? { viewer: v, from, ids: new Set<number>(), visible: new Set<number>() };
      for (const id of ids) g.ids.add(id);
      groups.set(key, g);
    }
    asks.push({ k, current, from, ids });
  };
  const studentsOf = await studentsOfEach(
    db,
    list.map((d) => d.message),
  );
  for (const [k, { message: m, viewers }] of list.entries()) {
    const verdict = verdicts[k] as Verdict;
    const current: Viewer[] = [];
    for (const v of viewers) {
      const row = live.get(v.tokenId);
      if (!row || row.user.school_id !== v.schoolId || row.user.role_id !== v.roleId) verdict.stale.add(v.tokenId);
      else if (v.schoolId === m.school_id) current.push(v);
    }
    if (current.length === 0) continue;
    // imports are seen by the school's admins only (Settings, decision 0970)
    if (m.type === "import.update") {
      for (const v of current) if (isAdmin(v.roleId)) verdict.allowed.add(v.tokenId);
      continue;
    }
    if (m.type === "task.update") {
      for (const v of current) if (v.user.id === m.user_id) verdict.allowed.add(v.tokenId);
      continue;
    }
    // the users a course, event, team or student message names (staff just unassigned from it: they
    // no longer see it, and their lists must drop it); `current` holds the message's school only
    if (namesUsers(m.type) && m.user_ids?.length)
      for (const v of current) if (m.user_ids.includes(v.user.id)) verdict.allowed.add(v.tokenId);
    // a course, event or team itself: whoever sees that row
    if (isRowPush(m.type)) {
      if (m.ids.length) ask(k, current, ROW_TABLES[m.type], m.ids);
      continue;
    }
    const ids = studentsOf[k] ?? [];
    if (ids.length) ask(k, current, "students", ids);
  }
  if (asks.length === 0) return verdicts;

  const keyed = [...groups.values()];
  const branches: SQL[] = keyed.map((g, i) => {
    if (g.from === "students")
      return sql`select ${i}::int as k, ${students.id} as id from ${students} where ${visibleStudentsAnyState(g.viewer)} and ${inArray(students.id, [...g.ids])}`;
    const r = ROWS[g.from];
    return sql`select ${i}::int as k, ${r.id} as id from ${r.table} where ${r.visible(g.viewer)} and ${inArray(r.id, [...g.ids])}`;
  });
  for (const { k, id } of rowsOf<{ k: number; id: number }>(await db.execute(sql.join(branches, sql` union all `))))
    keyed[Number(k)]?.visible.add(Number(id));
  for (const { k, current, from, ids } of asks) {
    const verdict = verdicts[k] as Verdict;
    for (const v of current) {
      const seen = groups.get(`${from}:${groupOf(v)}`)?.visible;
      if (seen && ids.some((id) => seen.has(id))) verdict.allowed.add(v.tokenId);
    }
  }
  return verdicts;
}

/** node-postgres answers `{ rows }`, PGlite the same; kept in one place. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
