import { canManageUser, canManageUsers } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import { GraphQLError } from "graphql";
import type { Scoped } from "../access/scoped.ts";
import { users } from "../db/schema/index.ts";
import { notFound } from "../graphql/builder.ts";

export type UserRow = typeof users.$inferSelect;

export function forbidden(message: string, field?: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: "FORBIDDEN", ...(field ? { field } : {}) } });
}

/** A user of the viewer's school, removed ones included; NOT_FOUND for another school's id. */
export async function visibleUser(data: Scoped, id: number): Promise<UserRow> {
  const row = await data.first("users", eq(users.id, id));
  if (!row) throw notFound("User");
  return row;
}

/**
 * The target of an administration call: visible (else NOT_FOUND), not oneself (the profile's calls
 * are for that), and the viewer manages users (else FORBIDDEN) of its rank (else FORBIDDEN).
 */
export async function managedUser(data: Scoped, id: number): Promise<UserRow> {
  const row = await visibleUser(data, id);
  const v = data.viewer;
  if (row.id === v.user.id) throw forbidden("Change your own account on your profile.", "id");
  // a role that manages nobody gets the refusal of any call it may not make: "a user of a higher
  // role" would tell a counselor how the user ranks
  if (!canManageUsers(v.roleId)) throw forbidden("You are not allowed to do this.");
  if (!canManageUser({ id: v.user.id, roleId: v.roleId, schoolId: v.schoolId }, partyOf(row)))
    throw forbidden("You may not manage a user of a higher role.", "id");
  return row;
}

export const partyOf = (u: UserRow) => ({ id: u.id, roleId: u.role_id, schoolId: u.school_id });
