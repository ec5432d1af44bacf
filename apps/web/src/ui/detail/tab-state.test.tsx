import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { searchWithTab, tabFromSearch } from "./tab-state.ts";
import { UrlTabs } from "./UrlTabs.tsx";

const TABS = ["courses", "events", "information"] as const;

describe("tab state in the URL", () => {
  it("reads the tab, case-insensitively, and falls back to the default for none or an unknown one", () => {
    expect(tabFromSearch(new URLSearchParams("tab=events"), TABS, "courses")).toBe("events");
    expect(tabFromSearch(new URLSearchParams("tab=EVENTS"), TABS, "courses")).toBe("events");
    expect(tabFromSearch(new URLSearchParams("tab=nope"), TABS, "courses")).toBe("courses");
    expect(tabFromSearch(new URLSearchParams(""), TABS, "courses")).toBe("courses");
    expect(tabFromSearch(new URLSearchParams("view=events"), TABS, "courses", "view")).toBe("events");
  });

  it("writes the tab and keeps other parameters; the default tab is no parameter", () => {
    const q = new URLSearchParams("page=2&tab=events");
    expect(searchWithTab(q, "information", "courses").toString()).toBe("page=2&tab=information");
    expect(searchWithTab(q, "courses", "courses").toString()).toBe("page=2");
    // the input is not changed
    expect(q.toString()).toBe("page=2&tab=events");
  });
});

function Harness() {
  return (
    <UrlTabs label="Sections" tabs={TABS.map((t) => ({ value: t, label: t.toUpperCase(), panel: <p>panel {t}</p> }))} />
  );
}

describe("UrlTabs", () => {
  it("opens the tab the URL names and writes the one chosen by keyboard", async () => {
    const user = userEvent.setup();
    renderUi(<Harness />, { url: "/x?tab=events&page=3" });
    expect(screen.getByRole("tab", { name: "EVENTS" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByText("panel events")).toBeTruthy();
    // only the shown panel is mounted
    expect(screen.queryByText("panel courses")).toBeNull();

    screen.getByRole("tab", { name: "EVENTS" }).focus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "INFORMATION" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByTestId("location").textContent).toBe("?tab=information&page=3");

    // loops past the end back to the first, which is the default: no parameter
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "COURSES" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByTestId("location").textContent).toBe("?page=3");
    expect(screen.getByRole("tablist", { name: "Sections" })).toBeTruthy();
  });
});
