import { afterEach, describe, expect, it, vi } from "vitest";
import { DeviceError, OFFLINE_MESSAGE, schedule, sendPings } from "./device-api.ts";

const SERVER_FAULT = "The school server had a problem.";

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );
}

const failure = async (call: Promise<unknown>) => {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DeviceError);
  return err as DeviceError;
};

/**
 * What the check-in page shows when a call fails is the error's message (Today's "Showing the list
 * as of", the outbox's "Last attempt:", a scan's result). A server fault read "Internal Server
 * Error" there, the server's own words, which tell a student nothing.
 */
describe("the device API's errors, in a student's words", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("a server fault (5xx) says the school server had a problem, whatever its body, and is retried", async () => {
    answer(500, { message: "Internal Server Error" });
    const err = await failure(schedule("t", "2026-11-30"));
    expect(err.message).toBe(SERVER_FAULT);
    expect(err.status).toBe(500);
    expect(err.transient).toBe(true);
    answer(503, { message: "Service Unavailable" });
    expect((await failure(sendPings("t", []))).message).toBe(SERVER_FAULT);
  });

  it("the server's own refusals keep their words; no network says so", async () => {
    answer(409, { message: "This student's account is already active on another phone. Ask staff to release it." });
    expect((await failure(schedule("t", "2026-11-30"))).message).toBe(
      "This student's account is already active on another phone. Ask staff to release it.",
    );
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    expect((await failure(schedule("t", "2026-11-30"))).message).toBe(OFFLINE_MESSAGE);
  });
});
