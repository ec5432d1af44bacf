import { viewerIsAllowedAdminReports } from "../../access/report-access.ts";
import { userError } from "../../graphql/builder.ts";
import { checkFacilityDate, type FacilityReportArgs, facilityReport } from "../facility.ts";
import { idOf, type ReportExport } from "./report-export.ts";

/** The Facility report as CSV (admin roles): 24 hour rows of one day; one read, it is small. */
export const facilityExport: ReportExport<FacilityReportArgs> = {
  page: "Facility",
  file: "facility",
  allowed: viewerIsAllowedAdminReports,
  parse: (q) => {
    const location_id = idOf(q, "location_id");
    if (location_id === undefined) throw userError("location_id is required", "location_id");
    return { location_id, date: checkFacilityDate(q.date) };
  },
  header: ["hour", "students", "pings"],
  // also answers NOT_FOUND for a location the viewer does not see, before any row is sent
  count: async (data, args) => (await facilityReport(data, args)).hours.length,
  rows: async function* (scope, args) {
    const day = await facilityReport(scope(), args);
    yield day.hours.map((h) => [`${String(h.hour).padStart(2, "0")}:00`, h.students, h.pings]);
  },
};
