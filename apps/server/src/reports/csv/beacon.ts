import { viewerIsAllowedAdminReports } from "../../access/report-access.ts";
import { type BeaconReportArgs, beaconFilter, beaconOrder, beaconRows } from "../beacon.ts";
import { idOf, type ReportExport } from "./report-export.ts";
import { offsetBatches, sortOf } from "./school-batches.ts";

/** The Beacon report as CSV (admin roles). */
export const beaconExport: ReportExport<BeaconReportArgs> = {
  page: "Beacon",
  file: "beacons",
  allowed: viewerIsAllowedAdminReports,
  parse: (q) => {
    const args: BeaconReportArgs = { location_id: idOf(q, "location_id"), ...sortOf(q) };
    beaconOrder(args);
    return args;
  },
  header: ["name", "factory_id", "location", "battery", "last_seen", "active"],
  count: async (data, args) => data.count("beacons", await beaconFilter(data, args)),
  rows: (scope, args) =>
    offsetBatches(
      scope,
      async (data, limit, offset) => beaconRows(data, await beaconFilter(data, args), beaconOrder(args), limit, offset),
      (r) => [r.name, r.factory_id, r.location_name, r.battery, r.last_seen, r.active ? "yes" : "no"],
    ),
};
