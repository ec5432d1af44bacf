import { STATUS } from "@rollbook/domain";
import { describe, expect, it } from "vitest";
import { graphRows, rowTotal, statusSeries } from "../../ui/charts/graph-table.ts";
import { statusCountsGraph } from "./status-chart.ts";

describe("status counts as a chart", () => {
  it("makes one bar per status with the counts, adding up to the whole filter", () => {
    const graph = statusCountsGraph(
      [
        { status: STATUS.present, count: 7 },
        { status: STATUS.absent, count: 2 },
        { status: STATUS.late, count: 1 },
      ],
      "09/01/2026 – 09/30/2026",
    );
    expect(graphRows(graph)).toEqual([{ label: "09/01/2026 – 09/30/2026", present: 7, absent: 2, late: 1 }]);
    expect(rowTotal(graph, 0)).toBe(10);
    expect(statusSeries(graph).map((s) => s.label)).toEqual(["Present", "Late", "Absent"]);
  });

  it("names a status the app does not know by its number", () => {
    expect(statusCountsGraph([{ status: 42, count: 1 }], "x").datasets[0]?.label).toBe("status_42");
  });
});
