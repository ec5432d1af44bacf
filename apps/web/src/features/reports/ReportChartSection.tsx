import { Paper, Title } from "@mantine/core";
import { useId } from "react";
import { StatusBarChart } from "../../ui/charts/StatusBarChart.tsx";
import type { ReportChart } from "./report-config.ts";

/** The report's chart under its own heading, with the same numbers as a table (StatusBarChart). */
export function ReportChartSection({ chart }: { chart: ReportChart }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="md" radius="md">
      <Title order={2} size="h4" id={id} mb="xs">
        {chart.caption}
      </Title>
      <StatusBarChart
        graph={chart.graph}
        caption={chart.caption}
        labelHeader={chart.labelHeader}
        type={chart.type}
        series={chart.series}
        withTotal={chart.withTotal}
        markNoData={chart.markNoData}
        noDataNote={chart.noDataNote}
        across={chart.across}
        emptyText={chart.emptyText ?? "Nothing to show for these filters."}
      />
    </Paper>
  );
}
