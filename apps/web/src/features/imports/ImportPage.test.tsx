import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../../test/render.tsx";
import ImportPage from "./ImportPage.tsx";

const UUID = "0b7c5c1e-0000-4000-8000-000000000001";
/** An import as the server answers it: `rejected_rows` is its count of rows not written, listed or not. */
const anImport = (
  total_rows: number,
  row_errors: { line: number; reason: string }[],
  rejected_rows = row_errors.filter((e) => e.line > 0).length,
) => ({
  id: 1,
  uuid: UUID,
  kind: "students",
  status: "done",
  progress: total_rows,
  total_rows,
  rejected_rows,
  created_at: "2026-11-29T20:59:51.000Z",
  finished_at: "2026-11-29T20:59:53.000Z",
  row_errors,
  user: { id: 3, first_name: "Sam", last_name: "Admin" },
});

function renderImport(imp: ReturnType<typeof anImport>) {
  stubGraphql({ importOne: () => ({ import: imp, school: { id: 1, timezone: "America/New_York" } }) });
  renderUi(
    <Routes>
      <Route path="/Imports/:uuid" element={<ImportPage />} />
    </Routes>,
    { url: `/Imports/${UUID}`, me: testMe(3) },
  );
}

/** The import page's counts read as English: "1 row", not "1 rows". */
describe("ImportPage, counts", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("one row imported, three not: the server's count, with the row past the listed two", async () => {
    renderImport(
      anImport(
        4,
        [
          { line: 2, reason: "email: must be a valid e-mail address" },
          { line: 3, reason: "last_name is required" },
          { line: 0, reason: "1 more row had errors: only the first 2 are listed" },
        ],
        3,
      ),
    );
    expect(await screen.findByText("Done: 1 row imported, 3 not.")).toBeTruthy();
    expect(screen.getByText("4 of 4 rows (100%)")).toBeTruthy();
  });

  it("counts the rows with errors past a long list of them as not imported", async () => {
    const listed = Array.from({ length: 1000 }, (_, i) => ({ line: i + 2, reason: "last_name is required" }));
    renderImport(
      anImport(
        2400,
        [...listed, { line: 0, reason: "250 more rows had errors: only the first 1000 are listed" }],
        1250,
      ),
    );
    expect(await screen.findByText("Done: 1,150 rows imported, 1,250 not.")).toBeTruthy();
  });

  it("a file of one row", async () => {
    renderImport(anImport(1, []));
    expect(await screen.findByText("Done: 1 row imported, 0 not.")).toBeTruthy();
    expect(screen.getByText("1 of 1 row (100%)")).toBeTruthy();
  });

  it("thousands with a separator", async () => {
    renderImport(anImport(2400, [{ line: 9, reason: "school_identifier is required" }]));
    expect(await screen.findByText("Done: 2,399 rows imported, 1 not.")).toBeTruthy();
    expect(screen.getByText("2,400 of 2,400 rows (100%)")).toBeTruthy();
  });

  it("names the table of rows not imported by a caption above it", async () => {
    renderImport(anImport(3, [{ line: 2, reason: "first_name: is required" }]));
    const table = await screen.findByRole("table", { name: "Rows of the file not imported, with the reason" });
    expect(within(table).getByRole("row", { name: /first_name: is required/ })).toBeTruthy();
  });
});
