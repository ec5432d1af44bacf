import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubGraphql } from "../../../../test/graphql-stub.ts";
import { renderUi, testMe } from "../../../../test/render.tsx";
import TeamsPage from "./TeamsPage.tsx";

const SCHOOL = { id: 1, timezone: "America/New_York", warning_percentage: 70 };
const noTeams = () => ({ school: SCHOOL, teams: { total: 0, data: [] } });

/** /Teams with no row to show: what the empty list says depends on whose teams the viewer sees. */
describe("TeamsPage's empty list", () => {
  it("tells a Professor, who sees only the teams assigned to them, that none is, not that the school has none", async () => {
    stubGraphql({ teamsList: noTeams });
    renderUi(<TeamsPage />, { url: "/Teams", me: testMe(6) });
    expect(await screen.findByText("No teams assigned to you")).toBeTruthy();
    expect(screen.queryByText("No teams yet")).toBeNull();
  });

  it("tells an administrator, who sees every team of the school, that there are none yet", async () => {
    stubGraphql({ teamsList: noTeams });
    renderUi(<TeamsPage />, { url: "/Teams", me: testMe(3) });
    expect(await screen.findByText("No teams yet")).toBeTruthy();
  });

  it("says a search found nothing, for any role", async () => {
    stubGraphql({ teamsList: noTeams });
    renderUi(<TeamsPage />, { url: "/Teams?query=chess", me: testMe(6) });
    expect(await screen.findByText("No matching data")).toBeTruthy();
  });
});
