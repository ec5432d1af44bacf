/** Roles of spec section 6 with the display names and default flags of decisions.md. */
export const ROLE = {
  master_admin: 1,
  school_owner: 2,
  school_admin: 3,
  athletics_admin: 4,
  academic_advisor: 5,
  judge: 6,
  staff: 7,
  councelor: 8,
  case_manager: 9,
} as const;

export type RoleName = keyof typeof ROLE;
export type RoleId = (typeof ROLE)[RoleName];

export const PERMISSION_FLAGS = [
  "override",
  "reset_token",
  "create_participant",
  "assign_appointment",
  "create_appointment",
  "view_information",
  "access_reports",
  "cancellations",
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
export type Permissions = Record<PermissionFlag, boolean>;

export interface RoleDefinition {
  id: RoleId;
  name: RoleName;
  display_name: string;
  permissions: Permissions;
}

const all = (v: boolean): Permissions => Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, v])) as Permissions;

const admin = all(true);

export const ROLES: readonly RoleDefinition[] = [
  { id: 1, name: "master_admin", display_name: "Master Admin", permissions: admin },
  { id: 2, name: "school_owner", display_name: "School Owner", permissions: admin },
  { id: 3, name: "school_admin", display_name: "School Admin", permissions: admin },
  { id: 4, name: "athletics_admin", display_name: "Athletics Admin", permissions: admin },
  {
    id: 5,
    name: "academic_advisor",
    display_name: "Academic Advisor",
    permissions: { ...all(true), cancellations: false },
  },
  {
    id: 6,
    name: "judge",
    display_name: "Professor",
    permissions: {
      ...all(true),
      reset_token: false,
      create_participant: false,
      view_information: false,
    },
  },
  {
    id: 7,
    name: "staff",
    display_name: "Coach",
    permissions: {
      ...all(true),
      create_participant: false,
      view_information: false,
      cancellations: false,
    },
  },
  {
    id: 8,
    name: "councelor",
    display_name: "Counselor",
    permissions: {
      ...all(true),
      override: false,
      reset_token: false,
      create_participant: false,
      cancellations: false,
    },
  },
  {
    id: 9,
    name: "case_manager",
    display_name: "Case Manager",
    permissions: { ...all(true), override: false, reset_token: false, cancellations: false },
  },
];

/** Least privilege when a role is absent: the highest id. */
export const DEFAULT_ROLE_ID: RoleId = 9;

export function roleById(id: number | null | undefined): RoleDefinition {
  const found = ROLES.find((r) => r.id === id);
  return found ?? (ROLES.find((r) => r.id === DEFAULT_ROLE_ID) as RoleDefinition);
}

export const isMasterAdmin = (roleId: number) => roleId <= 1;
export const isAdmin = (roleId: number) => roleId <= 4;
export const isAdvisor = (roleId: number) => roleId === ROLE.academic_advisor;
export const isJudge = (roleId: number) => roleId === ROLE.judge;
export const isStaff = (roleId: number) => roleId === ROLE.staff;
/** Roles 5-9 see only what is assigned to them. */
export const seesAssignedOnly = (roleId: number) => !isAdmin(roleId);

/** Who may invite, update, remove and assign users of `targetRoleId`. */
export function canManageUsers(actorRoleId: number, targetRoleId?: number): boolean {
  if (isAdmin(actorRoleId)) return targetRoleId === undefined || targetRoleId >= actorRoleId;
  if (isAdvisor(actorRoleId)) return targetRoleId === undefined || targetRoleId >= 6;
  return false;
}

/**
 * Inviting (inviteUser, resendInvitation): who manages the role, and for an advisor (role 5) only
 * while the school allows it (school.allow_user_invite, Settings > School). Administrators (roles
 * 1-4) always may: they run the school's users, and the switch is theirs (decision 0953).
 */
export function mayInvite(actorRoleId: number, allowUserInvite: boolean, targetRoleId?: number): boolean {
  return canManageUsers(actorRoleId, targetRoleId) && (isAdmin(actorRoleId) || allowUserInvite);
}

/** Impersonation: roles 1-3, into a user of a higher role id (same school unless role 1). */
export function canSwitchInto(actorRoleId: number, targetRoleId: number): boolean {
  return actorRoleId <= 3 && targetRoleId > actorRoleId;
}

/** The actor and target of a user-administration call: who they are, their role, their school. */
export interface UserParty {
  id: number;
  roleId: number;
  schoolId: number;
}

/**
 * May `actor` manage (edit, remove, restore, sign out, send a reset to) `target`: never oneself
 * through the admin calls (the profile is for that), never another school, and only a role the
 * actor's rank reaches (canManageUsers).
 */
export function canManageUser(actor: UserParty, target: UserParty): boolean {
  if (actor.id === target.id) return false;
  if (actor.schoolId !== target.schoolId) return false;
  return canManageUsers(actor.roleId, target.roleId);
}

/** A role may be granted (invite, role change) only by one who may manage users of that role. */
export const canGrantRole = (actorRoleId: number, roleId: number): boolean => canManageUsers(actorRoleId, roleId);

/**
 * Why a switch into `target` is refused, or null when it is allowed: roles 1-3 only, into a
 * higher role id of the same school, an active live user, and not while already switched.
 */
export function switchRefusal(
  actor: UserParty & { switched: boolean },
  target: UserParty & { active: boolean; removed: boolean },
): string | null {
  if (actor.switched) return "Switch back to your own account first.";
  if (actor.id === target.id) return "You are already this user.";
  if (actor.schoolId !== target.schoolId) return "You may only switch into a user of your school.";
  if (target.removed || !target.active) return "You may not switch into an inactive or removed user.";
  if (!canSwitchInto(actor.roleId, target.roleId)) return "You may only switch into a user of a lower role.";
  return null;
}

/** The roles an actor may grant, for the invite and role pickers. */
export const grantableRoles = (actorRoleId: number): RoleDefinition[] =>
  ROLES.filter((r) => canGrantRole(actorRoleId, r.id));
