import { MantineProvider } from "@mantine/core";
import { STATUS } from "@rollbook/domain";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Fix, LocationPermission } from "./location-tracker.ts";
import { ScanPanel } from "./ScanPanel.tsx";
import { NO_FIX_YET_NOTE, NO_LOCATION_NOTE } from "./scan-result.ts";

/** The school server answering every scan with the event's attendance in `status`; keeps the bodies sent. */
function answerScans(status: number): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
    const data = { event: { title: "Science Fair" }, attendance: { status } };
    return new Response(JSON.stringify({ data }), { status: 200, headers: { "Content-Type": "application/json" } });
  });
  return bodies;
}

async function scanWith(lastFix: Fix | null, permission: LocationPermission) {
  render(
    <MantineProvider>
      <ScanPanel token="t" lastFix={lastFix} permission={permission} onCheckedIn={() => {}} onUnauthorized={() => {}} />
    </MantineProvider>,
  );
  await userEvent.type(screen.getByLabelText("Event code"), "rollbook:event:x:12345678");
  await userEvent.click(screen.getByRole("button", { name: "Send code" }));
  return screen.findByRole("alert");
}

describe("the words after a scan that reads pending", () => {
  it("explains it when the phone sent no position: location off", async () => {
    const sent = answerScans(STATUS.pending);
    const alert = await scanWith(null, "denied");
    expect(sent[0]).toEqual({ code: "rollbook:event:x:12345678" });
    expect(alert.textContent).toBe(`Checked inScience Fair: Pending${NO_LOCATION_NOTE}`);
    // inside the live region, so a screen reader hears it with the result
    expect(alert.closest('[role="status"]')).not.toBeNull();
  });

  it("explains it when location is on but no fresh fix was there yet", async () => {
    answerScans(STATUS.pending);
    const old = { latitude: 1, longitude: 2, accuracy: 10, at: Date.now() - 5 * 60_000 };
    expect((await scanWith(old, "granted")).textContent).toContain(NO_FIX_YET_NOTE);
  });

  it("says nothing more when a position went with the scan", async () => {
    const sent = answerScans(STATUS.pending);
    const fresh = { latitude: 1, longitude: 2, accuracy: 10, at: Date.now() };
    const alert = await scanWith(fresh, "granted");
    expect(sent[0]).toMatchObject({ latitude: 1, longitude: 2 });
    expect(alert.textContent).toBe("Checked inScience Fair: Pending");
  });

  it("says nothing more when the scan counted without a position", async () => {
    answerScans(STATUS.present);
    expect((await scanWith(null, "denied")).textContent).toBe("Checked inScience Fair: Present");
  });
});
