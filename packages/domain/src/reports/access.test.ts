import { describe, expect, it } from "vitest";
import { PERMISSION_FLAGS, type Permissions, ROLES } from "../roles.ts";
import { isReportName, mayOpenReport, REPORT_NAMES } from "./access.ts";

const flags = (patch: Partial<Permissions>) =>
  ({ ...Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, false])), ...patch }) as Permissions;

describe("who may open which report", () => {
  it("keeps Beacon, Presence and Facility for admin roles (1-4) with access_reports", () => {
    const admin = (roleId: number) =>
      REPORT_NAMES.filter((n) =>
        mayOpenReport(n, { roleId, permissions: flags({ access_reports: true, reset_token: true }) }),
      );
    for (const id of [1, 2, 3, 4]) expect(admin(id)).toEqual([...REPORT_NAMES]);
    for (const id of [5, 6, 7, 8, 9])
      expect(admin(id)).toEqual(REPORT_NAMES.filter((n) => !["Beacon", "Presence", "Facility"].includes(n)));
  });

  it("opens Token only with reset_token, and nothing without access_reports", () => {
    expect(mayOpenReport("Token", { roleId: 1, permissions: flags({ access_reports: true }) })).toBe(false);
    expect(mayOpenReport("Token", { roleId: 7, permissions: flags({ access_reports: true, reset_token: true }) })).toBe(
      true,
    );
    for (const name of REPORT_NAMES)
      expect(mayOpenReport(name, { roleId: 1, permissions: flags({ reset_token: true }) })).toBe(false);
  });

  it("with the spec's roles: the academic advisor has reports but not the admin ones", () => {
    const advisor = ROLES.find((r) => r.name === "academic_advisor");
    expect(advisor).toBeDefined();
    const v = { roleId: advisor?.id ?? 0, permissions: advisor?.permissions ?? flags({}) };
    expect(mayOpenReport("Status", v)).toBe(true);
    expect(mayOpenReport("Beacon", v)).toBe(false);
  });

  it("knows report names exactly", () => {
    expect(isReportName("Beacon")).toBe(true);
    expect(isReportName("beacon")).toBe(false);
    expect(isReportName(undefined)).toBe(false);
  });
});
