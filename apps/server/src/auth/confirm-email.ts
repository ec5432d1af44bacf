import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { auditLog, emailChanges, users } from "../db/schema/index.ts";
import { isUniqueViolation } from "../students/bulk.ts";
import { linkSecretHash } from "./tokens.ts";

/**
 * Applies a mailed e-mail change (users/email-change.ts, decision 0951): the link works once and
 * within its day. Only the holder of the new address has the link, so telling them that the
 * address got an account meanwhile ("taken") tells nobody else anything.
 */
export async function confirmEmailChange(db: Db, token: string): Promise<"changed" | "invalid" | "taken"> {
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
      const [holder] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${change.email}`, ne(users.id, change.user_id)))
        .limit(1);
      if (holder) return "taken";
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
