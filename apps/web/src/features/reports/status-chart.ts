/**
 * Status counts ({status, count}, the statusReport's by_status) as a Graph for StatusBarChart:
 * one dataset per status, named as the domain names it, so the bars take the statuses' colours.
 * Pure, tested without a browser.
 */
import { STATUSES } from "@rollbook/domain";
import type { Graph } from "../../ui/charts/graph-table.ts";

export function statusCountsGraph(counts: readonly { status: number; count: number }[], label: string): Graph {
  return {
    labels: [label],
    datasets: counts.map((c) => ({
      label: STATUSES.find((s) => s.id === c.status)?.name ?? `status_${c.status}`,
      data: [c.count],
    })),
  };
}
