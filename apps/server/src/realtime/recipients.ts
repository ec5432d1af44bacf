import { isAdmin, seesAssignedOnly } from "@rollbook/domain";
import { and, eq, gt, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../access/viewer.ts";
import { visibleStudentsAnyState } from "../access/visibility.ts";
import type { Db } from "../db/client.ts";
import { accessTokens, attendance, students, users } from "../db/schema/index.ts";
import type { PushMessage } from "./messages.ts";

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

/** The students a message is about: named by the publisher, else looked up from the attendance ids. */
async function studentsOf(db: Db, m: PushMessage): Promise<number[]> {
  if (m.student_ids?.length) return m.student_ids;
  if (m.type === "student.update") return m.ids;
  if (m.type === "attendance.update" && m.ids.length) {
    const rows = await db
      .select({ id: attendance.student_id })
      .from(attendance)
      .where(and(inArray(attendance.id, m.ids), eq(attendance.school_id, m.school_id)));
    return [...new Set(rows.map((r) => r.id))];
  }
  return [];
}

/**
 * Who among the connected viewers may receive `m`, decided now from the
 * database (not when they connected): a valid token, a user still of the
 * message's school with the same role, and then for student and attendance
 * messages at least one of its students visible to them (access/visibility.ts),
 * for task messages being the task's user, for import messages being an admin of the school. One query for the tokens and one
 * for visibility per message, whatever the number of connected users.
 */
export async function recipients(db: Db, m: PushMessage, viewers: Viewer[]): Promise<Verdict> {
  const allowed = new Set<number>();
  const stale = new Set<number>();
  if (viewers.length === 0) return { allowed, stale };
  const live = new Map((await liveTokens(db, [...new Set(viewers.map((v) => v.tokenId))])).map((r) => [r.tokenId, r]));
  const current: Viewer[] = [];
  for (const v of viewers) {
    const row = live.get(v.tokenId);
    if (!row || row.user.school_id !== v.schoolId || row.user.role_id !== v.roleId) stale.add(v.tokenId);
    else if (v.schoolId === m.school_id) current.push(v);
  }
  if (current.length === 0) return { allowed, stale };

  // imports are seen by the school's admins only (Settings, decision 0970)
  if (m.type === "import.update") {
    for (const v of current) if (isAdmin(v.roleId)) allowed.add(v.tokenId);
    return { allowed, stale };
  }

  if (m.type === "task.update") {
    for (const v of current) if (v.user.id === m.user_id) allowed.add(v.tokenId);
    return { allowed, stale };
  }

  const studentIds = await studentsOf(db, m);
  if (studentIds.length === 0) return { allowed, stale };
  // viewers that see the same rows share one branch: all admins of the school, each assigned-only user
  const groups = new Map<string, Viewer[]>();
  for (const v of current) {
    const key = seesAssignedOnly(v.roleId) ? `user:${v.user.id}` : "school";
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  const keyed = [...groups.values()];
  const branches: SQL[] = keyed.map(
    ([v], i) =>
      sql`select ${i}::int as k where exists (select 1 from ${students} where ${visibleStudentsAnyState(v as Viewer)} and ${inArray(students.id, studentIds)})`,
  );
  const rows = await db.execute(sql.join(branches, sql` union all `));
  for (const { k } of rowsOf<{ k: number }>(rows)) for (const v of keyed[Number(k)] ?? []) allowed.add(v.tokenId);
  return { allowed, stale };
}

/** node-postgres answers `{ rows }`, PGlite the same; kept in one place. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
