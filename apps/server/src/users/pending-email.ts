import { and, asc, gt, inArray, isNull } from "drizzle-orm";
import type { Scoped } from "../access/scoped.ts";
import { emailChanges } from "../db/schema/index.ts";
import type { UserRow } from "./guard.ts";

/**
 * The address a user's e-mail change waits on (decision 0951), so /Profile and the Information
 * tab still say so after a reload: the newest link neither used nor expired. Who may see it (the
 * user and those who may edit them) is the scoped layer's rule for email_changes; null for anyone
 * else. It reads the same for a free address and another school's: both changes are stored alike.
 */
export function pendingEmail(data: Scoped, user: UserRow): Promise<string | null> {
  // batched over the response's users, like their other relations
  return data
    .loader<number, string | null>("pendingEmail", async (ids) => {
      const rows = await data.rows("emailChanges", {
        where: and(
          inArray(emailChanges.user_id, [...ids]),
          isNull(emailChanges.used_at),
          gt(emailChanges.expires_at, new Date()),
        ),
        orderBy: [asc(emailChanges.id)],
      });
      // in id order, so the newest request of each user is the one kept
      const newest = new Map(rows.map((r) => [r.user_id, r.email]));
      return ids.map((id) => newest.get(id) ?? null);
    })
    .load(user.id);
}
