import { ROLES } from "@rollbook/domain";
import type { Db } from "../client.ts";
import { roles } from "../schema/index.ts";

/** Every role exists with its default flags; flags edited later are left as they are. */
export async function ensureRoles(db: Db) {
  await db
    .insert(roles)
    .values(ROLES.map((r) => ({ id: r.id, name: r.name, display_name: r.display_name, ...r.permissions })))
    .onConflictDoNothing();
}
