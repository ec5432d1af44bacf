import { describe, expect, it } from "vitest";
import {
  canManageUsers,
  canSwitchInto,
  DEFAULT_ROLE_ID,
  isAdmin,
  isMasterAdmin,
  mayInvite,
  ROLES,
  roleById,
} from "./roles.ts";

describe("roles", () => {
  it("has the nine roles of the spec with stable ids", () => {
    expect(ROLES.map((r) => `${r.id}:${r.name}`)).toEqual([
      "1:master_admin",
      "2:school_owner",
      "3:school_admin",
      "4:athletics_admin",
      "5:academic_advisor",
      "6:judge",
      "7:staff",
      "8:councelor",
      "9:case_manager",
    ]);
  });

  it("groups admins as ids up to 4 and master admin as id 1", () => {
    expect([1, 2, 3, 4, 5, 9].map(isAdmin)).toEqual([true, true, true, true, false, false]);
    expect([1, 2].map(isMasterAdmin)).toEqual([true, false]);
  });

  it("defaults an unknown or absent role to the least privileged", () => {
    expect(roleById(undefined).id).toBe(DEFAULT_ROLE_ID);
    expect(roleById(42).name).toBe("case_manager");
  });

  it("gives the flags of decisions.md", () => {
    const flags = (id: number) => roleById(id).permissions;
    expect(flags(6).cancellations).toBe(true);
    expect(flags(5).cancellations).toBe(false);
    expect(flags(8).override).toBe(false);
    expect(flags(7).reset_token).toBe(true);
    expect(flags(6).view_information).toBe(false);
    expect(flags(9).create_participant).toBe(true);
    expect(ROLES.every((r) => r.permissions.access_reports)).toBe(true);
  });

  it("lets admins manage users and advisors only roles 6-9", () => {
    expect(canManageUsers(3, 5)).toBe(true);
    expect(canManageUsers(3, 2)).toBe(false);
    expect(canManageUsers(5, 6)).toBe(true);
    expect(canManageUsers(5, 5)).toBe(false);
    expect(canManageUsers(7)).toBe(false);
  });

  it("allows switching only from roles 1-3 into a higher role id", () => {
    expect(canSwitchInto(1, 2)).toBe(true);
    expect(canSwitchInto(3, 3)).toBe(false);
    expect(canSwitchInto(4, 9)).toBe(false);
    expect(canSwitchInto(2, 1)).toBe(false);
  });
});

describe("mayInvite: the school's allow_user_invite", () => {
  it("binds the advisor only: administrators always invite whom they manage", () => {
    for (const admin of [1, 2, 3, 4]) {
      expect(mayInvite(admin, false, 6)).toBe(true);
      expect(mayInvite(admin, true, 6)).toBe(true);
    }
    expect(mayInvite(5, true, 6)).toBe(true);
    expect(mayInvite(5, false, 6)).toBe(false);
    expect(mayInvite(5, false)).toBe(false);
  });

  it("never lets anyone invite a role they do not manage", () => {
    expect(mayInvite(5, true, 4)).toBe(false);
    expect(mayInvite(3, true, 2)).toBe(false);
    for (const staff of [6, 7, 8, 9]) expect(mayInvite(staff, true)).toBe(false);
  });
});
