import type { FacilityReportQuery } from "../../../gql/graphql.ts";
import { graphql } from "../../../gql/index.ts";
import { execute } from "../../../lib/graphql.ts";
import type { ReportConfig } from "../report-config.ts";

const FacilityReportDocument = graphql(`
  query facilityReport($location_id: Int!, $date: String!) {
    facilityReport(location_id: $location_id, date: $date) {
      date
      location_name
      students
      pings
      timezone
      hours {
        hour
        students
        pings
      }
    }
  }
`);

type Row = FacilityReportQuery["facilityReport"]["hours"][number];

/** 0-23 as "12 AM", "1 PM". */
export const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? "AM" : "PM"}`;

/**
 * Facility (admin roles): one location's activity by hour on one day (location and day
 * required). The 24 hours are one answer (the server's hour buckets, all of them on a day
 * without activity), paged here so the grid behaves as every other; the total says it counts hours.
 */
export const facilityConfig: ReportConfig<Row> = {
  name: "Facility",
  filters: ["location_id", "date"],
  required: ["location_id", "date"],
  defaults: (today) => ({ date: today }),
  grid: {},
  caption: "Activity by hour",
  // a row per hour of the day, with activity or without: the total counts hours
  totalNoun: ["hour", "hours"],
  file: "facility.csv",
  rowKey: (r) => r.hour,
  columns: () => [
    { key: "hour", header: "Hour", phone: "title", render: (r) => hourLabel(r.hour) },
    { key: "students", header: "Participants", align: "right", render: (r) => String(r.students) },
    { key: "pings", header: "Pings", align: "right", render: (r) => String(r.pings) },
  ],
  load: async (f, g) => {
    const { facilityReport: r } = await execute(FacilityReportDocument, {
      location_id: f.location_id as number,
      date: f.date as string,
    });
    const from = (g.page - 1) * g.per_page;
    return {
      rows: r.hours.slice(from, from + g.per_page),
      total: r.hours.length,
      summary: [
        { label: "Location", value: r.location_name },
        { label: "Participants over the day", value: String(r.students) },
        { label: "Pings", value: String(r.pings) },
      ],
      chart: {
        graph: {
          labels: r.hours.map((h) => hourLabel(h.hour)),
          datasets: [{ label: "students", data: r.hours.map((h) => h.students) }],
        },
        caption: "Participants by hour",
        labelHeader: "Hour",
        series: [{ name: "students", label: "Participants", color: "blue.6" }],
        withTotal: false,
        emptyText: "No activity at this location on this day.",
      },
    };
  },
};
