/**
 * A server Graph (`{ labels, datasets: [{ label, data }] }`, one dataset per status) as chart rows
 * and as the rows of the table that carries the same numbers for screen readers. Pure, tested
 * without a browser.
 */
import { STATUSES } from "@rollbook/domain";
import { humanize, statusColour } from "../status.ts";

export interface Graph {
  labels: readonly string[];
  datasets: readonly { label: string; data: readonly number[] }[];
}

export interface GraphSeries {
  /** The dataset's label, the rows' key. */
  name: string;
  /** In words: "Left early". */
  label: string;
  /** A Mantine colour, the status's own (ui/status.ts). */
  color: string;
}

/** The series of a status graph: each dataset with its status's colour and name in words, in status order. */
export function statusSeries(graph: Graph): GraphSeries[] {
  const order = (name: string) => {
    const i = STATUSES.findIndex((s) => s.name === name);
    return i < 0 ? STATUSES.length : i;
  };
  return [...graph.datasets]
    .sort((a, b) => order(a.label) - order(b.label))
    .map((d) => {
      const status = STATUSES.find((s) => s.name === d.label);
      return {
        name: d.label,
        label: humanize(d.label),
        color: status ? `${statusColour(status.id)}.6` : "gray.6",
      };
    });
}

/** One row per label: `{ label, <dataset>: value, ... }` (a missing value is 0). */
export function graphRows(graph: Graph, formatLabel: (label: string) => string = (l) => l) {
  return graph.labels.map((label, i) => {
    const row: Record<string, string | number> = { label: formatLabel(label) };
    for (const d of graph.datasets) row[d.label] = d.data[i] ?? 0;
    return row;
  });
}

/** The total of each row (the students counted on that day). */
export const rowTotal = (graph: Graph, index: number) =>
  graph.datasets.reduce((sum, d) => sum + (d.data[index] ?? 0), 0);

/** True when the graph has nothing to draw. */
export const isEmptyGraph = (graph: Graph) =>
  graph.labels.length === 0 || graph.datasets.every((d) => d.data.every((v) => !v));

/** The chart's key of the placeholder bar on a day without data. */
export const NO_DATA = "no_data";

/**
 * Days with no attendance at all (no row counted), told apart from days that were 0 %: each row
 * gets the placeholder's value, the tallest day's total on a day without data (so the bar is
 * plainly there) and 0 on every other day.
 */
export function withNoDataBars(graph: Graph, rows: readonly Record<string, string | number>[]) {
  const totals = graph.labels.map((_, i) => rowTotal(graph, i));
  const tallest = Math.max(1, ...totals);
  return rows.map((row, i) => ({ ...row, [NO_DATA]: totals[i] === 0 ? tallest : 0 }));
}
