import { ROLE } from "@rollbook/domain";
import { hashPassword } from "../../auth/passwords.ts";
import type { Db } from "../client.ts";
import * as t from "../schema/index.ts";

export interface FirstAdmin {
  email: string;
  password: string;
  school: string;
  timezone: string;
}

/**
 * A production database starts empty and users only join by invitation, so the
 * very first user comes from the environment (decision 0122): a master admin and
 * their school, created once, only while the database has no user at all.
 * Returns false when there were users already (nothing is changed).
 */
export async function createFirstAdmin(db: Db, a: FirstAdmin): Promise<boolean> {
  if ((await db.$count(t.users)) > 0) return false;
  const password_hash = await hashPassword(a.password);
  await db.transaction(async (tx) => {
    const [school] = await tx.insert(t.schools).values({ name: a.school, timezone: a.timezone }).returning();
    if (!school) throw new Error("first school not created");
    const [user] = await tx
      .insert(t.users)
      .values({
        school_id: school.id,
        role_id: ROLE.master_admin,
        first_name: "Admin",
        last_name: "",
        email: a.email.toLowerCase(),
        password_hash,
      })
      .returning({ id: t.users.id });
    await tx.insert(t.auditLog).values({ school_id: school.id, user_id: user?.id, action: "user.first_admin" });
  });
  return true;
}

export async function hasAnyUser(db: Db) {
  return (await db.$count(t.users)) > 0;
}
