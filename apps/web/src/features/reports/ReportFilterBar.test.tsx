import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { renderUi } from "../../../test/render.tsx";
import { facilityConfig } from "./pages/facility.tsx";
import { statusConfig } from "./pages/status.tsx";
import { tokenConfig } from "./pages/token.tsx";
import { ReportFilterBar } from "./ReportFilterBar.tsx";
import type { ReportConfig } from "./report-config.ts";
import { EMPTY_FILTERS, type FilterKey, type ReportFilters } from "./report-filters.ts";

/** The Status report's dates, as its page holds them (the URL's filters): every change the bar sends is listed. */
function Harness({ errors = {} }: { errors?: Partial<Record<FilterKey, string>> }) {
  const [filters, setFilters] = useState<ReportFilters>({
    ...EMPTY_FILTERS,
    start_date: "2026-10-28",
    end_date: "2026-11-26",
  });
  const [sent, setSent] = useState<string[]>([]);
  return (
    <>
      <ReportFilterBar
        config={{ ...statusConfig, filters: ["start_date", "end_date"] } as ReportConfig<unknown>}
        title="Status"
        filters={filters}
        errors={errors}
        onChange={(patch) => {
          setSent((s) => [...s, `${patch.start_date ?? "none"} to ${patch.end_date ?? "none"}`]);
          setFilters((f) => ({ ...f, ...patch }));
        }}
      />
      <output data-testid="sent">{sent.join("; ")}</output>
    </>
  );
}

const dates = () => within(screen.getByRole("search", { name: "Filter the Status report" }));

describe("the report filter bar's dates, typed", () => {
  it("sends a typed range once both ends are dates, and never a reversed one", async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    const start = dates().getByRole("textbox", { name: "Start date" });
    const end = dates().getByRole("textbox", { name: "End date" });
    expect(start).toHaveProperty("value", "10/28/2026");
    expect(end).toHaveProperty("value", "11/26/2026");

    // an end before the start: refused on its box, the filters stay as they were
    await user.clear(end);
    await user.type(end, "10/01/2026");
    expect(screen.getByText("End date must be on or after the start date (10/28/2026)")).toBeTruthy();
    expect(screen.getByTestId("sent").textContent).toBe("");

    await user.clear(start);
    await user.type(start, "09/15/2026");
    expect(screen.getByTestId("sent").textContent).toBe("2026-09-15 to 2026-10-01");
    expect(screen.queryByText(/End date must/)).toBeNull();
  });

  it("shows the page's own word on the end it is about", () => {
    renderUi(<Harness errors={{ end_date: "end_date must be at most 730 days after start_date (two years)" }} />);
    const end = dates().getByRole("textbox", { name: "End date" });
    expect(end.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(/at most 730 days/)).toBeTruthy();
    expect(dates().getByRole("textbox", { name: "Start date" }).hasAttribute("aria-invalid")).toBe(false);
  });
});

describe("the report filter bar's day (the Facility report)", () => {
  it("words its format as the date range's does: Month/day/year", () => {
    renderUi(
      <ReportFilterBar
        config={{ ...facilityConfig, filters: ["date"] } as ReportConfig<unknown>}
        title="Facility"
        filters={{ ...EMPTY_FILTERS, date: "2026-11-27" }}
        errors={{}}
        onChange={() => {}}
      />,
    );
    const day = within(screen.getByRole("search", { name: "Filter the Facility report" })).getByRole("textbox", {
      name: "Day",
    });
    const described = (day.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "");
    expect(described).toContain("Month/day/year");
  });
});

describe("the report filter bar's lists that pick the rows (the Tokens report)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads Pick, not All, while nothing is chosen: an empty list is no participant", () => {
    stubGraphql({});
    renderUi(
      <ReportFilterBar
        config={tokenConfig as ReportConfig<unknown>}
        title="Tokens"
        filters={EMPTY_FILTERS}
        errors={{}}
        onChange={() => {}}
      />,
    );
    const bar = within(screen.getByRole("search", { name: "Filter the Tokens report" }));
    expect(bar.getByRole("combobox", { name: "Groups" }).getAttribute("placeholder")).toBe("Pick groups");
    expect(bar.getByRole("combobox", { name: "Classes" }).getAttribute("placeholder")).toBe("Pick classes");
  });

  it("a list that narrows the rows (the Status report's classes) still reads All", () => {
    stubGraphql({});
    renderUi(
      <ReportFilterBar
        config={statusConfig as ReportConfig<unknown>}
        title="Status"
        filters={EMPTY_FILTERS}
        errors={{}}
        onChange={() => {}}
      />,
    );
    const bar = within(screen.getByRole("search", { name: "Filter the Status report" }));
    expect(bar.getByRole("combobox", { name: "Classes" }).getAttribute("placeholder")).toBe("All classes");
  });
});
