import { roleById } from "@rollbook/domain";
import { describe, expect, it } from "vitest";
import { coursePermissions, mayUnassign } from "./permissions.ts";

const viewer = (id: number) => ({ role: { id, permissions: roleById(id).permissions } });

describe("coursePermissions", () => {
  it("gives admins everything", () => {
    expect(coursePermissions(viewer(3))).toEqual({
      edit: true,
      enrol: true,
      cancellations: true,
      manageUsers: true,
      override: true,
    });
  });

  it("follows the role's flags below the admins", () => {
    // advisor: enrols, manages users of 6-9, no cancellations, no catalogue edits
    expect(coursePermissions(viewer(5))).toMatchObject({
      edit: false,
      enrol: true,
      cancellations: false,
      manageUsers: true,
    });
    // professor: cancellations, overrides, nothing else
    expect(coursePermissions(viewer(6))).toMatchObject({
      edit: false,
      enrol: false,
      cancellations: true,
      manageUsers: false,
      override: true,
    });
    // counselor
    expect(coursePermissions(viewer(8))).toMatchObject({ enrol: false, cancellations: false, override: false });
  });

  it("lets an advisor unassign professors and coaches but not admins", () => {
    expect(mayUnassign(5, 6)).toBe(true);
    expect(mayUnassign(5, 3)).toBe(false);
    expect(mayUnassign(5, 5)).toBe(false);
    expect(mayUnassign(3, 4)).toBe(true);
    expect(mayUnassign(7, 9)).toBe(false);
  });
});
