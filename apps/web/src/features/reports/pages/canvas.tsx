import type { CanvasReportQuery, CanvasReportQueryVariables } from "../../../gql/graphql.ts";
import { graphql } from "../../../gql/index.ts";
import { execute } from "../../../lib/graphql.ts";
import { formatPercent } from "../../../ui/detail/format.ts";
import { personName } from "../../../ui/person-name.ts";
import type { ReportConfig } from "../report-config.ts";
import { reportVariables, shiftDay } from "../report-filters.ts";

const CanvasReportDocument = graphql(`
  query canvasReport(
    $start_date: String!
    $end_date: String!
    $classes: [Int!]
    $page: Int
    $per_page: Int
    $sort_by: String
    $sort_dir: String
  ) {
    canvasReport(
      start_date: $start_date
      end_date: $end_date
      classes: $classes
      page: $page
      per_page: $per_page
      sort_by: $sort_by
      sort_dir: $sort_dir
    ) {
      total
      data {
        student_id
        student_uuid
        first_name
        last_name
        school_identifier
        course_id
        course_title
        crn
        attended
        missed
        percentage
      }
    }
  }
`);

type Row = CanvasReportQuery["canvasReport"]["data"][number];
const FILTERS = ["start_date", "end_date", "classes"] as const;

/** Canvas: attendance as a percentage per participant and class; the export is the gradebook CSV Canvas imports. */
export const canvasConfig: ReportConfig<Row> = {
  name: "Canvas",
  filters: FILTERS,
  required: ["start_date", "end_date"],
  defaults: (today) => ({ start_date: shiftDay(today, -89), end_date: today }),
  grid: { sort_by: "student", sort_dir: "asc", sortable: ["student", "course", "percentage"] },
  caption: "Attendance per participant and class",
  file: "canvas-gradebook.csv",
  rowKey: (r) => `${r.student_id}-${r.course_id}`,
  columns: () => [
    {
      key: "student",
      header: "Participant",
      sortBy: "student",
      phone: "title",
      render: (r) => personName({ ...r, preferred_name: null }),
      href: (r) => `/Students/${r.student_uuid}`,
    },
    { key: "school_identifier", header: "SIS id", render: (r) => r.school_identifier || "—" },
    { key: "course_title", header: "Class", sortBy: "course" },
    { key: "crn", header: "CRN", render: (r) => r.crn || "—" },
    { key: "attended", header: "Attended", align: "right", render: (r) => String(r.attended) },
    { key: "missed", header: "Missed", align: "right", render: (r) => String(r.missed) },
    {
      key: "percentage",
      header: "Attendance",
      sortBy: "percentage",
      align: "right",
      render: (r) => formatPercent(r.percentage),
    },
  ],
  load: async (f, g) => {
    const { canvasReport } = await execute(
      CanvasReportDocument,
      reportVariables<CanvasReportQueryVariables>(f, FILTERS, g),
    );
    return { rows: canvasReport.data, total: canvasReport.total };
  },
};
