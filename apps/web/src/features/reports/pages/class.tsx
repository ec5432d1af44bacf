import type { ClassReportQuery, ClassReportQueryVariables } from "../../../gql/graphql.ts";
import { graphql } from "../../../gql/index.ts";
import { execute } from "../../../lib/graphql.ts";
import { formatDate } from "../../../ui/dates/date-format.ts";
import { formatPercent } from "../../../ui/detail/format.ts";
import type { GridColumn } from "../../../ui/grid/DataGrid.tsx";
import { personName } from "../../../ui/person-name.ts";
import { statusLabel } from "../../../ui/status.ts";
import type { ReportConfig } from "../report-config.ts";
import { reportVariables } from "../report-filters.ts";
import { statusCountsGraph } from "../status-chart.ts";

const ClassReportDocument = graphql(`
  query classReport(
    $uuid: String!
    $start_date: String
    $end_date: String
    $page: Int
    $per_page: Int
    $sort_by: String
    $sort_dir: String
  ) {
    courseReport(
      uuid: $uuid
      start_date: $start_date
      end_date: $end_date
      page: $page
      per_page: $per_page
      sort_by: $sort_by
      sort_dir: $sort_dir
    ) {
      total
      start_date
      end_date
      course {
        id
        uuid
        title
      }
      sessions {
        date
        cancelled
      }
      by_status {
        status
        count
      }
      data {
        apa
        statuses
        counts {
          present
          late
          absent
          excused
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

type Report = ClassReportQuery["courseReport"];
type Row = Report["data"][number];
const FILTERS = ["uuid", "start_date", "end_date"] as const;

const fixed: GridColumn<Row>[] = [
  {
    key: "student",
    header: "Participant",
    sortBy: "name",
    phone: "title",
    render: (r) => personName(r.student),
    href: (r) => `/Students/${r.student.uuid}`,
  },
  { key: "apa", header: "APA", sortBy: "apa", align: "right", render: (r) => formatPercent(r.apa) },
  { key: "present", header: "Present", align: "right", render: (r) => String(r.counts.present) },
  { key: "late", header: "Late", align: "right", render: (r) => String(r.counts.late) },
  { key: "absent", header: "Absent", sortBy: "absences", align: "right", render: (r) => String(r.counts.absent) },
  { key: "excused", header: "Excused", align: "right", render: (r) => String(r.counts.excused) },
];

/** One column per session of the range: the status there, or the session's cancellation. */
function sessionColumns(report: Report): GridColumn<Row>[] {
  return report.sessions.map((s, i) => ({
    key: `session-${s.date}`,
    header: `${formatDate(s.date)}${s.cancelled ? ` (${s.cancelled})` : ""}`,
    render: (r) => {
      const status = r.statuses[i];
      return status === null || status === undefined ? "—" : statusLabel(status);
    },
  }));
}

/** Class: a course's sessions × participants with each status (uuid required; range defaults to the semester). */
export const classConfig: ReportConfig<Row> = {
  name: "Class",
  filters: FILTERS,
  required: ["uuid"],
  uuidSource: "course",
  grid: { sort_by: "name", sort_dir: "asc", sortable: ["name", "apa", "absences"] },
  caption: "Sessions by participant",
  file: "class-report.csv",
  rowKey: (r) => r.student.id,
  columns: () => fixed,
  load: async (f, g) => {
    const { courseReport } = await execute(
      ClassReportDocument,
      reportVariables<ClassReportQueryVariables>(f, FILTERS, g),
    );
    return {
      rows: courseReport.data,
      total: courseReport.total,
      columns: [...fixed, ...sessionColumns(courseReport)],
      range: { start_date: courseReport.start_date, end_date: courseReport.end_date },
      summary: [
        { label: "Class", value: courseReport.course.title },
        {
          label: "Sessions",
          value: `${courseReport.sessions.length} (${formatDate(courseReport.start_date)} – ${formatDate(courseReport.end_date)})`,
        },
      ],
      chart: {
        graph: statusCountsGraph(courseReport.by_status, courseReport.course.title),
        caption: "Status shares",
        labelHeader: "Class",
        type: "default",
      },
    };
  },
};
