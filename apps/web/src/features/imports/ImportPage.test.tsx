import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../../test/render.tsx";
import ImportPage from "./ImportPage.tsx";

const UUID = "0b7c5c1e-0000-4000-8000-000000000001";
const anImport = (total_rows: number, row_errors: { line: number; reason: string }[]) => ({
  id: 1,
  uuid: UUID,
  kind: "students",
  status: "done",
  progress: total_rows,
  total_rows,
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

  it("one row imported, two not; the file note of line 0 is no row", async () => {
    renderImport(
      anImport(3, [
        { line: 2, reason: "email: must be a valid e-mail address" },
        { line: 3, reason: "last_name is required" },
        { line: 0, reason: "1 more rows had errors: only the first 2 are listed" },
      ]),
    );
    expect(await screen.findByText("Done: 1 row imported, 2 not.")).toBeTruthy();
    expect(screen.getByText("3 of 3 rows (100%)")).toBeTruthy();
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
});
