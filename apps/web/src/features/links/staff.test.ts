import { describe, expect, it } from "vitest";
import { assignableStaff, mayAssign, type StaffMember, uniqueStaff } from "./staff.ts";

const u = (id: number, last: string, role_id = 7): StaffMember => ({
  id,
  first_name: "A",
  last_name: last,
  email: "",
  role_id,
  role: { id: role_id, display_name: "Coach" },
});

describe("staff of a course, event or team", () => {
  it("lists staff once, by name", () => {
    expect(uniqueStaff([[u(2, "B")], [u(1, "A"), u(2, "B")]]).map((x) => x.id)).toEqual([1, 2]);
  });

  it("admins assign anyone, the advisor roles 6-9, nobody else anyone", () => {
    expect(mayAssign(3, 4)).toBe(true);
    expect(mayAssign(4, 2)).toBe(true);
    expect(mayAssign(5, 6)).toBe(true);
    expect(mayAssign(5, 4)).toBe(false);
    expect(mayAssign(5, 3)).toBe(false);
    expect(mayAssign(5, 5)).toBe(false);
    expect(mayAssign(7, 9)).toBe(false);
  });

  it("offers those not assigned yet whom the viewer may assign", () => {
    const candidates = [u(1, "A", 3), u(2, "B", 6), u(3, "C", 7)];
    expect(assignableStaff(candidates, [u(3, "C", 7)], 5).map((x) => x.id)).toEqual([2]);
    expect(assignableStaff(candidates, [], 2).map((x) => x.id)).toEqual([1, 2, 3]);
  });
});
