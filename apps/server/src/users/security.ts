import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { queueResetMail } from "../auth/reset-mail.ts";
import { revokeUserTokens } from "../auth/tokens.ts";
import { userError } from "../graphql/builder.ts";
import { auditUser } from "./audit.ts";
import { managedUser } from "./guard.ts";

/** The Security tab for another user: a reset link by mail (an admin never sets a password). */
export async function sendPasswordReset(data: Scoped, id: number): Promise<true> {
  const target = await managedUser(data, id);
  if (target.deleted_at || !target.active)
    throw userError("This user is inactive or removed: restore or activate them first.", "id");
  const { db, s } = systemOf(data);
  await queueResetMail(db, s, target);
  await auditUser(data, "user.password_reset_sent", target.id);
  return true;
}

/**
 * Ends every session of a user (theirs, and those an admin opened by switching into them). For
 * oneself the session making the call stays, as after a password change (decision 0410).
 */
export async function signOutUser(data: Scoped, id: number): Promise<true> {
  const v = data.viewer;
  const own = id === v.user.id;
  const target = own ? v.user : await managedUser(data, id);
  await revokeUserTokens(systemOf(data).db, target.id, own ? v.tokenId : undefined);
  await auditUser(data, "user.sign_out_all", target.id);
  return true;
}
