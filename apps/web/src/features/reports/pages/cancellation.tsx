import type { CancellationReportQuery, CancellationReportQueryVariables } from "../../../gql/graphql.ts";
import { graphql } from "../../../gql/index.ts";
import { execute } from "../../../lib/graphql.ts";
import { formatDate } from "../../../ui/dates/date-format.ts";
import type { ReportConfig } from "../report-config.ts";
import { reportVariables, shiftDay } from "../report-filters.ts";

const CancellationReportDocument = graphql(`
  query cancellationReport(
    $start_date: String!
    $end_date: String!
    $classes: [Int!]
    $page: Int
    $per_page: Int
    $sort_by: String
    $sort_dir: String
  ) {
    cancellationReport(
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
        id
        kind
        title
        course_id
        start_date
        end_date
        notes
      }
    }
  }
`);

type Row = CancellationReportQuery["cancellationReport"]["data"][number];
const FILTERS = ["start_date", "end_date", "classes"] as const;

const dates = (r: Row) =>
  r.start_date === r.end_date ? formatDate(r.start_date) : `${formatDate(r.start_date)} – ${formatDate(r.end_date)}`;

/** Cancellation: cancelled class dates and school closures in a date range (dates required). No chart: nothing is compared. */
export const cancellationConfig: ReportConfig<Row> = {
  name: "Cancellation",
  filters: FILTERS,
  required: ["start_date", "end_date"],
  defaults: (today) => ({ start_date: shiftDay(today, -29), end_date: shiftDay(today, 60) }),
  grid: { sort_by: "date", sort_dir: "asc", sortable: ["date", "title", "kind"] },
  caption: "Cancellations and closures",
  file: "cancellations.csv",
  // a class cancellation and a closure may share an id: the kind tells them apart
  rowKey: (r) => `${r.kind}-${r.id}`,
  columns: () => [
    { key: "start_date", header: "Date", sortBy: "date", render: dates },
    { key: "title", header: "Class or closure", sortBy: "title", phone: "title" },
    {
      key: "kind",
      header: "Kind",
      sortBy: "kind",
      render: (r) => (r.kind === "closure" ? "School closure" : "Class cancelled"),
    },
    { key: "notes", header: "Notes", render: (r) => r.notes || "—" },
  ],
  load: async (f, g) => {
    const { cancellationReport } = await execute(
      CancellationReportDocument,
      reportVariables<CancellationReportQueryVariables>(f, FILTERS, g),
    );
    return { rows: cancellationReport.data, total: cancellationReport.total };
  },
};
