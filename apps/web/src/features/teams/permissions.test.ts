import { ROLES } from "@rollbook/domain";
import { describe, expect, it } from "vitest";
import { eventPermissions, teamPermissions } from "./permissions.ts";

const viewer = (id: number) => {
  const role = ROLES.find((r) => r.id === id);
  if (!role) throw new Error(`no role ${id}`);
  return { role: { id, permissions: role.permissions } };
};

describe("team and event permissions", () => {
  it("teams and travel are for roles 1-5 and 7", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].filter((id) => teamPermissions(viewer(id)).edit)).toEqual([1, 2, 3, 4, 5, 7]);
    expect(teamPermissions(viewer(6)).travel).toBe(false);
    expect(teamPermissions(viewer(7)).travel).toBe(true);
  });

  it("enrolment follows create_participant, events their flags", () => {
    expect(teamPermissions(viewer(7)).enrol).toBe(false);
    expect(teamPermissions(viewer(5)).enrol).toBe(true);
    expect(eventPermissions(viewer(8))).toMatchObject({
      edit: true,
      assign: true,
      manageUsers: false,
      override: false,
    });
    expect(eventPermissions(viewer(6)).override).toBe(true);
  });

  it("users: admins and the advisor manage them", () => {
    expect(teamPermissions(viewer(3)).manageUsers).toBe(true);
    expect(teamPermissions(viewer(5)).manageUsers).toBe(true);
    expect(teamPermissions(viewer(7)).manageUsers).toBe(false);
  });
});
