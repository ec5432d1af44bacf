import { switchRefusal } from "@rollbook/domain";
import { and, eq, isNull } from "drizzle-orm";
import { GraphQLError } from "graphql";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { accessTokens, auditLog, schools, users } from "../db/schema/index.ts";
import { notFound, userError } from "../graphql/builder.ts";
import { issueTokens } from "./tokens.ts";

/** Role 1 moves to another school (one it may see: any live school); the web app reloads after it. */
export async function switchSchool(data: Scoped, schoolId: number) {
  const v = data.viewer;
  const school = await data.first("schools", eq(schools.id, schoolId));
  if (!school) throw notFound("School");
  const { db } = systemOf(data);
  await db.update(users).set({ school_id: school.id, updated_at: new Date() }).where(eq(users.id, v.user.id));
  await db.insert(auditLog).values({
    school_id: school.id,
    user_id: v.user.id,
    action: "school.switch",
    data: { from: v.schoolId, to: school.id },
  });
  return school;
}

/**
 * Impersonation: roles 1-3 into an active user of a higher role id in the same school, not while
 * already switched (domain switchRefusal); always audited. Another school's id is NOT_FOUND.
 */
export async function switchUser(data: Scoped, userId: number) {
  const v = data.viewer;
  const target = await data.first("users", eq(users.id, userId));
  if (!target) throw notFound("User");
  const refusal = switchRefusal(
    { id: v.user.id, roleId: v.roleId, schoolId: v.schoolId, switched: v.impersonatorId !== null },
    {
      id: target.id,
      roleId: target.role_id,
      schoolId: target.school_id,
      active: target.active,
      removed: target.deleted_at !== null,
    },
  );
  if (refusal) throw new GraphQLError(refusal, { extensions: { code: "FORBIDDEN", field: "user_id" } });
  const { db } = systemOf(data);
  const tokens = await issueTokens(db, target.id, v.user.id);
  await db.insert(auditLog).values({
    school_id: v.schoolId,
    user_id: target.id,
    impersonator_id: v.user.id,
    action: "user.switch",
    subject_type: "user",
    subject_id: target.id,
  });
  return tokens;
}

/**
 * The way back from a switch: ends the acting session (both tokens) and answers a fresh pair for
 * the original user, without a password; audited as user.switch_back. The original user must
 * still be active: a removed admin does not come back this way.
 */
export async function switchBack(data: Scoped) {
  const v = data.viewer;
  // switchBack has no argument to name: the session itself is what is wrong
  if (v.impersonatorId === null) throw userError("You are not acting as another user.");
  const { db } = systemOf(data);
  const [original] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, v.impersonatorId), isNull(users.deleted_at), eq(users.active, true)));
  const now = new Date();
  // the acting pair was issued together for this user by this impersonator
  await db
    .update(accessTokens)
    .set({ revoked_at: now })
    .where(
      and(
        eq(accessTokens.user_id, v.user.id),
        eq(accessTokens.impersonator_id, v.impersonatorId),
        isNull(accessTokens.revoked_at),
      ),
    );
  if (!original) throw userError("Your own account is no longer active: sign in again.", "user_id");
  const tokens = await issueTokens(db, original.id);
  await db.insert(auditLog).values({
    school_id: v.schoolId,
    user_id: original.id,
    impersonator_id: null,
    action: "user.switch_back",
    subject_type: "user",
    subject_id: v.user.id,
  });
  return tokens;
}
