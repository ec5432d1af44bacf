import { PERMISSION_FLAGS, type Permissions } from "@rollbook/domain";
import { describe, expect, it } from "vitest";
import { mayOpenReport, REPORT_NAMES, REPORTS, reportNamed, reportsFor } from "./report-list.ts";

const viewer = (roleId: number, access_reports = true, reset_token = true) => ({
  role: {
    id: roleId,
    permissions: {
      ...Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, false])),
      access_reports,
      reset_token,
    } as Permissions,
  },
});

const names = (roleId: number, access = true, reset = true) =>
  reportsFor(viewer(roleId, access, reset)).map((r) => r.name);
const ADMIN_ONLY = ["Beacon", "Presence", "Facility"];

describe("the reports and who may open them", () => {
  it("lists every report of the spec once, each with a line on what it answers", () => {
    expect(REPORTS.map((r) => r.name)).toEqual([...REPORT_NAMES]);
    for (const r of REPORTS) expect(r.description.length).toBeGreaterThan(20);
  });

  it("gives admin roles (1-4) every report", () => {
    for (const id of [1, 2, 3, 4]) expect(names(id)).toEqual([...REPORT_NAMES]);
  });

  it("keeps Beacon, Presence and Facility from non-admin roles", () => {
    for (const id of [5, 6, 7, 8, 9]) {
      expect(names(id)).toHaveLength(REPORT_NAMES.length - ADMIN_ONLY.length);
      for (const name of ADMIN_ONLY) expect(names(id)).not.toContain(name);
    }
  });

  it("shows the Token report only with reset_token, as the server allows it", () => {
    expect(names(3, true, false)).not.toContain("Token");
    expect(names(7, true, true)).toContain("Token");
    expect(
      mayOpenReport(REPORTS.find((r) => r.name === "Token") as (typeof REPORTS)[number], viewer(1, true, false)),
    ).toBe(false);
  });

  it("gives nothing without access_reports, admin or not", () => {
    expect(names(1, false)).toEqual([]);
    expect(names(7, false)).toEqual([]);
  });

  it("finds a report by its exact URL name, whoever may open it", () => {
    expect(reportNamed("Beacon")?.name).toBe("Beacon");
    expect(reportNamed("Nope")).toBeNull();
    expect(reportNamed(undefined)).toBeNull();
    // the URL name is exact: no case folding that would hide a typo
    expect(reportNamed("status")).toBeNull();
  });
});
