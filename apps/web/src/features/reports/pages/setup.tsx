import type { SetupReportQuery, SetupReportQueryVariables } from "../../../gql/graphql.ts";
import { graphql } from "../../../gql/index.ts";
import { execute } from "../../../lib/graphql.ts";
import { formatDateTime } from "../../../ui/detail/format.ts";
import type { ReportConfig } from "../report-config.ts";
import { reportVariables } from "../report-filters.ts";

const SetupReportDocument = graphql(`
  query setupReport(
    $mode: String!
    $classes: [Int!]
    $page: Int
    $per_page: Int
    $sort_by: String
    $sort_dir: String
  ) {
    setupReport(mode: $mode, classes: $classes, page: $page, per_page: $per_page, sort_by: $sort_by, sort_dir: $sort_dir) {
      total
      data {
        id
        uuid
        kind
        name
        detail
        last_seen
      }
    }
  }
`);

type Row = SetupReportQuery["setupReport"]["data"][number];
const FILTERS = ["mode", "classes"] as const;

export const SETUP_MODES = [
  { value: "no_device", label: "Participants without a phone" },
  { value: "no_location", label: "Phones without location permission" },
  { value: "no_bluetooth", label: "Phones without bluetooth permission" },
  { value: "not_seen", label: "Participants not seen for 7 days" },
  { value: "course_no_location", label: "Classes without a location" },
  { value: "course_no_beacons", label: "Classes whose location has no beacons" },
] as const;

/** Setup: what keeps attendance from being taken, one mode at a time (mode required). */
export const setupConfig: ReportConfig<Row> = {
  name: "Setup",
  filters: FILTERS,
  required: ["mode"],
  modes: SETUP_MODES,
  defaults: () => ({ mode: "no_device" }),
  grid: { sort_by: "name", sort_dir: "asc", sortable: ["name", "last_seen"] },
  caption: "Participants and classes to set up",
  file: "setup.csv",
  rowKey: (r) => `${r.kind}-${r.id}`,
  columns: ({ timeZone }) => [
    {
      key: "name",
      header: "Name",
      sortBy: "name",
      phone: "title",
      href: (r) => (r.kind === "course" ? `/Courses/${r.uuid}` : `/Students/${r.uuid}`),
    },
    { key: "kind", header: "Kind", render: (r) => (r.kind === "course" ? "Class" : "Participant") },
    { key: "detail", header: "Detail", render: (r) => r.detail || "—" },
    {
      key: "last_seen",
      header: "Last seen",
      sortBy: "last_seen",
      render: (r) => (r.last_seen ? formatDateTime(r.last_seen, timeZone) : "Never"),
    },
  ],
  load: async (f, g) => {
    const { setupReport } = await execute(
      SetupReportDocument,
      reportVariables<SetupReportQueryVariables>(f, FILTERS, g),
    );
    return { rows: setupReport.data, total: setupReport.total };
  },
};
