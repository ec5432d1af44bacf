import { canGrantRole } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { revokeUserTokens } from "../auth/tokens.ts";
import { users } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { auditUser } from "./audit.ts";
import { requestEmailChange } from "./email-change.ts";
import { emailField, nameField, optionalName, phoneField } from "./fields.ts";
import { forbidden, managedUser, type UserRow } from "./guard.ts";

export interface UpdateUserArgs {
  id: number;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  phone_number?: string | null;
  role_id?: number | null;
  active?: boolean | null;
}

/** Role ids are 1-9; a role may be granted only by one who may manage it (decisions.md). */
export function checkGrant(data: Scoped, roleId: number) {
  if (!Number.isInteger(roleId) || roleId < 1 || roleId > 9) throw userError("role_id is not a role", "role_id");
  if (!canGrantRole(data.viewer.roleId, roleId)) throw forbidden("You may not grant this role.", "role_id");
}

/**
 * The Information tab: names, e-mail, phone, role and active, of a user within the viewer's rank.
 * The e-mail is only asked for here: it changes when the new address confirms it.
 */
export async function updateUser(data: Scoped, args: UpdateUserArgs): Promise<UserRow> {
  const target = await managedUser(data, args.id);
  const set: Partial<UserRow> = {};
  if (args.first_name != null) set.first_name = nameField(args.first_name, "first_name");
  if (args.last_name !== undefined) set.last_name = optionalName(args.last_name, "last_name");
  // a new e-mail waits for its address to confirm it (decision 0951): it is not in `set`
  const email = args.email != null ? emailField(args.email) : undefined;
  if (args.phone_number !== undefined) set.phone_number = phoneField(args.phone_number);
  if (args.role_id != null && args.role_id !== target.role_id) {
    checkGrant(data, args.role_id);
    set.role_id = args.role_id;
  }
  if (args.active != null) set.active = args.active;
  if (set.phone_number === null && target.prefers_sms)
    throw userError("phone_number is needed while the user prefers SMS", "phone_number");
  if (email !== undefined && email !== target.email.toLowerCase()) await requestEmailChange(data, target, email);
  const changed = Object.keys(set);
  if (changed.length === 0) return target;
  return data.transaction(async (tx) => {
    const [row] = await tx.update("users", eq(users.id, target.id), { ...set, updated_at: new Date() });
    if (!row) throw new Error("user vanished during update");
    // a deactivated user, or one whose role changed, starts again from a fresh sign-in
    if (set.active === false || set.role_id !== undefined) await revokeUserTokens(systemOf(tx).db, row.id);
    await auditUser(tx, "user.update", row.id, { fields: changed, role_id: set.role_id });
    return row;
  });
}

/** Soft removal (deleted_at): every session of the user ends; restore brings the account back. */
export async function removeUser(data: Scoped, id: number): Promise<UserRow> {
  const target = await managedUser(data, id);
  if (target.deleted_at) throw userError("This user is already removed.", "id");
  return data.transaction(async (tx) => {
    const [row] = await tx.update("users", eq(users.id, target.id), { deleted_at: new Date(), updated_at: new Date() });
    if (!row) throw new Error("user vanished during remove");
    await revokeUserTokens(systemOf(tx).db, row.id);
    await auditUser(tx, "user.remove", row.id);
    return row;
  });
}

export async function restoreUser(data: Scoped, id: number): Promise<UserRow> {
  const target = await managedUser(data, id);
  if (!target.deleted_at) throw userError("This user is not removed.", "id");
  return data.transaction(async (tx) => {
    const [row] = await tx.update("users", eq(users.id, target.id), { deleted_at: null, updated_at: new Date() });
    if (!row) throw new Error("user vanished during restore");
    await auditUser(tx, "user.restore", row.id);
    return row;
  });
}
