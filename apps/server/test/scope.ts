import { roleById } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import { Scoped } from "../src/access/scoped.ts";
import type { Viewer } from "../src/access/viewer.ts";
import { users } from "../src/db/schema/index.ts";
import { demoEmail } from "../src/db/seed/demo.ts";
import type { TestServer } from "./harness.ts";

/**
 * The scoped data layer as a demo user sees it, for calling a list function with a chosen `now`
 * (a GraphQL call always runs at the real time). Same viewer as a signed-in access token builds.
 */
export async function scopedAs(srv: TestServer, roleName: string): Promise<Scoped> {
  const [user] = await srv.services.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmail(roleName)));
  if (!user) throw new Error(`no demo user ${roleName}`);
  const role = roleById(user.role_id);
  const viewer: Viewer = {
    user,
    roleId: role.id,
    permissions: role.permissions,
    schoolId: user.school_id,
    tokenKind: "access",
    tokenId: 0,
    impersonatorId: null,
  };
  return new Scoped(srv.services, viewer);
}
