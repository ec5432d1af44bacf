import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { screenWidth } from "../../../test/media.ts";
import { renderUi, testMe } from "../../../test/render.tsx";
import { ImportsPanel } from "./ImportsPanel.tsx";

const anImport = (n: number, status: string) => ({
  id: n,
  uuid: `0b7c5c1e-0000-4000-8000-00000000000${n}`,
  kind: "students",
  status,
  progress: 2400,
  total_rows: 2400,
  error_count: status === "done" ? 1250 : 0,
  created_at: `2026-11-2${n}T15:0${n}:00.000Z`,
  finished_at: status === "done" ? `2026-11-2${n}T15:0${n}:09.000Z` : null,
  user: { id: 3, first_name: "Sam", last_name: "Admin" },
});

function openImports() {
  stubGraphql({
    importsList: () => ({
      imports: { total: 2, data: [anImport(2, "running"), anImport(1, "done")] },
      school: { id: 1, timezone: "America/New_York" },
    }),
  });
  renderUi(<ImportsPanel />, { url: "/Settings?tab=imports", me: testMe(3) });
}

/** The imports list of /Settings?tab=imports, as every list of the app. */
describe("the imports list", () => {
  afterEach(() => vi.restoreAllMocks());

  it("links the upload's time in the table's size (sm), not a larger one of the link's own", async () => {
    openImports();
    const link = await screen.findByRole("link", { name: "11/22/2026, 10:02 AM" });
    expect(link.getAttribute("href")).toBe("/Imports/0b7c5c1e-0000-4000-8000-000000000002");
    expect(link.closest("table")).not.toBeNull();
    // Mantine's Table writes its cells in font size sm; an Anchor without a size is md (16 px)
    expect(link.style.getPropertyValue("--text-fz")).toBe("var(--mantine-font-size-sm)");
    const table = screen.getByRole("table", { name: "The school's imports, newest first" });
    expect(within(table).getByText("1,250")).toBeTruthy();
  });

  it("on a 390 px phone shows cards, not a table that scrolls sideways", async () => {
    screenWidth(390);
    openImports();
    const link = await screen.findByRole("link", { name: "11/21/2026, 10:01 AM" });
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("region", { name: /scrolls sideways/ })).toBeNull();
    const cards = screen.getByRole("list", { name: "The school's imports, newest first" });
    expect(cards.contains(link)).toBe(true);
    expect(within(cards).getAllByRole("listitem")).toHaveLength(2);
    expect(
      within(cards).getByRole("progressbar", { name: "Progress of the import of 11/21/2026, 10:01 AM" }),
    ).toBeTruthy();
  });
});
