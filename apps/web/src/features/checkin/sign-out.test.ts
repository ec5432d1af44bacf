import { afterEach, describe, expect, it, vi } from "vitest";
import { readDevice, saveDevice } from "./device-store.ts";
import { installationId } from "./installation-id.ts";
import { STILL_LINKED, signOut } from "./sign-out.ts";

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
}

/** The school server as the phone meets it: answers `status` to every call and keeps what was sent. */
function server(status: number | "offline"): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url, method: String(init.method), headers: init.headers as Record<string, string> });
    if (status === "offline") throw new TypeError("Failed to fetch");
    const body = status === 200 ? { data: { signed_out: true } } : { message: "refused" };
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  return sent;
}

const signedIn = () =>
  saveDevice({
    token: "personal-token",
    student: { first_name: "Ada", last_name: "L", preferred_name: null },
    offline_secret: null,
  });

describe("Sign out on the check-in app", () => {
  afterEach(() => localStorage.clear());

  it("lets the server release this phone, as this phone, then forgets the student", async () => {
    signedIn();
    const sent = server(200);
    expect(await signOut("personal-token")).toBeNull();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: "/api/v2/device/sign-out", method: "POST" });
    expect(sent[0]?.headers.Authorization).toBe("Bearer personal-token");
    expect(sent[0]?.headers["X-Device-Token"]).toBe(installationId());
    expect(readDevice()).toBeNull();
    // the phone keeps its own id: it names the phone, not the student
    expect(localStorage.getItem("rollbook.checkin.installation")).toBe(installationId());
  });

  it("signs out anyway when the server is not reached, and says the phone is still linked", async () => {
    signedIn();
    server("offline");
    expect(await signOut("personal-token")).toBe(STILL_LINKED);
    expect(readDevice()).toBeNull();
  });

  it("says nothing when this phone was not the student's active phone (409)", async () => {
    signedIn();
    server(409);
    expect(await signOut("personal-token")).toBeNull();
    expect(readDevice()).toBeNull();
  });
});
