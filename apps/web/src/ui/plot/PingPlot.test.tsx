import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { PingPlot } from "./PingPlot.tsx";

const fence = { latitude: 42.6526, longitude: -73.7562, radius: 80 };

describe("PingPlot", () => {
  it("draws the fence and each ping, named for screen readers with a list of the pings in words", () => {
    renderUi(
      <PingPlot
        fence={fence}
        placeName="Main Hall"
        pings={[
          { id: 1, latitude: 42.6526, longitude: -73.7562, time: "9:00:00 AM" },
          { id: 2, latitude: 42.6546, longitude: -73.7562, time: "9:00:30 AM" },
          { id: 3, latitude: null, longitude: null, time: "9:01:00 AM" },
        ]}
      />,
    );
    const img = screen.getByRole("img", {
      name: /^Pings around Main Hall: 2 with a position, 1 inside the fence of 80 m$/,
    });
    expect(within(img).getAllByTestId("ping")).toHaveLength(2);
    expect(within(img).getAllByTestId("fence")).toHaveLength(1);
    const items = within(screen.getByRole("list", { name: "Pings in words" })).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "9:00:00 AM: 0 m from the fence centre, inside the fence",
      "9:00:30 AM: 222 m from the fence centre, outside the fence",
    ]);
  });

  it("says so when no ping has a position", () => {
    renderUi(<PingPlot fence={null} pings={[{ id: 1, latitude: null, longitude: null, time: "9:00 AM" }]} />);
    expect(screen.getByText("No pings with a position, and the location has no fence.")).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });
});
