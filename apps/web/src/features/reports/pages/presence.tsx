import type { PresenceReportQuery, PresenceReportQueryVariables } from "../../../gql/graphql.ts";
import { graphql } from "../../../gql/index.ts";
import { execute } from "../../../lib/graphql.ts";
import { formatDateTime } from "../../../ui/detail/format.ts";
import { personName } from "../../../ui/person-name.ts";
import type { ReportConfig } from "../report-config.ts";
import { reportVariables } from "../report-filters.ts";

const PresenceReportDocument = graphql(`
  query presenceReport(
    $start_date: String
    $end_date: String
    $location_id: Int
    $page: Int
    $per_page: Int
    $sort_by: String
    $sort_dir: String
  ) {
    presenceReport(
      start_date: $start_date
      end_date: $end_date
      location_id: $location_id
      page: $page
      per_page: $per_page
      sort_by: $sort_by
      sort_dir: $sort_dir
    ) {
      total
      from
      to
      data {
        student_id
        student_uuid
        first_name
        last_name
        location_id
        location_name
        first_seen
        last_seen
        pings
      }
    }
  }
`);

type Row = PresenceReportQuery["presenceReport"]["data"][number];
const FILTERS = ["start_date", "end_date", "location_id"] as const;

/** Presence (admin roles): who is at which location, now (no dates: the last 10 minutes) or over days. */
export const presenceConfig: ReportConfig<Row> = {
  name: "Presence",
  filters: FILTERS,
  grid: { sort_by: "student", sort_dir: "asc", sortable: ["student", "location", "first_seen", "last_seen", "pings"] },
  caption: "Participants by location",
  file: "presence.csv",
  rowKey: (r) => `${r.student_id}-${r.location_id}`,
  columns: ({ timeZone }) => [
    {
      key: "student",
      header: "Participant",
      sortBy: "student",
      phone: "title",
      render: (r) => personName({ ...r, preferred_name: null }),
      href: (r) => `/Students/${r.student_uuid}`,
    },
    { key: "location_name", header: "Location", sortBy: "location" },
    {
      key: "first_seen",
      header: "First seen",
      sortBy: "first_seen",
      render: (r) => formatDateTime(r.first_seen, timeZone),
    },
    {
      key: "last_seen",
      header: "Last seen",
      sortBy: "last_seen",
      render: (r) => formatDateTime(r.last_seen, timeZone),
    },
    { key: "pings", header: "Pings", sortBy: "pings", align: "right", render: (r) => String(r.pings) },
  ],
  load: async (f, g) => {
    const { presenceReport } = await execute(
      PresenceReportDocument,
      reportVariables<PresenceReportQueryVariables>(f, FILTERS, g),
    );
    return {
      rows: presenceReport.data,
      total: presenceReport.total,
      summary: [
        {
          label: "Window",
          value: f.start_date ? "the chosen days" : "the last 10 minutes (choose dates for a period)",
        },
      ],
    };
  },
};
