import type { StatusReportQuery, StatusReportQueryVariables } from "../../../gql/graphql.ts";
import { graphql } from "../../../gql/index.ts";
import { execute } from "../../../lib/graphql.ts";
import { formatDate } from "../../../ui/dates/date-format.ts";
import { formatTime } from "../../../ui/detail/format.ts";
import { personName } from "../../../ui/person-name.ts";
import { StatusBadge } from "../../../ui/StatusBadge.tsx";
import type { ReportConfig } from "../report-config.ts";
import { reportVariables, shiftDay } from "../report-filters.ts";
import { statusCountsGraph } from "../status-chart.ts";

const StatusReportDocument = graphql(`
  query statusReport(
    $start_date: String!
    $end_date: String!
    $classes: [Int!]
    $location_id: Int
    $page: Int
    $per_page: Int
    $sort_by: String
    $sort_dir: String
  ) {
    statusReport(
      start_date: $start_date
      end_date: $end_date
      classes: $classes
      location_id: $location_id
      page: $page
      per_page: $per_page
      sort_by: $sort_by
      sort_dir: $sort_dir
    ) {
      total
      by_status {
        status
        count
      }
      data {
        id
        meets
        status
        enter
        exit
        attendable_type
        attendable_title
        attendable_uuid
        student {
          id
          uuid
          first_name
          last_name
          preferred_name
        }
      }
    }
  }
`);

type Row = StatusReportQuery["statusReport"]["data"][number];
const FILTERS = ["start_date", "end_date", "classes", "location_id"] as const;

/** Status: attendance by status per session and student, over a date range (dates required). */
export const statusConfig: ReportConfig<Row> = {
  name: "Status",
  filters: FILTERS,
  required: ["start_date", "end_date"],
  defaults: (today) => ({ start_date: shiftDay(today, -29), end_date: today }),
  grid: { sort_by: "date", sort_dir: "desc", sortable: ["date", "status", "enter", "exit", "student"] },
  caption: "Attendance by session and participant",
  file: "status.csv",
  rowKey: (r) => r.id,
  columns: ({ timeZone }) => [
    { key: "meets", header: "Date", sortBy: "date", render: (r) => formatDate(r.meets) },
    {
      key: "student",
      header: "Participant",
      sortBy: "student",
      phone: "title",
      render: (r) => (r.student ? personName(r.student) : "—"),
      href: (r) => (r.student ? `/Students/${r.student.uuid}` : null),
    },
    {
      key: "attendable_title",
      header: "Class or event",
      href: (r) =>
        r.attendable_uuid ? `/${r.attendable_type === "event" ? "Events" : "Courses"}/${r.attendable_uuid}` : null,
    },
    { key: "status", header: "Status", sortBy: "status", render: (r) => <StatusBadge status={r.status} /> },
    { key: "enter", header: "Enter", sortBy: "enter", render: (r) => (r.enter ? formatTime(r.enter, timeZone) : "—") },
    { key: "exit", header: "Exit", sortBy: "exit", render: (r) => (r.exit ? formatTime(r.exit, timeZone) : "—") },
  ],
  load: async (f, g) => {
    const { statusReport } = await execute(
      StatusReportDocument,
      reportVariables<StatusReportQueryVariables>(f, FILTERS, g),
    );
    return {
      rows: statusReport.data,
      total: statusReport.total,
      chart: {
        graph: statusCountsGraph(statusReport.by_status, `${formatDate(f.start_date)} – ${formatDate(f.end_date)}`),
        caption: "Status shares",
        labelHeader: "Dates",
        type: "default",
      },
    };
  },
};
