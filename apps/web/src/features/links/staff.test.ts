import { describe, expect, it } from "vitest";
import { underSwedishLocale } from "../../../../../packages/domain/src/names.swedish-locale.ts";
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

  it("lists staff in the server's order of names, whatever the browser's language (decision 0612)", async () => {
    const named = (id: number, last_name: string, first_name: string) => ({ ...u(id, last_name), first_name });
    const staff = [
      named(1, "Zed", "Ömer"),
      named(2, "Öz", "Ana"),
      named(3, "Ñúñez", "Ángel"),
      named(4, "Ñúñez", "Ana"),
      named(5, "Émile", "Zack"),
      named(6, "Ola", "Bo"),
      named(7, "álvarez", "Óscar"),
      named(8, "Adams", "Zoë"),
      named(9, "Nash", "Ana"),
    ];
    // the order of `users` from the server (byName, und-x-icu): accents among the others
    const expected = [8, 7, 5, 9, 4, 3, 6, 2, 1];
    expect(uniqueStaff([staff]).map((x) => x.id)).toEqual(expected);
    // a Swedish browser: its own order ("Ö" after "Z") for localeCompare without a locale
    await underSwedishLocale(() => expect(uniqueStaff([staff]).map((x) => x.id)).toEqual(expected));
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
