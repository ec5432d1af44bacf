/**
 * What a viewer may do on the team and event screens (decision 0700's table): the screens hide
 * what the role may not do. Pure, tested without a browser.
 */
import { canManageUsers, type PermissionFlag } from "@rollbook/domain";

export interface Viewer {
  role: { id: number; permissions: Record<PermissionFlag, boolean> };
}

/** Admin roles, academic advisor and coach: who runs teams and sees their travel. */
export const TEAM_ROLES: readonly number[] = [1, 2, 3, 4, 5, 7];

export function teamPermissions(v: Viewer) {
  const runs = TEAM_ROLES.includes(v.role.id);
  return {
    /** create, update, remove, restore a team */
    edit: runs,
    /** the Travel tab: list, create, update, remove */
    travel: runs,
    /** add and take out students, paste school ids */
    enrol: v.role.permissions.create_participant,
    /** assign and unassign staff */
    manageUsers: canManageUsers(v.role.id),
  };
}

export type TeamPermissions = ReturnType<typeof teamPermissions>;

export function eventPermissions(v: Viewer) {
  const p = v.role.permissions;
  return {
    /** create, update, remove, restore an event */
    edit: p.create_appointment,
    /** put students on the event, take them off, move up from the waitlist, add a team */
    assign: p.assign_appointment,
    manageUsers: canManageUsers(v.role.id),
    /** change a status on the live roster */
    override: p.override,
  };
}

export type EventPermissions = ReturnType<typeof eventPermissions>;
