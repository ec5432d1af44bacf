import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { revokeUserTokens } from "../auth/tokens.ts";
import type { Db } from "../db/client.ts";
import { auditLog, emailChanges, passwordResets, users } from "../db/schema/index.ts";

/**
 * What a removed user's e-mail becomes when another school's new user takes the address
 * (decision 0952). Unique by the id; `.invalid` is reserved (RFC 6761): no address rule accepts
 * it (so no sign-in or reset asks for it) and the mailer drops mail to it (mail/mailer.ts).
 */
export const releasedAddress = (userId: number) => `removed+${userId}@invalid`;

/** Advisory-lock key (with a hash of the address): what gives a user an address, one at a time. */
const LOCK_ADDRESS = 727016;

/**
 * Holds the address's lock to the end of the transaction: registration, an e-mail confirmation
 * and a users import read the address after it, so two of them never give it to two users.
 */
export async function lockAddress(tx: Db, email: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ADDRESS}, hashtext(${email.trim().toLowerCase()}))`);
}

/** A user's links that were mailed to its address end: they were meant for the account as it was. */
export async function endMailedLinks(tx: Db, userId: number, now: Date) {
  await tx
    .update(passwordResets)
    .set({ expires_at: now })
    .where(and(eq(passwordResets.user_id, userId), isNull(passwordResets.used_at), gt(passwordResets.expires_at, now)));
  await tx
    .update(emailChanges)
    .set({ expires_at: now })
    .where(and(eq(emailChanges.user_id, userId), isNull(emailChanges.used_at), gt(emailChanges.expires_at, now)));
}

/**
 * A removed user gives its address up to a new user of another school, in the caller's
 * transaction (which holds the address's lock, lockAddress). The row, its id, assignments
 * and audit trail stay in its school; it keeps no way in: no sign-in address, no password, no
 * session, no pending link. Answers false when the user is no longer removed (restored meanwhile).
 */
export async function releaseAddress(tx: Db, user: { id: number; school_id: number; email: string }, now: Date) {
  const [released] = await tx
    .update(users)
    .set({ email: releasedAddress(user.id), password_hash: null, updated_at: now })
    .where(and(eq(users.id, user.id), isNotNull(users.deleted_at)))
    .returning({ id: users.id });
  if (!released) return false;
  await revokeUserTokens(tx, user.id);
  await endMailedLinks(tx, user.id, now);
  // in the user's own school, with the address it had: that school's record of it
  await tx.insert(auditLog).values({
    school_id: user.school_id,
    action: "user.address_released",
    subject_type: "user",
    subject_id: user.id,
    data: { email: user.email },
  });
  return true;
}
