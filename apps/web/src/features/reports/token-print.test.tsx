import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { renderUi } from "../../../test/render.tsx";
import { tokenConfig } from "./pages/token.tsx";
import { ReportPage } from "./ReportPage.tsx";
import { reportNamed } from "./report-list.ts";

function openTokens(url: string) {
  stubGraphql({
    reportSchool: () => ({ school: { id: 1, timezone: "America/New_York" } }),
    tokenReport: () => ({
      tokenReport: {
        total: 1,
        data: [
          { id: 1, uuid: "s-1", first_name: "Ava", last_name: "Lee", school_identifier: "S1", token: "AB12CD34EF" },
        ],
      },
    }),
  });
  const info = reportNamed("Token");
  if (!info) throw new Error("no Token report");
  renderUi(<ReportPage info={info} config={tokenConfig} />, { url });
}

/**
 * The Tokens report is printed for handing out: before groups or classes are chosen there is no
 * list, and Print (like Export) waits for them, saying why, rather than printing the prompt.
 */
describe("the Tokens report's Print", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("waits for groups or classes", async () => {
    openTokens("/Reports/Token");
    expect(await screen.findByText("Choose groups or classes to see their tokens.")).toBeTruthy();
    const print = screen.getByRole("button", { name: "Print" });
    expect(print).toHaveProperty("disabled", true);
    expect(print.getAttribute("title")).toBe("Choose the report's filters first.");
  });

  it("prints the chosen group's tokens", async () => {
    openTokens("/Reports/Token?teams=2");
    expect(await screen.findByText("AB12CD34EF")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Print" })).toHaveProperty("disabled", false);
  });
});

describe("a report's prompt to choose its filters", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is a polite status, not an alert that interrupts every visit", async () => {
    openTokens("/Reports/Token");
    const prompt = await screen.findByRole("status", { name: "Choose the filters" });
    expect(prompt.textContent).toContain("Choose groups or classes to see their tokens.");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
