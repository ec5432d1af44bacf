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
 * Which labels have no data. `true`: those with nothing counted (a daily graph: a day with no
 * attendance row); a list: the ones it marks (an APA not there yet, drawn as 0 otherwise).
 */
export function noDataAt(graph: Graph, mark: boolean | readonly boolean[]): boolean[] {
  return graph.labels.map((_, i) => (typeof mark === "boolean" ? mark && rowTotal(graph, i) === 0 : Boolean(mark[i])));
}

/**
 * Labels without data (`noDataAt`), told apart from labels at 0: each row gets the placeholder's
 * value, the tallest label's total on one without data (so the bar is plainly there) and 0 on
 * every other.
 */
export function withNoDataBars(
  graph: Graph,
  rows: readonly Record<string, string | number>[],
  missing: readonly boolean[] = noDataAt(graph, true),
) {
  const tallest = Math.max(1, ...graph.labels.map((_, i) => rowTotal(graph, i)));
  return rows.map((row, i) => ({ ...row, [NO_DATA]: missing[i] ? tallest : 0 }));
}
