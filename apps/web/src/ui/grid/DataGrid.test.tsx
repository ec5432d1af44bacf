import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { DataGrid } from "./DataGrid.tsx";
import { useGridParams } from "./useGridParams.ts";

interface Row {
  id: number;
  name: string;
}

/** A grid over `total` fake rows: the page shown is what the URL asks for, as a server would answer. */
function Harness({ total }: { total: number }) {
  const grid = useGridParams({ sort_by: "name", sortable: ["name"] });
  const { page, per_page } = grid.params;
  const rows: Row[] = [];
  for (let i = (page - 1) * per_page; i < Math.min(total, page * per_page); i++)
    rows.push({ id: i, name: `Row ${i + 1}` });
  return (
    <DataGrid
      caption="People"
      columns={[
        { key: "name", header: "Name", sortBy: "name" },
        { key: "id", header: "Id" },
      ]}
      rows={rows}
      total={total}
      rowKey={(r) => r.id}
      grid={grid}
    />
  );
}

const search = () => new URLSearchParams(screen.getByTestId("location").textContent ?? "");
const pager = () => within(screen.getByRole("navigation", { name: "People pages" }));

describe("DataGrid", () => {
  it("shows the page the URL asks for, with the range and 25 rows by default", () => {
    renderUi(<Harness total={300} />, { url: "/?page=3" });
    expect(screen.getByRole("table", { name: "People" })).toBeTruthy();
    expect(screen.getAllByRole("row")).toHaveLength(26);
    expect(screen.getByText("51–75 of 300")).toBeTruthy();
    expect(pager().getByRole("button", { name: "Page 3" }).getAttribute("aria-current")).toBe("page");
  });

  it("keeps sorting in the URL: a new column sorts ascending, the same one flips, page goes back to 1", async () => {
    const user = userEvent.setup();
    renderUi(<Harness total={300} />, { url: "/?page=4" });
    const header = screen.getByRole("columnheader", { name: /Name/ });
    expect(header.getAttribute("aria-sort")).toBe("ascending");
    await user.click(within(header).getByRole("button"));
    expect(search().get("sort_by")).toBe("name");
    expect(search().get("sort_dir")).toBe("desc");
    expect(search().get("page")).toBe("1");
    expect(screen.getByRole("columnheader", { name: /Name/ }).getAttribute("aria-sort")).toBe("descending");
    expect(screen.getByRole("columnheader", { name: "Id" }).getAttribute("aria-sort")).toBeNull();
  });

  it("offers 25, 50, 100 and 250 rows a page and starts again at page 1 on a change", async () => {
    const user = userEvent.setup();
    renderUi(<Harness total={300} />, { url: "/?page=2" });
    const size = screen.getByLabelText("Rows per page") as HTMLSelectElement;
    expect([...size.options].map((o) => o.value)).toEqual(["25", "50", "100", "250"]);
    await user.selectOptions(size, "100");
    expect(search().get("per_page")).toBe("100");
    expect(search().get("page")).toBe("1");
    expect(screen.getAllByRole("row")).toHaveLength(101);
  });

  it("shows at most 7 slots and jumps 5 pages with the … buttons", async () => {
    const user = userEvent.setup();
    renderUi(<Harness total={1000} />, { url: "/?page=10" });
    const slots = () => pager().getAllByRole("listitem").length - 2; // without previous and next
    expect(slots()).toBeLessThanOrEqual(7);
    await user.click(pager().getByRole("button", { name: "Forward 5 pages" }));
    expect(search().get("page")).toBe("15");
    await user.click(pager().getByRole("button", { name: "Back 5 pages" }));
    expect(search().get("page")).toBe("10");
    await user.click(pager().getByRole("button", { name: "Next page" }));
    expect(search().get("page")).toBe("11");
    expect(slots()).toBeLessThanOrEqual(7);
  });

  it("moves a page past the end back to the last page", () => {
    renderUi(<Harness total={60} />, { url: "/?page=9" });
    expect(search().get("page")).toBe("3");
    expect(screen.getByText("51–60 of 60")).toBeTruthy();
  });

  it("says so when there is nothing", () => {
    renderUi(<Harness total={0} />);
    expect(screen.getByText("No matching data")).toBeTruthy();
    expect(screen.getByText("No rows")).toBeTruthy();
  });
});
