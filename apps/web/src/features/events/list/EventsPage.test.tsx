import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubGraphql } from "../../../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../../../test/render.tsx";
import EventsPage from "./EventsPage.tsx";

const noEvents = () => ({
  school: { id: 1, timezone: "America/New_York", warning_percentage: 70 },
  events: { total: 0, data: [] },
});

/** /Events with no row: a role that sees only its own events (and public ones) is told so. */
describe("EventsPage's empty list", () => {
  it("tells a Coach that no upcoming event is assigned to them or public", async () => {
    stubGraphql({ eventsList: noEvents });
    renderUi(<EventsPage />, { url: "/Events", me: testMe(7) });
    expect(await screen.findByText("No upcoming events assigned to you or public")).toBeTruthy();
  });

  it("tells an administrator that the school has no event in the state asked for", async () => {
    stubGraphql({ eventsList: noEvents });
    renderUi(<EventsPage />, { url: "/Events?state=past", me: testMe(3) });
    expect(await screen.findByText("No past events")).toBeTruthy();
  });
});
