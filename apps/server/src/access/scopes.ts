import type { PermissionFlag } from "@rollbook/domain";
import { canManageUsers, isAdmin, isMasterAdmin } from "@rollbook/domain";
import type { Viewer } from "./viewer.ts";

/**
 * The scopes a root field may declare. Every one is false without a full
 * access token; the search token passes only `search`.
 */
export interface Scopes {
  signedIn: boolean;
  search: boolean;
  admin: boolean;
  masterAdmin: boolean;
  roles: readonly number[];
  perm: PermissionFlag;
  manageUsers: boolean;
  switchUser: boolean;
}

export function scopesFor(viewer: Viewer | null) {
  const full = viewer !== null && viewer.tokenKind === "access";
  const roleId = viewer?.roleId ?? Number.POSITIVE_INFINITY;
  return {
    signedIn: full,
    search: viewer !== null,
    admin: full && isAdmin(roleId),
    masterAdmin: full && isMasterAdmin(roleId),
    roles: (ids: readonly number[]) => full && ids.includes(roleId),
    perm: (flag: PermissionFlag) => full && viewer.permissions[flag] === true,
    manageUsers: full && canManageUsers(roleId),
    switchUser: full && roleId <= 3,
  };
}
