import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderUi } from "../../../test/render.tsx";
import { ExportTray } from "./ExportTray.tsx";
import { exportStore } from "./export-store.ts";

const start = (id: string) =>
  exportStore.dispatch({ type: "start", id, report: "Status", title: "Status", file: "status.csv" });

afterEach(() => {
  for (const j of exportStore.get()) exportStore.dispatch({ type: "dismiss", id: j.id });
});

describe("the export tray", () => {
  it("stays out of the way for exports that the page's button shows", () => {
    renderUi(<ExportTray />);
    act(() => {
      start("small");
      exportStore.dispatch({ type: "headers", id: "small", total: 500 });
    });
    expect(screen.queryByRole("region", { name: "Exports" })).toBeNull();
  });

  it("shows a named progress bar past 10,000 rows, then the download", () => {
    renderUi(<ExportTray />);
    act(() => {
      start("big");
      exportStore.dispatch({ type: "headers", id: "big", total: 20_000 });
      exportStore.dispatch({ type: "progress", id: "big", received: 5_000 });
    });
    const tray = screen.getByRole("region", { name: "Exports" });
    const bar = within(tray).getByRole("progressbar", { name: "Status export: 5,000 of 20,000 rows" });
    expect(bar.getAttribute("aria-valuenow")).toBe("25");
    expect(within(tray).getByRole("button", { name: "Cancel Status export" })).toBeTruthy();
    expect(screen.getByText("The Status export runs in the background.").getAttribute("aria-live")).toBe("polite");

    act(() => exportStore.dispatch({ type: "done", id: "big", rows: 20_000, url: "blob:x", file: "status-1.csv" }));
    expect(within(tray).queryByRole("progressbar")).toBeNull();
    const link = within(tray).getByRole("link", { name: "Download status-1.csv" });
    expect(link.getAttribute("download")).toBe("status-1.csv");
    expect(screen.getByText("The Status export is ready: 20,000 of 20,000 rows.").getAttribute("role")).toBe("status");
  });
});
