import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import CheckInApp from "./CheckInApp.tsx";
import { readDevice, saveDevice } from "./device-store.ts";
import { installationId } from "./installation-id.ts";

afterEach(() => localStorage.clear());

it("Sign out asks the server to release this phone, as this phone, before forgetting the student", async () => {
  saveDevice({
    token: "personal-token",
    student: { first_name: "Ada", last_name: "L", preferred_name: null },
    offline_secret: null,
  });
  const calls: { url: string; method: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, method: String(init.method), headers: init.headers as Record<string, string> });
    const data = url.includes("schedule") ? { timezone: "UTC", sessions: [] } : { signed_out: true };
    return new Response(JSON.stringify({ data }), { status: 200, headers: { "Content-Type": "application/json" } });
  });
  render(
    <MantineProvider>
      <CheckInApp />
    </MantineProvider>,
  );
  await userEvent.click(await screen.findByRole("button", { name: "Sign out" }));
  await screen.findByRole("button", { name: "Check in with token" });
  const out = calls.filter((c) => c.url === "/api/v2/device/sign-out");
  expect(out).toHaveLength(1);
  expect(out[0]).toMatchObject({ method: "POST" });
  expect(out[0]?.headers.Authorization).toBe("Bearer personal-token");
  expect(out[0]?.headers["X-Device-Token"]).toBe(installationId());
  await waitFor(() => expect(readDevice()).toBeNull());
  expect(screen.queryByRole("alert")).toBeNull();
});
