import { screen } from "@testing-library/react";
import { Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { renderRoutes, testMe } from "../../../test/render.tsx";
import { RefusedNotice } from "../../app/shell/RefusedNotice.tsx";
import type { Me } from "../../lib/me.ts";
import ReportRoutePage from "./ReportRoutePage.tsx";

/** /Reports/:report inside the shell's notice, with the Dashboard to be sent to. */
function open(url: string, me: Me) {
  return renderRoutes(
    [
      {
        element: (
          <>
            <RefusedNotice />
            <Outlet />
          </>
        ),
        children: [
          { path: "/Reports/:report", element: <ReportRoutePage /> },
          { path: "/Dashboard", element: <h1>The dashboard</h1> },
        ],
      },
    ],
    { url, me },
  );
}

const advisor = () => testMe(5);

describe("a report the role may not open (spec section 2, decision 0584)", () => {
  for (const [name, title] of [
    ["Beacon", "Beacons"],
    ["Presence", "Presence"],
    ["Facility", "Facility"],
  ] as const) {
    it(`/Reports/${name} sends an academic advisor to the Dashboard, saying why`, async () => {
      const { router } = open(`/Reports/${name}`, advisor());
      expect(await screen.findByRole("heading", { name: "The dashboard" })).toBeTruthy();
      expect(router.state.location.pathname).toBe("/Dashboard");
      expect(
        await screen.findByText(`You do not have access to the ${title} report, so you were taken to the Dashboard.`),
      ).toBeTruthy();
      expect(screen.queryByText("Report not found")).toBeNull();
    });
  }

  it("the Token report without reset_token does the same", async () => {
    // a school admin whose school took reset_token from the role
    const admin = testMe(3);
    admin.role.permissions = { ...admin.role.permissions, reset_token: false };
    const { router } = open("/Reports/Token", admin);
    expect(
      await screen.findByText("You do not have access to the Tokens report, so you were taken to the Dashboard."),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe("/Dashboard");
  });

  it("an unknown report name stays 'Report not found'", async () => {
    const { router } = open("/Reports/Nope", advisor());
    expect(await screen.findByText("Report not found")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/Reports/Nope");
    expect(screen.queryByText(/You do not have access/)).toBeNull();
  });
});
