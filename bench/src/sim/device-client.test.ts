import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { DeviceClient } from "./device-client.ts";

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A server that drops the connection, unanswered, on the first `drops` requests, then answers. */
async function dropping(drops: number) {
  let seen = 0;
  server = createServer((req, res) => {
    seen++;
    req.resume();
    req.on("end", () => {
      if (seen <= drops) req.socket.destroy();
      else res.end(JSON.stringify({ data: { accepted: 1, duplicates: 0 } }));
    });
  });
  await new Promise<void>((ready) => server?.listen(0, "127.0.0.1", ready));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen: () => seen };
}

const ping = { latitude: 1, longitude: 2, accuracy: 5, recorded_at: new Date().toISOString() };

describe("the simulated phone's HTTP", () => {
  it("sends a request again, once, when the connection closed before any answer", async () => {
    const { url, seen } = await dropping(1);
    const phone = new DeviceClient(url, "token");
    const answer = await phone.pings([ping as never]);
    expect(answer.status).toBe(200);
    expect(seen()).toBe(2);
    expect(phone.resent).toBe(1);
  });

  it("gives up on the second close: that is the answer", async () => {
    const { url, seen } = await dropping(2);
    const phone = new DeviceClient(url, "token");
    await expect(phone.pings([ping as never])).rejects.toThrow(/fetch failed/);
    expect(seen()).toBe(2);
  });
});
