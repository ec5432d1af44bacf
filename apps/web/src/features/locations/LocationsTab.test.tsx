import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../../test/render.tsx";
import { LocationsTab } from "./LocationsTab.tsx";

/** The locations' counts are figures like every other: grouped (formatCount), "1,204", not "1204". */
describe("the Locations tab's counts", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("groups the thousands of a campus hall's classes", async () => {
    stubGraphql({
      locationsList: () => ({
        locations: {
          total: 1,
          data: [
            {
              id: 1,
              name: "Main Hall",
              place_id: null,
              latitude: 42.6526,
              longitude: -73.7562,
              radius: 80,
              beacons_count: 1010,
              courses_count: 1204,
            },
          ],
        },
      }),
    });
    renderUi(<LocationsTab />, { url: "/Settings?tab=locations", me: testMe(3) });
    const table = await screen.findByRole("table", { name: "Locations" });
    const row = await within(table).findByRole("row", { name: /Main Hall/ });
    expect(within(row).getByText("1,204")).toBeTruthy();
    expect(within(row).getByText("1,010")).toBeTruthy();
  });
});
