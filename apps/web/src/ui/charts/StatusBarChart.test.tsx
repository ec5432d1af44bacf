import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { acrossHeight, StatusBarChart, shortLabel, wrappedLines } from "./StatusBarChart.tsx";

/** Three session days; nothing was counted on the middle one. */
const graph = {
  labels: ["2026-11-23", "2026-11-24", "2026-11-25"],
  datasets: [
    { label: "present", data: [3, 0, 2] },
    { label: "absent", data: [1, 0, 2] },
  ],
};

const chart = (markNoData: boolean) =>
  renderUi(<StatusBarChart graph={graph} caption="Attendance by day" labelHeader="Day" markNoData={markNoData} />);

describe("StatusBarChart on a day without data", () => {
  it("says No data for it in the table, not zeros, and says what that means", () => {
    chart(true);
    const table = screen.getByRole("table", { name: "Attendance by day" });
    const gap = within(table).getByRole("row", { name: /2026-11-24/ });
    expect(within(gap).getByRole("cell").textContent).toBe("No data");
    expect(within(gap).queryByText("0")).toBeNull();
    const day = within(table).getByRole("row", { name: /2026-11-23/ });
    expect(
      within(day)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["3", "1", "4"]);
    expect(table.getAttribute("aria-describedby")).toBeTruthy();
    const note = document.getElementById(table.getAttribute("aria-describedby") ?? "");
    expect(note?.textContent).toMatch(/no attendance was recorded for that day/);
  });

  it("leaves the zeros of a graph where nothing counted is a real 0 (markNoData off)", () => {
    chart(false);
    const gap = within(screen.getByRole("table", { name: "Attendance by day" })).getByRole("row", {
      name: /2026-11-24/,
    });
    expect(
      within(gap)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["0", "0", "0"]);
    expect(screen.queryByText(/No data/)).toBeNull();
  });
});

describe("StatusBarChart's figures", () => {
  it("writes counts in the table as the totals do: grouped by thousands", () => {
    renderUi(
      <StatusBarChart
        graph={{
          labels: ["2026-11-23"],
          datasets: [
            { label: "present", data: [10716] },
            { label: "absent", data: [7891] },
          ],
        }}
        caption="Status shares"
        labelHeader="Dates"
      />,
    );
    const row = within(screen.getByRole("table", { name: "Status shares" })).getByRole("row", { name: /2026-11-23/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["10,716", "7,891", "18,607"]);
  });
});

describe("StatusBarChart shown as a table", () => {
  it("keeps its caption outside the part that scrolls sideways, still naming the table", async () => {
    const user = userEvent.setup();
    chart(false);
    await user.click(screen.getByRole("button", { name: "Show as table" }));
    const region = screen.getByRole("region", { name: "Attendance by day (table)" });
    const table = within(region).getByRole("table", { name: "Attendance by day" });
    expect(table).toBeTruthy();
    expect(region.contains(screen.getByText("Attendance by day"))).toBe(false);
  });
});

describe("StatusBarChart's legend", () => {
  it("lists the statuses in the bars' order, not by name", () => {
    const statuses = {
      labels: ["2026-11-23"],
      datasets: [
        { label: "present", data: [3] },
        { label: "late", data: [1] },
        { label: "absent", data: [2] },
      ],
    };
    // jsdom lays nothing out: give the chart's container a size so recharts draws it and its legend
    const size = { x: 0, y: 0, top: 0, left: 0, right: 600, bottom: 260, width: 600, height: 260 };
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ ...size, toJSON: () => size });
    const { container } = renderUi(<StatusBarChart graph={statuses} caption="By status" labelHeader="Day" />);
    const legend = [...container.querySelectorAll(".mantine-ChartLegend-legendItemName")].map((n) => n.textContent);
    vi.restoreAllMocks();
    expect(legend).toEqual(["Present", "Late", "Absent"]);
  });
});

describe("StatusBarChart's drawing", () => {
  it("answers the pointer (a bar's tooltip names it when its axis label had no room), yet takes no Tab", () => {
    const size = { x: 0, y: 0, top: 0, left: 0, right: 600, bottom: 260, width: 600, height: 260 };
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ ...size, toJSON: () => size });
    const { container } = renderUi(<StatusBarChart graph={graph} caption="By day" labelHeader="Day" />);
    vi.restoreAllMocks();
    const drawing = container.querySelector(".recharts-wrapper")?.closest('[aria-hidden="true"]');
    expect(drawing).toBeTruthy();
    // inert would make the browser ignore the mouse over it too: no tooltip, ever
    expect(drawing?.closest("[inert]")).toBeNull();
    const tabbable = [...(drawing?.querySelectorAll<HTMLElement | SVGElement>("*") ?? [])].filter(
      (el) => el.tabIndex >= 0 || /^(a|button|input|select|textarea)$/i.test(el.tagName),
    );
    expect(tabbable).toEqual([]);
  });
});

/** Bars across (names): every label beside its bar, wrapped at spaces, each row as tall as its lines. */
describe("StatusBarChart's bars across", () => {
  it("wraps a label at its spaces, about 22 characters a line", () => {
    expect(wrappedLines("Layla Adams")).toBe(1);
    expect(wrappedLines("Financial Aid Night (12/10/2026)")).toBe(2);
    expect(wrappedLines("A very long event title that goes on (12/10/2026)")).toBe(3);
    expect(wrappedLines("Supercalifragilisticexpialidocious")).toBe(1);
  });

  it("cuts a label past three lines with an ellipsis, keeps a shorter one whole", () => {
    expect(shortLabel("Hazel Campbell")).toBe("Hazel Campbell");
    const long = "An event whose title runs far too long for three lines of the axis (12/10/2026)";
    expect(shortLabel(long)).toHaveLength(60);
    expect(shortLabel(long).endsWith("…")).toBe(true);
  });

  it("gives each row room for its longest label: 20 names of one line, 7 events of two", () => {
    const names = Array.from({ length: 20 }, (_, i) => `Participant ${i}`);
    expect(acrossHeight(names)).toBe(20 * 28 + 80);
    const events = Array.from({ length: 7 }, (_, i) => `Spring Open House ${i} (12/06/2026)`);
    expect(acrossHeight(events)).toBe(7 * (2 * 14 + 10) + 80);
    expect(acrossHeight(["One"])).toBe(160);
  });
});
