import { roleById } from "@rollbook/domain";
import { describe, expect, it } from "vitest";
import { coursePermissions } from "./permissions.ts";

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
});
