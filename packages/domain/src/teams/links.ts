import type { PermissionFlag, Permissions } from "../roles.ts";

/** What the generic attach/detach of students can link to (spec section 7). */
export const ATTACHABLE_TYPES = ["course", "event", "team", "travel"] as const;
export type AttachableType = (typeof ATTACHABLE_TYPES)[number];

/** What users (staff) can be assigned to. */
export const ASSIGNABLE_TYPES = ["course", "event", "team", "student"] as const;
export type AssignableType = (typeof ASSIGNABLE_TYPES)[number];

/** Admin roles, academic advisor and coach: who runs teams and their travel (decision 0700). */
export const TEAM_ROLE_IDS: readonly number[] = [1, 2, 3, 4, 5, 7];

export const isAttachableType = (t: string): t is AttachableType => (ATTACHABLE_TYPES as readonly string[]).includes(t);
export const isAssignableType = (t: string): t is AssignableType => (ASSIGNABLE_TYPES as readonly string[]).includes(t);

/** The rule of the specific call each link type mirrors: a permission flag, or a list of roles. */
export function studentLinkRule(type: AttachableType): { flag: PermissionFlag } | { roles: readonly number[] } {
  switch (type) {
    case "course":
    case "team":
      return { flag: "create_participant" };
    case "event":
      return { flag: "assign_appointment" };
    case "travel":
      return { roles: TEAM_ROLE_IDS };
  }
}

/** May a role with these flags link students to (or unlink them from) a `type`? */
export function mayLinkStudents(type: AttachableType, roleId: number, permissions: Permissions): boolean {
  const rule = studentLinkRule(type);
  return "flag" in rule ? permissions[rule.flag] === true : rule.roles.includes(roleId);
}

/** May this role run teams and see their travel? */
export const mayRunTeams = (roleId: number) => TEAM_ROLE_IDS.includes(roleId);

/**
 * How many of an event's waitlist move up once seats are free: all of them without a capacity,
 * else the free seats (never negative). The waitlist is served in the order it was joined.
 */
export function seatsToFill(capacity: number | null, seated: number, waiting: number): number {
  if (capacity === null) return waiting;
  return Math.max(0, Math.min(waiting, capacity - seated));
}
