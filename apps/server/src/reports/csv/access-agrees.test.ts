import { isReportName, mayOpenReport, PERMISSION_FLAGS, type Permissions, ROLES } from "@rollbook/domain";
import { describe, expect, it } from "vitest";
import type { Viewer } from "../../access/viewer.ts";
import { REPORT_EXPORTS } from "./registry.ts";

const flagSets: Partial<Permissions>[] = [
  {},
  { access_reports: true },
  { access_reports: true, reset_token: true },
  { reset_token: true },
];

/**
 * The CSV exports refuse exactly what the domain's report rule refuses: the rule the web app
 * opens a report page by (or sends the viewer to the Dashboard), so the two never disagree.
 */
describe("who may export a report", () => {
  it("is who the domain lets open it, for every role and flag set", () => {
    for (const report of REPORT_EXPORTS) {
      expect(isReportName(report.page)).toBe(true);
      if (!isReportName(report.page)) continue;
      for (const role of ROLES)
        for (const patch of flagSets) {
          const permissions = {
            ...Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, false])),
            ...patch,
          } as Permissions;
          const viewer = { roleId: role.id, permissions, tokenKind: "access" } as Viewer;
          expect([report.page, role.name, patch, report.allowed(viewer)]).toEqual([
            report.page,
            role.name,
            patch,
            mayOpenReport(report.page, viewer),
          ]);
          // a token other than a full access one (the search token) opens no report
          expect(report.allowed({ ...viewer, tokenKind: "search" } as Viewer)).toBe(false);
        }
    }
  });
});
