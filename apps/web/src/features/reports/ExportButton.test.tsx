import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { ExportButton } from "./ExportButton.tsx";
import { exportStore } from "./export-store.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  for (const j of exportStore.get()) exportStore.dispatch({ type: "dismiss", id: j.id });
});

/**
 * A refused export says what is wrong as the page's filter bar does: "The export failed.
 * end_date: must not be before start_date" named the fields by the call's keys.
 */
describe("a refused report export", () => {
  it("names the filter by its label", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              message: "end_date must not be before start_date",
              errors: { end_date: ["must not be before start_date"] },
            }),
            { status: 400, headers: { "Content-Type": "application/json" } },
          ),
      ),
    );
    renderUi(
      <ExportButton
        report="Status"
        title="Status"
        path="/api/v2/reports/Status/export.csv?start_date=2026-11-30&end_date=2026-11-01"
        file="status.csv"
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("The export failed. End date must not be before the start date")).toBeTruthy();
  });
});
