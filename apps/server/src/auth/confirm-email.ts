import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { auditLog, emailChanges, users } from "../db/schema/index.ts";
import { isUniqueViolation } from "../students/bulk.ts";
import { lockAddress, releaseAddress } from "../users/release-address.ts";
import { linkSecretHash } from "./tokens.ts";

type UserRow = typeof users.$inferSelect;

/**
 * What the holder of the new address does (decision 0952): a removed user of another school gives
 * it up, in this transaction ("free"). A live account keeps it ("taken"), and so does a
 * removed user of the changing user's own school ("removed_here"): it is that school's record, its
 * restore needs the address, and the school can see it, so its managers decide, as when the
 * change is asked for (EMAIL_TAKEN).
 */
async function holderOutcome(tx: Db, holder: UserRow, userId: number, now: Date) {
  if (!holder.deleted_at) return "taken";
  const [user] = await tx.select({ school_id: users.school_id }).from(users).where(eq(users.id, userId));
  if (user?.school_id === holder.school_id) return "removed_here";
  // not released when it was restored meanwhile: a live account after all
  return (await releaseAddress(tx, holder, now)) ? "free" : "taken";
}

/**
 * Applies a mailed e-mail change (users/email-change.ts, decision 0951): the link works once and
 * within its day; a removed user of another school that still has the address gives it up. Only
 * the holder of the new address has the link, so telling them that the address got an account
 * meanwhile ("taken") tells nobody else anything.
 */
export async function confirmEmailChange(
  db: Db,
  token: string,
): Promise<"changed" | "invalid" | "taken" | "removed_here"> {
  const now = new Date();
  try {
    return await db.transaction(async (tx) => {
      const [change] = await tx
        .update(emailChanges)
        .set({ used_at: now })
        .where(
          and(
            eq(emailChanges.secret_hash, linkSecretHash(token)),
            isNull(emailChanges.used_at),
            gt(emailChanges.expires_at, now),
          ),
        )
        .returning();
      if (!change) return "invalid";
      // read after the address's lock: a registration or import of it waits (decision 0952)
      await lockAddress(tx, change.email);
      const [holder] = await tx
        .select()
        .from(users)
        .where(and(sql`lower(${users.email}) = ${change.email}`, ne(users.id, change.user_id)))
        .limit(1);
      const outcome = holder ? await holderOutcome(tx, holder, change.user_id, now) : "free";
      if (outcome !== "free") return outcome;
      const [user] = await tx
        .update(users)
        .set({ email: change.email, updated_at: now })
        .where(eq(users.id, change.user_id))
        .returning({ school_id: users.school_id });
      if (!user) return "invalid";
      await tx.insert(auditLog).values({
        school_id: user.school_id,
        user_id: change.requested_by ?? change.user_id,
        action: "user.email_change",
        subject_type: "user",
        subject_id: change.user_id,
      });
      return "changed";
    });
  } catch (e) {
    // another account took the address between the check and the write
    if (isUniqueViolation(e, "users_email_unique")) return "taken";
    throw e;
  }
}
