import type { BeaconReportQuery, BeaconReportQueryVariables } from "../../../gql/graphql.ts";
import { graphql } from "../../../gql/index.ts";
import { execute } from "../../../lib/graphql.ts";
import { formatDateTime } from "../../../ui/detail/format.ts";
import type { ReportConfig } from "../report-config.ts";
import { reportVariables } from "../report-filters.ts";

const BeaconReportDocument = graphql(`
  query beaconReport($location_id: Int, $page: Int, $per_page: Int, $sort_by: String, $sort_dir: String) {
    beaconReport(location_id: $location_id, page: $page, per_page: $per_page, sort_by: $sort_by, sort_dir: $sort_dir) {
      total
      data {
        id
        name
        factory_id
        location_name
        battery
        last_seen
        active
      }
    }
  }
`);

type Row = BeaconReportQuery["beaconReport"]["data"][number];
const FILTERS = ["location_id"] as const;

/** Beacon (admin roles): every beacon with its location, battery and last sighting. */
export const beaconConfig: ReportConfig<Row> = {
  name: "Beacon",
  filters: FILTERS,
  grid: { sort_by: "name", sort_dir: "asc", sortable: ["name", "location", "battery", "last_seen"] },
  caption: "Beacons",
  file: "beacons.csv",
  rowKey: (r) => r.id,
  columns: ({ timeZone }) => [
    { key: "name", header: "Name", sortBy: "name", phone: "title" },
    { key: "factory_id", header: "Factory id" },
    { key: "location_name", header: "Location", sortBy: "location", render: (r) => r.location_name || "None" },
    {
      key: "battery",
      header: "Battery",
      sortBy: "battery",
      align: "right",
      render: (r) => (r.battery === null ? "—" : `${r.battery}%`),
    },
    {
      key: "last_seen",
      header: "Last seen",
      sortBy: "last_seen",
      render: (r) => (r.last_seen ? formatDateTime(r.last_seen, timeZone) : "Never"),
    },
    { key: "active", header: "Active", render: (r) => (r.active ? "Yes" : "No") },
  ],
  load: async (f, g) => {
    const { beaconReport } = await execute(
      BeaconReportDocument,
      reportVariables<BeaconReportQueryVariables>(f, FILTERS, g),
    );
    return { rows: beaconReport.data, total: beaconReport.total };
  },
};
