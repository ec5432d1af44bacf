import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense, use, useState } from "react";
import { flushSync } from "react-dom";
import { useSearchParams } from "react-router";
import { describe, expect, it } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { DataGrid } from "./DataGrid.tsx";
import { useGridParams } from "./useGridParams.ts";
import { useGridSelection } from "./useGridSelection.ts";

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

  it("sets its caption outside the sideways scroll, where a phone wraps it, and is still named by it", () => {
    renderUi(<Harness total={3} />);
    const table = screen.getByRole("table", { name: "People" });
    const scroller = ".mantine-TableScrollContainer-scrollContainer";
    expect(table.closest(scroller)).not.toBeNull();
    expect(screen.getByText("People").closest(scroller)).toBeNull();
  });

  it("sets its caption above the table, as the app's other tables do (captionSide top)", () => {
    renderUi(<Harness total={3} />);
    const table = screen.getByRole("table", { name: "People" });
    const caption = screen.getByText("People");
    expect(caption.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("writes the range's numbers with a thousands separator", () => {
    renderUi(<Harness total={10716} />, { url: "/?page=41" });
    expect(screen.getByText("1,001–1,025 of 10,716")).toBeTruthy();
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

  it("says nothing of the rows while its first page loads (not 'No rows')", () => {
    function FirstLoad() {
      const grid = useGridParams({ sort_by: "name", sortable: ["name"] });
      return (
        <DataGrid<Row>
          caption="People"
          columns={[{ key: "name", header: "Name", sortBy: "name" }]}
          rows={undefined}
          total={undefined}
          loading
          rowKey={(r) => r.id}
          grid={grid}
        />
      );
    }
    renderUi(<FirstLoad />);
    expect(screen.queryByText("No rows")).toBeNull();
    expect(screen.queryByText("No matching data")).toBeNull();
    expect(pager().getByRole("button", { name: "Page 1" })).toBeTruthy();
  });
});

/** A grid with selection, a toolbar and a link column, in the table or the phone (cards) layout. */
function Selectable({ total, layout = "table" }: { total: number; layout?: "table" | "cards" }) {
  const grid = useGridParams({ sort_by: "name", sortable: ["name"] });
  const selection = useGridSelection<number>();
  const { page, per_page } = grid.params;
  const rows: Row[] = [];
  for (let i = (page - 1) * per_page; i < Math.min(total, page * per_page); i++)
    rows.push({ id: i, name: `Row ${i + 1}` });
  return (
    <DataGrid
      caption="People"
      columns={[
        { key: "name", header: "Name", sortBy: "name", href: (r) => `/People/${r.id}`, phone: "title" },
        { key: "id", header: "Id" },
      ]}
      rows={rows}
      total={total}
      rowKey={(r) => r.id}
      rowLabel={(r) => r.name}
      grid={grid}
      selection={selection}
      layout={layout}
      toolbar={
        <button type="button" disabled={selection.count === 0}>
          Act on {selection.count}
        </button>
      }
    />
  );
}

describe("DataGrid selection", () => {
  it("names each row's checkbox after the row and selects all rows shown from the header", async () => {
    const user = userEvent.setup();
    renderUi(<Selectable total={30} />);
    const all = screen.getByRole("checkbox", { name: "Select all rows shown" }) as HTMLInputElement;
    expect(screen.getByText("0 selected")).toBeTruthy();
    await user.click(screen.getByRole("checkbox", { name: "Select Row 2" }));
    expect(screen.getByText("1 selected")).toBeTruthy();
    expect(all.indeterminate || all.getAttribute("data-indeterminate") !== null).toBe(true);
    expect(screen.getByRole("button", { name: "Act on 1" })).toBeTruthy();
    await user.click(all);
    expect(screen.getByText("25 selected")).toBeTruthy();
    expect((screen.getByRole("checkbox", { name: "Select Row 25" }) as HTMLInputElement).checked).toBe(true);
    await user.click(all);
    expect(screen.getByText("0 selected")).toBeTruthy();
  });

  it("keeps the selection across pages and clears it on request", async () => {
    const user = userEvent.setup();
    renderUi(<Selectable total={30} />);
    await user.click(screen.getByRole("checkbox", { name: "Select Row 1" }));
    await user.click(pager().getByRole("button", { name: "Page 2" }));
    expect(screen.getByRole("checkbox", { name: "Select Row 26" })).toBeTruthy();
    await user.click(screen.getByRole("checkbox", { name: "Select Row 26" }));
    expect(screen.getByText("2 selected")).toBeTruthy();
    await user.click(pager().getByRole("button", { name: "Page 1" }));
    expect((screen.getByRole("checkbox", { name: "Select Row 1" }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(screen.getByText("0 selected")).toBeTruthy();
  });

  it("renders a column as a link", () => {
    renderUi(<Selectable total={3} />);
    expect(screen.getByRole("link", { name: "Row 3" }).getAttribute("href")).toBe("/People/2");
  });

  it("shows cards on a phone: the title as the link, the other columns labelled, sorting by a select", async () => {
    const user = userEvent.setup();
    renderUi(<Selectable total={3} layout="cards" />);
    expect(screen.queryByRole("table")).toBeNull();
    const list = screen.getByRole("list", { name: "People" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    expect(within(list).getByRole("link", { name: "Row 1" })).toBeTruthy();
    expect(within(list).getAllByText("Id")).toHaveLength(3);
    await user.click(screen.getByRole("checkbox", { name: "Select all shown" }));
    expect(screen.getByText("3 selected")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Ascending" }));
    expect(search().get("sort_dir")).toBe("desc");
  });
});

/** Two grid changes in one go (before a re-render): the second builds on the first. */
function QuickChanges() {
  const grid = useGridParams({ sort_by: "name", sortable: ["name", "id"] });
  return (
    <button
      type="button"
      onClick={() => {
        grid.setPerPage(50);
        grid.toggleSort("id");
        grid.setPage(3);
        grid.updateQuery((q) => {
          q.set("query", "ann");
          return q;
        });
      }}
    >
      Go
    </button>
  );
}

/**
 * A page whose render of a descending sort waits (as a slow page does), so that write's transition
 * stays pending with the old URL on screen, and which re-renders at once on "Tick" meanwhile.
 */
function HeldSort({ held }: { held: { promise: Promise<void>; done: boolean } }) {
  const grid = useGridParams({ sort_by: "name", sortable: ["name", "id"] });
  const [ticks, setTicks] = useState(0);
  return (
    <>
      <button type="button" onClick={() => grid.toggleSort("name")}>
        Sort
      </button>
      <button type="button" onClick={() => setTicks(ticks + 1)}>
        Tick {ticks}
      </button>
      <button
        type="button"
        onClick={() => {
          // a discrete event renders the page at once (focus, hover), then its handler writes
          flushSync(() => setTicks(ticks + 1));
          grid.setPerPage(50);
        }}
      >
        Fifty
      </button>
      <Suspense fallback="Waiting">
        <SlowOnDescending held={held} />
      </Suspense>
    </>
  );
}

function SlowOnDescending({ held }: { held: { promise: Promise<void>; done: boolean } }) {
  const [query] = useSearchParams();
  if (query.get("sort_dir") === "desc" && !held.done) use(held.promise);
  return <p>Shown: {query.get("sort_dir")}</p>;
}

describe("useGridParams", () => {
  it("keeps a write whose render is still pending when the page re-renders with the old URL meanwhile", async () => {
    let release = () => {};
    const held = { done: false, promise: new Promise<void>((r) => (release = r)) };
    held.promise.then(() => {
      held.done = true;
    });
    renderUi(<HeldSort held={held} />, { url: "/?sort_by=name&sort_dir=asc" });
    // React settles a suspended transition inside act() at once; the browser keeps it pending,
    // so this test clicks as the browser does, outside act()
    const actEnv = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnv.IS_REACT_ACT_ENVIRONMENT = false;
    const pause = () => new Promise((r) => setTimeout(r, 50));
    try {
      screen.getByRole("button", { name: "Sort" }).click();
      await pause();
      // the descending sort is written, its render waits: the old URL is still the one shown
      expect(screen.getByText("Shown: asc")).toBeTruthy();
      screen.getByRole("button", { name: "Tick 0" }).click();
      await waitFor(() => expect(screen.getByRole("button", { name: "Tick 1" })).toBeTruthy());
      expect(screen.getByText("Shown: asc")).toBeTruthy();
      expect(screen.getByText("Shown: asc")).toBeTruthy();
      screen.getByRole("button", { name: "Fifty" }).click();
      await pause();
      release();
      await waitFor(() => expect(screen.getByText("Shown: desc")).toBeTruthy());
      expect(Object.fromEntries(search())).toEqual({ sort_by: "name", sort_dir: "desc", per_page: "50", page: "1" });
    } finally {
      actEnv.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });

  it("starts again from the URL when it moves without the grid (a link, the back button)", async () => {
    const user = userEvent.setup();
    renderUi(<ForeignMove />, { url: "/?page=2" });
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    await user.click(screen.getByRole("button", { name: "Page 4" }));
    expect(Object.fromEntries(search())).toMatchObject({ page: "4", query: "bob" });
  });

  it("builds each URL change on the latest one, not on the query of the last render", async () => {
    const user = userEvent.setup();
    renderUi(<QuickChanges />, { url: "/?page=2&per_page=25" });
    await user.click(screen.getByRole("button", { name: "Go" }));
    expect(Object.fromEntries(search())).toEqual({
      page: "3",
      per_page: "50",
      sort_by: "id",
      sort_dir: "asc",
      query: "ann",
    });
  });
});

/** The grid's writes, and a link-like move of the URL made without it. */
function ForeignMove() {
  const grid = useGridParams({ sort_by: "name", sortable: ["name"] });
  const [, setSearch] = useSearchParams();
  return (
    <>
      <button type="button" onClick={() => setSearch(new URLSearchParams("query=bob"))}>
        Elsewhere
      </button>
      <button type="button" onClick={() => grid.setPage(4)}>
        Page 4
      </button>
    </>
  );
}
