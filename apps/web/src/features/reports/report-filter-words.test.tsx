import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { classConfig } from "./pages/class.tsx";
import { facilityConfig } from "./pages/facility.tsx";
import { statusConfig } from "./pages/status.tsx";
import { ReportPage } from "./ReportPage.tsx";
import type { ReportConfig } from "./report-config.ts";
import { reportNamed } from "./report-list.ts";

/** The server: the school, a location to pick, and `report` (a GraphQL payload) for the report's call. */
function serve(report: Record<string, unknown>) {
  vi.stubGlobal("fetch", async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? "{}")) as { query?: string };
    const op = /\b(?:query|mutation)\s+(\w+)/.exec(body.query ?? "")?.[1];
    const payload =
      op === "reportSchool"
        ? { data: { school: { id: 1, timezone: "America/New_York" } } }
        : op === "reportLocationOptions"
          ? { data: { courses: { data: [{ id: 1, location: { id: 3, name: "Gym" } }] } } }
          : report;
    return new Response(JSON.stringify(payload), { status: 200, headers: { "Content-Type": "application/json" } });
  });
}

function open<Row>(name: string, config: ReportConfig<Row>, url: string) {
  const info = reportNamed(name);
  if (!info) throw new Error(`no ${name} report`);
  renderUi(<ReportPage info={info} config={config} />, { url });
}

/**
 * A filter's problem is said in the filter bar's words, under the filter: "end_date must be at
 * most 730 days after start_date" named the fields by the call's keys, not by their labels.
 */
describe("a report's filter problems name the field as the page does", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("a range over two years (a typed start date, or a shared link)", async () => {
    serve({ errors: [{ message: "the report must not be called" }] });
    open("Status", statusConfig, "/Reports/Status?start_date=2020-01-01&end_date=2026-11-30");
    expect(await screen.findByText("End date must be at most 730 days after the start date (two years)")).toBeTruthy();
    expect(screen.queryByText(/(end_date|start_date) must/)).toBeNull();
  });

  it("the server's refusal of a filter, under it and in the alert", async () => {
    serve({
      errors: [{ message: "location_id is not a location of the school", extensions: { field: "location_id" } }],
    });
    open("Facility", facilityConfig, "/Reports/Facility?location_id=3&date=2026-11-20");
    const shown = await screen.findAllByText("Location is not a location of the school");
    // under the Location picker, and in the alert under the grid's place
    expect(shown).toHaveLength(2);
    expect(screen.queryByText(/location_id is/)).toBeNull();
  });
});

/** A report the server refuses has no total: "Total: …" beside the error read as still loading. */
describe("a refused report", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows its error and no total that never lands", async () => {
    serve({ errors: [{ message: "Course not found", extensions: { code: "NOT_FOUND" } }] });
    open("Class", classConfig, "/Reports/Class?uuid=0b6ab76b-4ce4-4992-ab2f-04bd16731b9a");
    expect(await screen.findByText("Course not found")).toBeTruthy();
    expect(screen.queryByTestId("report-total")).toBeNull();
    expect(screen.queryByText(/^Total:/)).toBeNull();
  });
});
