import { PASSWORD_RESET_TTL_MS } from "@rollbook/domain";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { passwordResets, users } from "../db/schema/index.ts";
import type { Services } from "../services.ts";
import { linkSecretHash, newLinkSecret } from "./tokens.ts";

/**
 * Stores a single-use /ResetPassword link (valid one hour; only its hash, decision 0411) and
 * queues its mail in the same transaction: both are written, or neither.
 */
export async function queueResetMail(
  db: Db,
  s: Pick<Services, "mailer" | "publicUrl">,
  user: typeof users.$inferSelect,
) {
  const secret = newLinkSecret();
  await db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      secret_hash: linkSecretHash(secret),
      user_id: user.id,
      expires_at: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
    });
    await s.mailer.send(
      {
        to: user.email,
        subject: "Reset your Rollbook password",
        text: `Hello ${user.first_name},\n\nSet a new password here (valid for one hour, once):\n${s.publicUrl}/ResetPassword/${secret}\n\nIf you did not ask for this, ignore this mail.`,
      },
      tx as unknown as Db,
    );
  });
  s.mailer.wake();
}

/** A reset link for the active account of an address (lower case), if there is one; nothing otherwise. */
export async function queueResetMailTo(db: Db, s: Pick<Services, "mailer" | "publicUrl">, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deleted_at), eq(users.active, true)))
    .limit(1);
  if (user) await queueResetMail(db, s, user);
}
