import { describe, expect, it } from "vitest";
import { canGrantRole, canManageUser, grantableRoles, switchRefusal } from "./roles.ts";

const p = (id: number, roleId: number, schoolId = 1) => ({ id, roleId, schoolId });
const t = (
  id: number,
  roleId: number,
  extra: Partial<{ schoolId: number; active: boolean; removed: boolean }> = {},
) => ({
  ...p(id, roleId, extra.schoolId ?? 1),
  active: extra.active ?? true,
  removed: extra.removed ?? false,
});

describe("user administration rules (decisions.md, issue 13)", () => {
  it("lets roles 1-4 manage their rank and below, role 5 roles 6-9, nobody themselves", () => {
    expect(canManageUser(p(1, 3), p(2, 3))).toBe(true);
    expect(canManageUser(p(1, 3), p(2, 2))).toBe(false);
    expect(canManageUser(p(1, 1), p(2, 1))).toBe(true);
    expect(canManageUser(p(1, 5), p(2, 6))).toBe(true);
    expect(canManageUser(p(1, 5), p(2, 5))).toBe(false);
    expect(canManageUser(p(1, 6), p(2, 9))).toBe(false);
    expect(canManageUser(p(1, 2), p(1, 2))).toBe(false);
    expect(canManageUser(p(1, 2), p(2, 9, 2))).toBe(false);
  });

  it("grants only roles the granter may manage", () => {
    expect(canGrantRole(4, 3)).toBe(false);
    expect(canGrantRole(4, 4)).toBe(true);
    expect(canGrantRole(5, 5)).toBe(false);
    expect(grantableRoles(5).map((r) => r.id)).toEqual([6, 7, 8, 9]);
    expect(grantableRoles(1)).toHaveLength(9);
    expect(grantableRoles(7)).toEqual([]);
  });

  it("switches roles 1-3 into a higher role of the same school, live, not while switched", () => {
    const me = { ...p(1, 3), switched: false };
    expect(switchRefusal(me, t(2, 4))).toBeNull();
    expect(switchRefusal(me, t(2, 3))).toMatch(/lower role/);
    expect(switchRefusal(me, t(2, 9, { schoolId: 2 }))).toMatch(/school/);
    expect(switchRefusal(me, t(2, 9, { active: false }))).toMatch(/inactive/);
    expect(switchRefusal(me, t(2, 9, { removed: true }))).toMatch(/removed/);
    expect(switchRefusal({ ...me, switched: true }, t(2, 9))).toMatch(/Switch back/);
    expect(switchRefusal({ ...p(1, 4), switched: false }, t(2, 9))).toMatch(/lower role/);
    expect(switchRefusal(me, t(1, 3))).toMatch(/already/);
  });
});
