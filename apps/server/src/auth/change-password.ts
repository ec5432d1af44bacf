import { password as passwordRule } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { systemOf } from "../access/system.ts";
import { auditLog, users } from "../db/schema/index.ts";
import { userError } from "../graphql/builder.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { revokeUserTokens } from "./tokens.ts";

/**
 * The viewer changes their own password, knowing the current one. Every other token of theirs
 * ends with the old password; the one making the call (and its search twin) stays valid
 * (decision 0410).
 */
export async function changeOwnPassword(
  data: Scoped,
  args: { user_id: number; current_password: string; new_password: string },
): Promise<true> {
  const v = data.viewer;
  if (args.user_id !== v.user.id) throw userError("You can only change your own password.", "user_id");
  const rule = passwordRule.safeParse(args.new_password);
  if (!rule.success) throw userError(`new_password ${rule.error.issues[0]?.message}`, "new_password");
  const { db } = systemOf(data);
  const [me] = await db.select().from(users).where(eq(users.id, v.user.id));
  if (!me || !(await verifyPassword(me.password_hash, args.current_password)))
    throw userError("current_password is not correct", "current_password");
  // checked only after the current password: a wrong guess learns nothing from this answer
  if (args.new_password === args.current_password)
    throw userError("new_password must differ from the current password", "new_password");
  const password_hash = await hashPassword(args.new_password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash, updated_at: new Date() }).where(eq(users.id, me.id));
    await revokeUserTokens(tx, me.id, v.tokenId);
    await tx.insert(auditLog).values({
      school_id: v.schoolId,
      user_id: me.id,
      impersonator_id: v.impersonatorId ?? null,
      action: "password.update",
    });
  });
  return true;
}
