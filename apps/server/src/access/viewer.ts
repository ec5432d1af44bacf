import type { Permissions, RoleId } from "@rollbook/domain";
import { isAdmin, isMasterAdmin, roleById } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import type { ResolvedToken, TokenKind } from "../auth/tokens.ts";
import type { Db } from "../db/client.ts";
import { roles, type users } from "../db/schema/index.ts";

/** Who is calling: the signed-in user, their role's flags as stored, and the token's kind. */
export interface Viewer {
  user: typeof users.$inferSelect;
  roleId: RoleId;
  permissions: Permissions;
  schoolId: number;
  tokenKind: TokenKind;
  tokenId: number;
  impersonatorId: number | null;
}

export async function viewerFrom(db: Db, token: ResolvedToken): Promise<Viewer> {
  const role = roleById(token.user.role_id);
  const [stored] = await db.select().from(roles).where(eq(roles.id, role.id)).limit(1);
  const permissions = stored
    ? {
        override: stored.override,
        reset_token: stored.reset_token,
        create_participant: stored.create_participant,
        assign_appointment: stored.assign_appointment,
        create_appointment: stored.create_appointment,
        view_information: stored.view_information,
        access_reports: stored.access_reports,
        cancellations: stored.cancellations,
      }
    : role.permissions;
  return {
    user: token.user,
    roleId: role.id,
    permissions,
    schoolId: token.user.school_id,
    tokenKind: token.kind,
    tokenId: token.tokenId,
    impersonatorId: token.impersonatorId,
  };
}

export const viewerIsAdmin = (v: Viewer) => isAdmin(v.roleId);
export const viewerIsMaster = (v: Viewer) => isMasterAdmin(v.roleId);
