import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { PushTestClient } from "./push-test-client.ts";

/** What the earlier fuzzing found on the push socket (issue 8): connections cut without a close frame. */
describe.each(DATABASES)("push socket before auth on %s", (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(kind, { PUSH_AUTH_TIMEOUT_MS: "2000" });
  });
  afterAll(async () => {
    await srv?.close();
  });

  it("answers a burst of 300 pings before auth, then authenticates", async () => {
    const { access_token } = await srv.login("staff");
    const c = new PushTestClient(srv.url);
    await c.opened;
    let pongs = 0;
    c.ws.on("pong", () => pongs++);
    for (let i = 0; i < 300; i++) c.ws.ping(Buffer.from(String(i)));
    c.send({ type: "auth", token: access_token });
    const ready = await c.nextOfType("ready");
    expect(ready.type).toBe("ready");
    expect(pongs).toBe(300);
    c.close();
  });

  it("closes with 1009 and a reason, not a cut connection, when a frame is over the limit", async () => {
    for (const first of [null, "not json"]) {
      const c = new PushTestClient(srv.url);
      await c.opened;
      // a frame after the server already closed (bad first message) must not cut the close short either
      if (first) c.send(first);
      c.send("x".repeat(5000));
      const closed = await c.closedWithin(5000);
      expect(closed.code, JSON.stringify(closed)).toBe(first ? 4400 : 1009);
    }
  });
});
