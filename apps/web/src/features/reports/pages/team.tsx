import type { TeamReportQuery, TeamReportQueryVariables } from "../../../gql/graphql.ts";
import { graphql } from "../../../gql/index.ts";
import { execute } from "../../../lib/graphql.ts";
import { formatDate } from "../../../ui/dates/date-format.ts";
import { formatPercent } from "../../../ui/detail/format.ts";
import { personName } from "../../../ui/person-name.ts";
import type { ReportConfig } from "../report-config.ts";
import { reportVariables } from "../report-filters.ts";

const TeamReportDocument = graphql(`
  query teamReport(
    $uuid: String!
    $start_date: String
    $end_date: String
    $page: Int
    $per_page: Int
    $sort_by: String
    $sort_dir: String
  ) {
    teamReport(
      uuid: $uuid
      start_date: $start_date
      end_date: $end_date
      page: $page
      per_page: $per_page
      sort_by: $sort_by
      sort_dir: $sort_dir
    ) {
      total
      apa
      travel
      missed
      start_date
      end_date
      team {
        id
        name
      }
      data {
        apa
        travel
        missed
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

type Row = TeamReportQuery["teamReport"]["data"][number];
const FILTERS = ["uuid", "start_date", "end_date"] as const;

/** Team: a group's participants with APA, travel and missed sessions (uuid required; range defaults to the semester). */
export const teamConfig: ReportConfig<Row> = {
  name: "Team",
  filters: FILTERS,
  required: ["uuid"],
  uuidSource: "team",
  grid: { sort_by: "name", sort_dir: "asc", sortable: ["name", "apa", "travel", "missed"] },
  caption: "Participants of the group",
  file: "team-report.csv",
  rowKey: (r) => r.student.id,
  columns: () => [
    {
      key: "student",
      header: "Participant",
      sortBy: "name",
      phone: "title",
      render: (r) => personName(r.student),
      href: (r) => `/Students/${r.student.uuid}`,
    },
    { key: "apa", header: "APA", sortBy: "apa", align: "right", render: (r) => formatPercent(r.apa) },
    { key: "travel", header: "Travel", sortBy: "travel", align: "right", render: (r) => String(r.travel) },
    { key: "missed", header: "Missed", sortBy: "missed", align: "right", render: (r) => String(r.missed) },
    { key: "present", header: "Present", align: "right", render: (r) => String(r.counts.present) },
    { key: "late", header: "Late", align: "right", render: (r) => String(r.counts.late) },
    { key: "excused", header: "Excused", align: "right", render: (r) => String(r.counts.excused) },
  ],
  load: async (f, g) => {
    const { teamReport: r } = await execute(
      TeamReportDocument,
      reportVariables<TeamReportQueryVariables>(f, FILTERS, g),
    );
    return {
      rows: r.data,
      total: r.total,
      range: { start_date: r.start_date, end_date: r.end_date },
      summary: [
        { label: "Group", value: r.team.name },
        { label: "Dates", value: `${formatDate(r.start_date)} – ${formatDate(r.end_date)}` },
        { label: "Group APA", value: formatPercent(r.apa) },
        { label: "Travel sessions", value: String(r.travel) },
        { label: "Missed sessions", value: String(r.missed) },
      ],
      // APA compared across the participants shown (the grid's page, in its order)
      chart: {
        graph: {
          labels: r.data.map((row) => personName(row.student)),
          datasets: [{ label: "apa", data: r.data.map((row) => row.apa ?? 0) }],
        },
        caption: "APA by participant (this page)",
        labelHeader: "Participant",
        // a name per bar: beside it, every one (20 of them did not fit under upright bars)
        across: true,
        series: [{ name: "apa", label: "APA (%)", color: "blue.6" }],
        withTotal: false,
        emptyText: "No finished sessions count towards APA yet.",
        // an APA not there yet (no finished session) is not an APA of 0 (decision 0700)
        markNoData: r.data.map((row) => row.apa === null || row.apa === undefined),
        noDataNote: "No data: no finished session counts towards that participant's APA yet, which is not an APA of 0.",
      },
    };
  },
};
