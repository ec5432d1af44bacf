import type { StudentReportQuery, StudentReportQueryVariables } from "../../../gql/graphql.ts";
import { graphql } from "../../../gql/index.ts";
import { execute } from "../../../lib/graphql.ts";
import { formatDate } from "../../../ui/dates/date-format.ts";
import { formatTime } from "../../../ui/detail/format.ts";
import { StatusBadge } from "../../../ui/StatusBadge.tsx";
import type { ReportConfig } from "../report-config.ts";
import { reportVariables } from "../report-filters.ts";
import { statusCountsGraph } from "../status-chart.ts";

const StudentReportDocument = graphql(`
  query studentReport(
    $uuid: String!
    $attendable_type: String!
    $start_date: String
    $end_date: String
    $page: Int
    $per_page: Int
    $sort_by: String
    $sort_dir: String
  ) {
    studentReport(
      uuid: $uuid
      attendable_type: $attendable_type
      start_date: $start_date
      end_date: $end_date
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
      }
    }
  }
`);

type Row = StudentReportQuery["studentReport"]["data"][number];
const FILTERS = ["uuid", "attendable_type", "start_date", "end_date"] as const;

/** Student: one participant's sessions of classes or of events, with status, enter and exit (uuid and kind required). */
export const studentConfig: ReportConfig<Row> = {
  name: "Student",
  filters: FILTERS,
  required: ["uuid", "attendable_type"],
  uuidSource: "student",
  defaults: () => ({ attendable_type: "course" }),
  grid: { sort_by: "date", sort_dir: "desc", sortable: ["date", "status", "enter", "exit", "title"] },
  caption: "Sessions of the participant",
  file: "student-report.csv",
  rowKey: (r) => r.id,
  columns: ({ timeZone }) => [
    { key: "meets", header: "Date", sortBy: "date", phone: "title", render: (r) => formatDate(r.meets) },
    {
      key: "attendable_title",
      header: "Class or event",
      sortBy: "title",
      href: (r) =>
        r.attendable_uuid ? `/${r.attendable_type === "event" ? "Events" : "Courses"}/${r.attendable_uuid}` : null,
    },
    { key: "status", header: "Status", sortBy: "status", render: (r) => <StatusBadge status={r.status} /> },
    { key: "enter", header: "Enter", sortBy: "enter", render: (r) => (r.enter ? formatTime(r.enter, timeZone) : "—") },
    { key: "exit", header: "Exit", sortBy: "exit", render: (r) => (r.exit ? formatTime(r.exit, timeZone) : "—") },
  ],
  load: async (f, g) => {
    const { studentReport } = await execute(
      StudentReportDocument,
      reportVariables<StudentReportQueryVariables>(f, FILTERS, g),
    );
    return {
      rows: studentReport.data,
      total: studentReport.total,
      chart: {
        graph: statusCountsGraph(studentReport.by_status, f.attendable_type === "event" ? "Events" : "Classes"),
        caption: "Status shares",
        labelHeader: "Kind",
        type: "default",
      },
    };
  },
};
