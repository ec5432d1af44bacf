import type { LastAttendanceReportQuery, LastAttendanceReportQueryVariables } from "../../../gql/graphql.ts";
import { graphql } from "../../../gql/index.ts";
import { execute } from "../../../lib/graphql.ts";
import { formatDate } from "../../../ui/dates/date-format.ts";
import { personName } from "../../../ui/person-name.ts";
import type { ReportConfig } from "../report-config.ts";
import { reportVariables } from "../report-filters.ts";

const LastAttendanceReportDocument = graphql(`
  query lastAttendanceReport($classes: [Int!], $page: Int, $per_page: Int, $sort_by: String, $sort_dir: String) {
    lastAttendanceReport(classes: $classes, page: $page, per_page: $per_page, sort_by: $sort_by, sort_dir: $sort_dir) {
      total
      data {
        last_attended
        days_since
        course {
          id
          uuid
          title
        }
        student {
          id
          uuid
          first_name
          last_name
          preferred_name
          school_identifier
        }
      }
    }
  }
`);

type Row = LastAttendanceReportQuery["lastAttendanceReport"]["data"][number];
const FILTERS = ["classes"] as const;

/** LastAttendance: each participant's last attended date per class, and the days since (compliance). */
export const lastAttendanceConfig: ReportConfig<Row> = {
  name: "LastAttendance",
  filters: FILTERS,
  grid: { sort_by: "name", sort_dir: "asc", sortable: ["name", "course", "last_attended", "days_since"] },
  caption: "Last attendance per participant and class",
  file: "last-attendance.csv",
  rowKey: (r) => `${r.student.id}-${r.course.id}`,
  columns: () => [
    {
      key: "student",
      header: "Participant",
      sortBy: "name",
      phone: "title",
      render: (r) => personName(r.student),
      href: (r) => `/Students/${r.student.uuid}`,
    },
    {
      key: "course",
      header: "Class",
      sortBy: "course",
      render: (r) => r.course.title,
      href: (r) => `/Courses/${r.course.uuid}`,
    },
    {
      key: "last_attended",
      header: "Last attended",
      sortBy: "last_attended",
      render: (r) => (r.last_attended ? formatDate(r.last_attended) : "Never"),
    },
    {
      key: "days_since",
      header: "Days since",
      sortBy: "days_since",
      align: "right",
      render: (r) => (r.days_since === null ? "—" : String(r.days_since)),
    },
  ],
  load: async (f, g) => {
    const { lastAttendanceReport } = await execute(
      LastAttendanceReportDocument,
      reportVariables<LastAttendanceReportQueryVariables>(f, FILTERS, g),
    );
    return { rows: lastAttendanceReport.data, total: lastAttendanceReport.total };
  },
};
