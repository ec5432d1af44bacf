import { type AssignableType, canManageUsers, isAdmin } from "@rollbook/domain";
import { and, eq, inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { GraphQLError } from "graphql";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import {
  courses,
  events,
  students,
  teams,
  userCourse,
  userEvent,
  userStudent,
  users,
  userTeam,
} from "../db/schema/index.ts";
import { notFound, userError } from "../graphql/builder.ts";
import type { NamingPushType } from "../realtime/messages.ts";
import { publishRow } from "../realtime/publish-row.ts";
import { audit, MAX_BULK_IDS } from "../students/bulk.ts";
import { userLinkType } from "./kinds.ts";

export interface UserBulkResult {
  user_ids: number[];
}

/** Each assignable kind: its scoped table, its link table and the link's two columns. */
const KINDS = {
  course: { scope: "courses", table: courses, what: "Course", link: userCourse, target: userCourse.course_id },
  event: { scope: "events", table: events, what: "Event", link: userEvent, target: userEvent.event_id },
  team: { scope: "teams", table: teams, what: "Team", link: userTeam, target: userTeam.team_id },
  student: { scope: "students", table: students, what: "Student", link: userStudent, target: userStudent.student_id },
} as const;

const linkUser = (k: AssignableType): PgColumn => KINDS[k].link.user_id as PgColumn;

/** The push message of a course, event, team or student whose staff changed. */
const ROW_PUSH: Record<AssignableType, NamingPushType> = {
  course: "course.update",
  event: "event.update",
  team: "team.update",
  student: "student.update",
};

/**
 * After the commit: who is assigned decides who sees a course, event, team or student (the
 * assigned-only roles), so the row's message goes out as after an edit; the newly assigned see
 * the row and hear it that way, the unassigned no longer do and are named in it (`unassigned`) so
 * their open lists drop it.
 */
async function publishAssignment(
  data: Scoped,
  kind: AssignableType,
  target: { id: number; school_id: number },
  changed: readonly number[],
  unassigned: readonly number[] = [],
) {
  if (changed.length) await publishRow(data, ROW_PUSH[kind], target, unassigned);
}

/**
 * The target must be visible (else NOT_FOUND); every user of the viewer's school (else named,
 * all or nothing), live, and one the viewer may assign: roles 1-4 any user of the school, role 5
 * users of roles 6-9 (decisions.md, "Managing users"; FORBIDDEN naming user_ids).
 */
async function prepare(tx: Scoped, kind: AssignableType, id: number, ids: readonly number[]) {
  const spec = KINDS[kind];
  const target = await tx.first(spec.scope, eq(spec.table.id, id));
  if (!target) throw notFound(spec.what);
  const list = [...new Set(ids)];
  if (list.length > MAX_BULK_IDS) throw userError(`user_ids: at most ${MAX_BULK_IDS} users at a time`, "user_ids");
  if (list.length === 0) return { target, list };
  const rows = await tx.rows("users", { where: inArray(users.id, list) });
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const uid of list) {
    const u = byId.get(uid);
    if (!u) throw userError(`user_ids: ${uid} is not a user you can see`, "user_ids");
    if (u.deleted_at) throw userError(`user_ids: ${uid} is a removed user`, "user_ids");
    const role = tx.viewer.roleId;
    if (!isAdmin(role) && !canManageUsers(role, u.role_id))
      throw new GraphQLError(`You may not assign user ${uid} (role ${u.role_id}).`, {
        extensions: { code: "FORBIDDEN", field: "user_ids" },
      });
  }
  return { target, list };
}

/** Assigns staff to a course, event, team or student (all or nothing; already assigned not changed). */
export async function attachUsers(
  data: Scoped,
  type: string,
  id: number,
  ids: readonly number[],
): Promise<UserBulkResult> {
  const kind = userLinkType(type);
  const { target, result } = await data.transaction(async (tx) => {
    const { target, list } = await prepare(tx, kind, id, ids);
    if (list.length === 0) return { target, result: { user_ids: [] } };
    const spec = KINDS[kind];
    const added = (await systemOf(tx)
      .db.insert(spec.link as PgTable)
      .values(list.map((uid) => ({ user_id: uid, [spec.target.name]: id })))
      .onConflictDoNothing()
      .returning({ id: linkUser(kind) })) as { id: number }[];
    const changed = added.map((a) => a.id);
    await audit(
      tx,
      `user.assign_${kind}`,
      changed.map((uid) => ({ id: uid, data: { [`${kind}_id`]: id } })),
      "user",
    );
    return { target, result: { user_ids: changed } };
  });
  await publishAssignment(data, kind, target, result.user_ids);
  return result;
}

/** Unassigns staff (all or nothing; not assigned ones not changed). */
export async function detachUsers(
  data: Scoped,
  type: string,
  id: number,
  ids: readonly number[],
): Promise<UserBulkResult> {
  const kind = userLinkType(type);
  const { target, result } = await data.transaction(async (tx) => {
    const { target, list } = await prepare(tx, kind, id, ids);
    if (list.length === 0) return { target, result: { user_ids: [] } };
    const spec = KINDS[kind];
    const removed = (await systemOf(tx)
      .db.delete(spec.link as PgTable)
      .where(and(inArray(linkUser(kind), list), eq(spec.target, id)))
      .returning({ id: linkUser(kind) })) as { id: number }[];
    const changed = removed.map((r) => r.id);
    await audit(
      tx,
      `user.unassign_${kind}`,
      changed.map((uid) => ({ id: uid, data: { [`${kind}_id`]: id } })),
      "user",
    );
    return { target, result: { user_ids: changed } };
  });
  await publishAssignment(data, kind, target, result.user_ids, result.user_ids);
  return result;
}
