import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { eventConfig } from "./pages/event.tsx";
import { teamConfig } from "./pages/team.tsx";
import { ReportChartSection } from "./ReportChartSection.tsx";
import type { ReportConfig } from "./report-config.ts";
import { EMPTY_FILTERS } from "./report-filters.ts";

/** The server answers every call with this GraphQL payload. */
const answer = (data: unknown) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ data }), { status: 200 })),
  );

/** Loads a report as its page does, draws its chart, and gives the chart's table twin's rows. */
async function chartRows<Row>(config: ReportConfig<Row>) {
  const result = await config.load(
    { ...EMPTY_FILTERS, uuid: "t-1" },
    { page: 1, per_page: 25, sort_by: null, sort_dir: "asc" },
  );
  if (!result.chart) throw new Error("no chart");
  renderUi(<ReportChartSection chart={result.chart} />);
  const table = screen.getByRole("table", { name: result.chart.caption });
  const note = document.getElementById(table.getAttribute("aria-describedby") ?? "-")?.textContent;
  const cells = (name: RegExp) =>
    within(within(table).getByRole("row", { name }))
      .getAllByRole("cell")
      .map((c) => c.textContent);
  return { note, cells };
}

const student = (id: number, first_name: string) => ({
  id,
  uuid: `s-${id}`,
  first_name,
  last_name: "Lee",
  preferred_name: null,
  school_identifier: null,
});
const counts = { present: 0, late: 0, absent: 0, excused: 0 };

describe("a report chart tells no data from 0 (decision 0700)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("Team: a participant without an APA yet reads No data, one at 0 % reads 0", async () => {
    answer({
      teamReport: {
        total: 3,
        apa: 40,
        travel: 0,
        missed: 3,
        start_date: "2026-09-01",
        end_date: "2026-11-27",
        team: { id: 1, name: "Chess" },
        data: [
          { apa: 80, travel: 0, missed: 1, counts, student: student(1, "Ada") },
          { apa: 0, travel: 0, missed: 2, counts, student: student(2, "Ben") },
          { apa: null, travel: 0, missed: 0, counts, student: student(3, "Cy") },
        ],
      },
    });
    const { note, cells } = await chartRows(teamConfig);
    expect(cells(/Ada/)).toEqual(["80"]);
    expect(cells(/Ben/)).toEqual(["0"]);
    expect(cells(/Cy/)).toEqual(["No data"]);
    expect(note).toMatch(/no finished session counts towards that participant's APA yet/);
  });

  it("Event: an event with nothing attended or missed reads No data, not 0 and 0", async () => {
    const event = (id: number, title: string, attended: number, missed: number) => ({
      id,
      uuid: `e-${id}`,
      title,
      date: "2026-11-20",
      attending: 4,
      waitlisted: 0,
      attended,
      missed,
    });
    answer({ eventReport: { total: 2, data: [event(1, "Fair", 3, 1), event(2, "Trip", 0, 0)] } });
    const { note, cells } = await chartRows(eventConfig);
    expect(cells(/Fair/)).toEqual(["3", "1", "4"]);
    expect(cells(/Trip/)).toEqual(["No data"]);
    expect(note).toMatch(/no attendance at that event counts as attended or missed yet/);
  });
});
