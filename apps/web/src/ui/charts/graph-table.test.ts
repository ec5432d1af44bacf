import { describe, expect, it } from "vitest";
import { graphRows, isEmptyGraph, rowTotal, statusSeries, withNoDataBars } from "./graph-table.ts";

const graph = {
  labels: ["2026-08-24", "2026-08-26"],
  datasets: [
    { label: "absent", data: [0, 1] },
    { label: "left_early", data: [1] },
    { label: "present", data: [3, 2] },
  ],
};

describe("graph as chart and table", () => {
  it("gives each status its colour and name, in status order", () => {
    expect(statusSeries(graph)).toEqual([
      { name: "present", label: "Present", color: "teal.6" },
      { name: "absent", label: "Absent", color: "red.6" },
      { name: "left_early", label: "Left early", color: "orange.6" },
    ]);
    expect(statusSeries({ labels: [], datasets: [{ label: "students", data: [] }] })[0]?.color).toBe("gray.6");
  });

  it("makes one row per label, missing values 0", () => {
    expect(graphRows(graph, (l) => l.slice(5))).toEqual([
      { label: "08-24", absent: 0, left_early: 1, present: 3 },
      { label: "08-26", absent: 1, left_early: 0, present: 2 },
    ]);
    expect(rowTotal(graph, 0)).toBe(4);
    expect(rowTotal(graph, 1)).toBe(3);
  });

  it("knows an empty graph", () => {
    expect(isEmptyGraph(graph)).toBe(false);
    expect(isEmptyGraph({ labels: ["a"], datasets: [{ label: "present", data: [0] }] })).toBe(true);
    expect(isEmptyGraph({ labels: [], datasets: [] })).toBe(true);
  });

  it("gives a day without data a placeholder bar as tall as the tallest day, and other days none", () => {
    const gap = { labels: ["a", "b", "c"], datasets: [{ label: "present", data: [3, 0, 5] }] };
    expect(withNoDataBars(gap, graphRows(gap))).toEqual([
      { label: "a", present: 3, no_data: 0 },
      { label: "b", present: 0, no_data: 5 },
      { label: "c", present: 5, no_data: 0 },
    ]);
  });
});
