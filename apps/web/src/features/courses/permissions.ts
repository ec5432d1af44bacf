/**
 * What a viewer may do on the course screens (decision 0700's table): the screens hide what the
 * role may not do. Pure, tested without a browser.
 */
import { canManageUsers, isAdmin, type PermissionFlag } from "@rollbook/domain";

export interface Viewer {
  role: { id: number; permissions: Record<PermissionFlag, boolean> };
}

export function coursePermissions(v: Viewer) {
  const p = v.role.permissions;
  const admin = isAdmin(v.role.id);
  return {
    /** create, update (and archive), remove, restore: the school's catalogue */
    edit: admin,
    /** enrol and take out students, add a team */
    enrol: p.create_participant,
    cancellations: p.cancellations,
    /** assign and unassign staff */
    manageUsers: canManageUsers(v.role.id),
    override: p.override,
  };
}

export type CoursePermissions = ReturnType<typeof coursePermissions>;
