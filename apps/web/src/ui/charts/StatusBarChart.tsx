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
  /**
   * Bars that run across, one row per label with every label written beside its bar: for names
   * (participants, events), which an axis under upright bars had room for one in two or four of.
   */
  across?: boolean;
}

const NO_DATA_LABEL = "No data";
const NO_DATA_NOTE = "No data: no attendance was recorded for that day, which does not mean that nobody attended.";

/** The placeholder bar: pale grey, outlined in a dashed dark grey (3:1 against white), labelled along it. */
const noDataBar = (across: boolean) => ({
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
        transform={
          across ? undefined : `rotate(-90 ${Number(x) + Number(width) / 2} ${Number(y) + Number(height) / 2})`
        }
      >
        {NO_DATA_LABEL}
      </text>
    ) : null,
});

/**
 * The label column of bars that run across. The axis wraps a label at its spaces to this width:
 * about 22 characters a line at its 12 px, 14 px a line.
 */
const ACROSS_LABEL_WIDTH = 160;
const ACROSS_LINE_CHARS = 22;
const ACROSS_LINE_PX = 14;
/** Three lines at most: past them a label is cut with an ellipsis (its tooltip and the table twin have it whole). */
const ACROSS_LABEL_CHARS = 60;

/** A label as the across axis writes it: whole up to 60 characters, else cut with an ellipsis. */
export const shortLabel = (label: string) =>
  label.length <= ACROSS_LABEL_CHARS ? label : `${label.slice(0, ACROSS_LABEL_CHARS - 1).trimEnd()}…`;

/** The lines a label takes wrapped at its spaces, as the axis wraps it (a word longer than a line takes its own). */
export function wrappedLines(label: string, perLine = ACROSS_LINE_CHARS): number {
  let lines = 1;
  let used = 0;
  for (const word of label.split(/\s+/).filter(Boolean)) {
    if (used > 0 && used + 1 + word.length > perLine) {
      lines += 1;
      used = word.length;
    } else used += (used > 0 ? 1 : 0) + word.length;
  }
  return lines;
}

/** The height of bars that run across: each row as tall as the longest label's lines (28 px at least), and the legend and axis. */
export function acrossHeight(labels: readonly string[]): number {
  const lines = Math.max(1, ...labels.map((l) => wrappedLines(shortLabel(l))));
  const row = Math.max(28, lines * ACROSS_LINE_PX + 10);
  return Math.max(160, labels.length * row + 80);
}

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
  across = false,
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
            h={across ? acrossHeight(data.map((r) => String(r.label))) : height}
            orientation={across ? "vertical" : "horizontal"}
            // across: every name beside its bar (interval 0), a long one shortened (its tooltip and
            // the table twin have it whole)
            yAxisProps={across ? { width: ACROSS_LABEL_WIDTH, interval: 0, tickFormatter: shortLabel } : undefined}
            data={drawn.rows}
            dataKey="label"
            type={type}
            series={drawn.bars}
            barProps={(s) => (s.name === NO_DATA ? noDataBar(across) : {})}
            withLegend
            // recharts sorts legend and tooltip items by name unless told: keep the bars' order
            legendProps={{ itemSorter: (item) => drawnOrder(drawn.bars, item.dataKey) }}
            tooltipProps={{ itemSorter: (item: { dataKey?: unknown }) => drawnOrder(drawn.bars, item.dataKey) }}
            tickLine={across ? "x" : "y"}
            // the value lines cross the bars: upright, lines across; across, upright lines
            gridAxis={across ? "y" : "x"}
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
