import type { EventReportQuery, EventReportQueryVariables } from "../../../gql/graphql.ts";
import { graphql } from "../../../gql/index.ts";
import { execute } from "../../../lib/graphql.ts";
import { formatDate } from "../../../ui/dates/date-format.ts";
import type { ReportConfig } from "../report-config.ts";
import { reportVariables } from "../report-filters.ts";

const EventReportDocument = graphql(`
  query eventReport($start_date: String, $end_date: String, $page: Int, $per_page: Int, $sort_by: String, $sort_dir: String) {
    eventReport(
      start_date: $start_date
      end_date: $end_date
      page: $page
      per_page: $per_page
      sort_by: $sort_by
      sort_dir: $sort_dir
    ) {
      total
      data {
        id
        uuid
        title
        date
        attending
        waitlisted
        attended
        missed
      }
    }
  }
`);

type Row = EventReportQuery["eventReport"]["data"][number];
const FILTERS = ["start_date", "end_date"] as const;
const count = (key: "attending" | "waitlisted" | "attended" | "missed", header: string, sortBy: string) => ({
  key,
  header,
  sortBy,
  align: "right" as const,
  render: (r: Row) => String(r[key]),
});

/** Event: events with attending, waitlisted, attended and missed; the chart compares the page's events. */
export const eventConfig: ReportConfig<Row> = {
  name: "Event",
  filters: FILTERS,
  grid: {
    sort_by: "date",
    sort_dir: "desc",
    sortable: ["date", "title", "attending", "waitlisted", "attended", "missed"],
  },
  caption: "Events",
  file: "events.csv",
  rowKey: (r) => r.id,
  columns: () => [
    { key: "date", header: "Date", sortBy: "date", render: (r) => formatDate(r.date) },
    { key: "title", header: "Event", sortBy: "title", phone: "title", href: (r) => `/Events/${r.uuid}` },
    count("attending", "Attending", "attending"),
    count("waitlisted", "Waitlisted", "waitlisted"),
    count("attended", "Attended", "attended"),
    count("missed", "Missed", "missed"),
  ],
  load: async (f, g) => {
    const { eventReport } = await execute(
      EventReportDocument,
      reportVariables<EventReportQueryVariables>(f, FILTERS, g),
    );
    const rows = eventReport.data;
    return {
      rows,
      total: eventReport.total,
      chart: {
        graph: {
          labels: rows.map((r) => `${r.title} (${formatDate(r.date)})`),
          datasets: [
            { label: "attended", data: rows.map((r) => r.attended) },
            { label: "missed", data: rows.map((r) => r.missed) },
          ],
        },
        caption: "Attended and missed by event (this page)",
        labelHeader: "Event",
        // a title and date per bar: beside it, every one
        across: true,
        series: [
          { name: "attended", label: "Attended", color: "teal.6" },
          { name: "missed", label: "Missed", color: "red.6" },
        ],
        type: "stacked",
        emptyText: "No attendance at these events yet.",
        // an event with nothing attended or missed has no attendance to count, not 0 (decision 0700)
        markNoData: true,
        noDataNote:
          "No data: no attendance at that event counts as attended or missed yet, which does not mean that nobody attended.",
      },
    };
  },
};
