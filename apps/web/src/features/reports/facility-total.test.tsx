import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { renderUi } from "../../../test/render.tsx";
import { facilityConfig } from "./pages/facility.tsx";
import { ReportPage } from "./ReportPage.tsx";
import { reportNamed } from "./report-list.ts";

/** The server's answer for a day: its 24 hour buckets, `busy` ones with a participant's pings. */
const day = (busy: readonly number[]) => ({
  facilityReport: {
    date: "2026-11-20",
    location_name: "Gym",
    students: busy.length > 0 ? 1 : 0,
    pings: busy.length * 4,
    timezone: "America/Chicago",
    hours: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      students: busy.includes(hour) ? 1 : 0,
      pings: busy.includes(hour) ? 4 : 0,
    })),
  },
});

function openFacility(busy: readonly number[]) {
  stubGraphql({
    reportSchool: () => ({ school: { id: 1, timezone: "America/Chicago" } }),
    reportLocationOptions: () => ({ courses: { data: [{ id: 1, location: { id: 3, name: "Gym" } }] } }),
    facilityReport: () => day(busy),
  });
  const info = reportNamed("Facility");
  if (!info) throw new Error("no Facility report");
  renderUi(<ReportPage info={info} config={facilityConfig} />, {
    url: "/Reports/Facility?location_id=3&date=2026-11-20",
  });
}

/**
 * The Facility report's grid has a row per hour of the day, with activity or without (the server's
 * 24 hour buckets): its total counts hours, and says so. A bare "Total: 24" over a day without
 * activity (the chart: "No activity…") read as 24 of something that was not there.
 */
describe("the Facility report's total", () => {
  it("on a day without activity: 24 hours, the grid's 24 rows, and no participants", async () => {
    openFacility([]);
    expect(await screen.findByText("Total: 24 hours")).toBeTruthy();
    expect(screen.getByText("No activity at this location on this day.")).toBeTruthy();
    expect(screen.getByText("Participants over the day: 0")).toBeTruthy();
    const grid = screen.getByRole("table", { name: "Activity by hour" });
    // the header row and a row per hour
    expect(within(grid).getAllByRole("row")).toHaveLength(25);
    expect(screen.getByText("1–24 of 24")).toBeTruthy();
  });

  it("on a busy day the same 24 hours", async () => {
    openFacility([9, 10]);
    expect(await screen.findByText("Total: 24 hours")).toBeTruthy();
    expect(screen.getByText("Participants over the day: 1")).toBeTruthy();
  });
});
