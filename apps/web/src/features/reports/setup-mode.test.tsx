import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { renderUi } from "../../../test/render.tsx";
import { setupConfig } from "./pages/setup.tsx";
import { ReportPage } from "./ReportPage.tsx";
import { reportNamed } from "./report-list.ts";

/**
 * A link with a mode that is none of the Setup report's (an old bookmark, "mode=not_set_up"): its
 * select showed "Participants without a phone" while the call went out with the unknown mode and
 * was refused ("must be one of no_device, …"). The page takes its default mode instead, and the
 * select shows the mode in effect.
 */
describe("the Setup report opened with an unknown mode", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("runs with its default mode, which its select shows", async () => {
    const calls = stubGraphql({
      reportSchool: () => ({ school: { id: 1, timezone: "America/New_York" } }),
      setupReport: (v) =>
        v.mode === "no_device"
          ? { setupReport: { total: 0, data: [] } }
          : Promise.reject(new Error(`mode ${String(v.mode)} must be one of no_device, …`)),
    });
    const info = reportNamed("Setup");
    if (!info) throw new Error("no Setup report");
    renderUi(<ReportPage info={info} config={setupConfig} />, { url: "/Reports/Setup?mode=not_set_up" });

    await waitFor(() => expect(screen.getByTestId("location").textContent).toContain("mode=no_device"));
    expect(await screen.findByText("Total: 0")).toBeTruthy();
    expect((screen.getByRole("combobox", { name: "Show" }) as HTMLSelectElement).value).toBe("no_device");
    expect(calls.filter((c) => c.operation === "setupReport").map((c) => c.variables.mode)).not.toContain("not_set_up");
  });
});
