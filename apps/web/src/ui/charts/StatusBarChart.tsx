import { BarChart } from "@mantine/charts";
import "@mantine/charts/styles.css";
import { Button, Group, Stack, Table, Text } from "@mantine/core";
import { formatCount } from "@rollbook/domain";
import { useId, useMemo, useState } from "react";
import { OuterCaption } from "../OuterCaption.tsx";
import { ScrollRegion } from "../ScrollRegion.tsx";
import {
  type Graph,
  type GraphSeries,
  graphRows,
  isEmptyGraph,
  NO_DATA,
  noDataAt,
  rowTotal,
  statusSeries,
  withNoDataBars,
} from "./graph-table.ts";

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
  /**
   * Labels without data, not at 0: `true` marks those with nothing counted (a daily graph: a day
   * without attendance rows), a list the ones it says (an APA not there yet). The chart draws each
   * as a dashed grey "No data" bar and the table says "No data", with `noDataNote` under them.
   */
  markNoData?: boolean | readonly boolean[];
  /** What "No data" means here (default: a day with no attendance recorded). */
  noDataNote?: string;
}

const NO_DATA_LABEL = "No data";
const NO_DATA_NOTE = "No data: no attendance was recorded for that day, which does not mean that nobody attended.";

/** The placeholder bar: pale grey, outlined in a dashed dark grey (3:1 against white), labelled. */
const noDataBar = {
  stroke: "var(--mantine-color-gray-7)",
  strokeOpacity: 1,
  strokeDasharray: "4 3",
  label: ({
    x,
    y,
    width,
    height,
    value,
  }: {
    x?: number;
    y?: number;
    width?: number;
    height?: number;
    value?: number;
  }) =>
    value && width && height ? (
      <text
        x={Number(x) + Number(width) / 2}
        y={Number(y) + Number(height) / 2}
        textAnchor="middle"
        dominantBaseline="middle"
        fontSize={12}
        fill="var(--mantine-color-gray-8)"
        transform={`rotate(-90 ${Number(x) + Number(width) / 2} ${Number(y) + Number(height) / 2})`}
      >
        {NO_DATA_LABEL}
      </text>
    ) : null,
};

/** Where a series sits among the drawn bars: the legend and the tooltip list them in that order. */
const drawnOrder = (bars: readonly { name: string }[], key: unknown) => bars.findIndex((b) => b.name === String(key));

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
  markNoData = false,
  noDataNote = NO_DATA_NOTE,
}: StatusBarChartProps) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const series = useMemo(() => ownSeries ?? statusSeries(graph), [graph, ownSeries]);
  const data = useMemo(() => graphRows(graph, formatLabel), [graph, formatLabel]);
  const noteId = useId();
  const captionId = useId();
  const missing = useMemo(() => noDataAt(graph, markNoData), [graph, markNoData]);
  const empty = (i: number) => Boolean(missing[i]);
  const anyEmpty = missing.some(Boolean);
  const drawn = useMemo(() => {
    const bars = series.map((s) => ({ name: s.name, label: s.label, color: s.color }));
    if (!anyEmpty) return { rows: data, bars };
    return {
      rows: withNoDataBars(graph, data, missing),
      bars: [...bars, { name: NO_DATA, label: NO_DATA_LABEL, color: "gray.2" }],
    };
  }, [graph, data, series, anyEmpty, missing]);
  if (isEmptyGraph(graph)) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  const table = (
    <Table striped aria-labelledby={captionId} aria-describedby={anyEmpty ? noteId : undefined}>
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
            {empty(i) ? (
              <Table.Td colSpan={series.length + (withTotal ? 1 : 0)}>{NO_DATA_LABEL}</Table.Td>
            ) : (
              <>
                {series.map((s) => (
                  <Table.Td key={s.name} ta="right">
                    {typeof row[s.name] === "number" ? formatCount(row[s.name] as number) : row[s.name]}
                  </Table.Td>
                ))}
                {withTotal && <Table.Td ta="right">{formatCount(rowTotal(graph, i))}</Table.Td>}
              </>
            )}
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
        // the drawing is for the eye: out of the accessibility tree (nothing in it takes Tab), but
        // not inert, which would also ignore the pointer: hovering or tapping a bar shows its
        // label and figures, the only way to tell bars apart whose axis labels had no room
        <div aria-hidden="true">
          <BarChart
            h={height}
            data={drawn.rows}
            dataKey="label"
            type={type}
            series={drawn.bars}
            barProps={(s) => (s.name === NO_DATA ? noDataBar : {})}
            withLegend
            // recharts sorts legend and tooltip items by name unless told: keep the bars' order
            legendProps={{ itemSorter: (item) => drawnOrder(drawn.bars, item.dataKey) }}
            tooltipProps={{ itemSorter: (item: { dataKey?: unknown }) => drawnOrder(drawn.bars, item.dataKey) }}
            tickLine="y"
            // the axis and the tooltip write figures as the table and the totals do: 10,716
            valueFormatter={formatCount}
            barChartProps={{ accessibilityLayer: false }}
          />
        </div>
      )}
      {anyEmpty && (
        <Text size="xs" c="dimmed" id={noteId}>
          {noDataNote}
        </Text>
      )}
      <div id={id} className={asTable ? undefined : "sr-only"}>
        <OuterCaption id={captionId}>{caption}</OuterCaption>
        {asTable ? (
          // shown: it may scroll sideways on a phone, so it takes focus and a name, its own: a
          // report's section is named by a heading with the caption's words (axe landmark-unique)
          <ScrollRegion minWidth={320} label={`${caption} (table)`}>
            {table}
          </ScrollRegion>
        ) : (
          table
        )}
      </div>
    </Stack>
  );
}
