import { Button } from "@mantine/core";
import type { TokenReportQuery, TokenReportQueryVariables } from "../../../gql/graphql.ts";
import { graphql } from "../../../gql/index.ts";
import { execute } from "../../../lib/graphql.ts";
import { personName } from "../../../ui/person-name.ts";
import type { ReportConfig } from "../report-config.ts";
import { pageVariables } from "../report-filters.ts";

const TokenReportDocument = graphql(`
  query tokenReport(
    $teams: [Int!]!
    $courses: [Int!]!
    $page: Int
    $per_page: Int
    $sort_by: String
    $sort_dir: String
  ) {
    tokenReport(teams: $teams, courses: $courses, page: $page, per_page: $per_page, sort_by: $sort_by, sort_dir: $sort_dir) {
      total
      data {
        id
        uuid
        first_name
        last_name
        preferred_name
        school_identifier
        token
      }
    }
  }
`);

type Row = TokenReportQuery["tokenReport"]["data"][number];

/** Token: the personal tokens of the chosen groups' and classes' participants, for printing. */
export const tokenConfig: ReportConfig<Row> = {
  name: "Token",
  filters: ["teams", "courses"],
  ready: (f) => (f.teams.length || f.courses.length ? null : "Choose groups or classes to see their tokens."),
  grid: { sort_by: "name", sort_dir: "asc", sortable: ["name", "school_identifier"] },
  caption: "Personal tokens",
  file: "tokens.csv",
  rowKey: (r) => r.id,
  columns: () => [
    {
      key: "name",
      header: "Participant",
      sortBy: "name",
      phone: "title",
      render: personName,
      href: (r) => `/Students/${r.uuid}`,
    },
    {
      key: "school_identifier",
      header: "School id",
      sortBy: "school_identifier",
      render: (r) => r.school_identifier || "—",
    },
    { key: "token", header: "Token", render: (r) => <code>{r.token}</code> },
  ],
  // the browser's print of the page: the grid's rows, with the shell left out by the print styles
  actions: (blocked) => (
    <Button variant="default" disabled={blocked !== null} title={blocked ?? undefined} onClick={() => window.print()}>
      Print
    </Button>
  ),
  load: async (f, g) => {
    // both lists are required arguments, empty or not
    const vars: TokenReportQueryVariables = { teams: f.teams, courses: f.courses, ...pageVariables(g) };
    const { tokenReport } = await execute(TokenReportDocument, vars);
    return { rows: tokenReport.data, total: tokenReport.total };
  },
};
