import { MantineProvider } from "@mantine/core";
import { STATUS } from "@rollbook/domain";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Fix, LocationPermission } from "./location-tracker.ts";
import { CameraError } from "./qr-camera.ts";
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

/** The school server refusing every scan with `status` and `body`. */
function refuseScans(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );
}

const refusal = (reason: string) => ({ message: `code ${reason}`, errors: { code: [reason] } });

describe("the words when a scan is refused", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("a wrong code: a sentence, not the server's field error", async () => {
    refuseScans(400, refusal("is not a Rollbook event code"));
    const alert = await scanWith(null, "granted");
    expect(alert.textContent).toBe(
      "Not checked inThis is not a Rollbook event code. Scan the QR code on the organiser's screen.",
    );
  });

  it("a code too long to be one reads as not an event code, not as a length rule", async () => {
    refuseScans(400, refusal("must be at most 200 characters"));
    const alert = await scanWith(null, "granted");
    expect(alert.textContent).not.toContain("200 characters");
    expect(alert.textContent).toContain("This is not a Rollbook event code.");
  });

  it("a code used twice, and a server fault", async () => {
    refuseScans(409, refusal("was already used: scan the code shown now"));
    expect((await scanWith(null, "granted")).textContent).toBe(
      "Not checked inYou already used this code. Scan the code shown now.",
    );
    cleanup();
    refuseScans(500, { message: "Internal Server Error" });
    expect((await scanWith(null, "granted")).textContent).toBe(
      "Not checked inThe school server had a problem. Try again in a moment.",
    );
  });

  it("without a camera, it points to the offline code: the organiser's screen shows no code to type", () => {
    render(
      <MantineProvider>
        <ScanPanel token="t" lastFix={null} permission="granted" onCheckedIn={() => {}} onUnauthorized={() => {}} />
      </MantineProvider>,
    );
    expect(screen.queryByText(/code shown under the QR code/)).toBeNull();
    expect(screen.getByText(/No camera\? Show your offline code below to a staff member\./)).toBeTruthy();
    expect(new CameraError("missing").message).toBe(
      "No camera was found. Show your offline code to a staff member instead.",
    );
  });
});
