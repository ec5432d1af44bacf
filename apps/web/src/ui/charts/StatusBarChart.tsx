import { BarChart } from "@mantine/charts";
import "@mantine/charts/styles.css";
import { Button, Group, Stack, Table, Text } from "@mantine/core";
import { useId, useMemo, useState } from "react";
import { ScrollRegion } from "../ScrollRegion.tsx";
import { type Graph, type GraphSeries, graphRows, isEmptyGraph, rowTotal, statusSeries } from "./graph-table.ts";

export interface StatusBarChartProps {
  graph: Graph;
  /** The chart's and the table's name ("Attendance by day"). */
  caption: string;
  /** The header of the labels' column ("Day"). */
  labelHeader: string;
  formatLabel?: (label: string) => string;
  height?: number;
  /** Stacked bars (one per label) or side by side. */
  type?: "stacked" | "default";
  /** Series that are not statuses (APA, check-ins): their words and colours, in order. */
  series?: readonly GraphSeries[];
  /** What to say when there is nothing to draw. */
  emptyText?: string;
  /** The table's Total column: off where the series do not add up (percentages). */
  withTotal?: boolean;
}

/**
 * A status graph as stacked bars in the statuses' colours, with the same numbers as a table: the
 * table is always there for screen readers (visually hidden while the chart shows), and a toggle
 * shows it instead of the chart for anyone who prefers figures. The drawing itself is hidden
 * from assistive technology.
 */
export function StatusBarChart({
  graph,
  caption,
  labelHeader,
  formatLabel,
  height = 260,
  type = "stacked",
  series: ownSeries,
  emptyText = "No attendance to show yet.",
  withTotal = true,
}: StatusBarChartProps) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const series = useMemo(() => ownSeries ?? statusSeries(graph), [graph, ownSeries]);
  const data = useMemo(() => graphRows(graph, formatLabel), [graph, formatLabel]);
  if (isEmptyGraph(graph)) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  const table = (
    <Table striped captionSide="top">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{labelHeader}</Table.Th>
          {series.map((s) => (
            <Table.Th scope="col" key={s.name} ta="right">
              {s.label}
            </Table.Th>
          ))}
          {withTotal && (
            <Table.Th scope="col" ta="right">
              Total
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.map((row, i) => (
          <Table.Tr key={`${row.label}-${graph.labels[i]}`}>
            <Table.Th scope="row" fw={400}>
              {row.label}
            </Table.Th>
            {series.map((s) => (
              <Table.Td key={s.name} ta="right">
                {row[s.name]}
              </Table.Td>
            ))}
            {withTotal && <Table.Td ta="right">{rowTotal(graph, i)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button size="compact-sm" variant="default" onClick={() => setAsTable((v) => !v)} aria-controls={id}>
          {asTable ? "Show as chart" : "Show as table"}
        </Button>
      </Group>
      {!asTable && (
        // the drawing is for the eye: out of the accessibility tree and out of the tab order
        <div aria-hidden="true" inert>
          <BarChart
            h={height}
            data={data}
            dataKey="label"
            type={type}
            series={series.map((s) => ({ name: s.name, label: s.label, color: s.color }))}
            withLegend
            tickLine="y"
            barChartProps={{ accessibilityLayer: false }}
          />
        </div>
      )}
      <div id={id} className={asTable ? undefined : "sr-only"}>
        {asTable ? (
          // shown: it may scroll sideways on a phone, so it takes focus and a name
          <ScrollRegion minWidth={320} label={caption}>
            {table}
          </ScrollRegion>
        ) : (
          table
        )}
      </div>
    </Stack>
  );
}
