import { canSwitchInto } from "@rollbook/domain";
import { and, eq, isNull } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { auditLog, schools, users } from "../db/schema/index.ts";
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

/** Impersonation: roles 1-3 into an active user of a higher role id in the same school; always audited. */
export async function switchUser(data: Scoped, userId: number) {
  const v = data.viewer;
  const target = await data.first("users", and(eq(users.id, userId), eq(users.active, true), isNull(users.deleted_at)));
  if (!target) throw notFound("User");
  if (!canSwitchInto(v.roleId, target.role_id))
    throw userError("You may only switch into a user of a lower role.", "user_id");
  const { db } = systemOf(data);
  const tokens = await issueTokens(db, target.id, v.impersonatorId ?? v.user.id);
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
