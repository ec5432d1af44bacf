import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { PushTestClient } from "./push-test-client.ts";

/** What an upgrade request gets: the HTTP status it was refused with, or the close code of a socket that opened. */
function upgrade(url: string): Promise<{ status: number } | { closed: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on("unexpected-response", (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      res.resume();
      ws.terminate();
    });
    ws.on("close", (code) => resolve({ closed: code }));
    ws.on("error", reject);
  });
}

/** Only the push channel takes a WebSocket; an upgrade anywhere else is a plain 404, never a socket that dies. */
describe.each(DATABASES)("WebSocket upgrades on %s", (kind) => {
  let srv: TestServer;
  let web = "";
  beforeAll(async () => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), "rollbook-upgrade-web-"));
    fs.writeFileSync(path.join(web, "index.html"), "<!doctype html><title>Rollbook</title>");
    srv = await startServer(kind, {}, { webDist: web });
  });
  afterAll(async () => {
    await srv?.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it("answers 404 without switching protocols on a path without a socket handler", async () => {
    const ws = srv.url.replace(/^http/, "ws");
    // routes of their own (REST, GraphQL, the web app's pages and files), and paths of none
    for (const p of [
      "/api/health",
      "/graphql/query",
      "/",
      "/students/1",
      "/index.html",
      "/api/v2/nothing",
      "/api/v2/push/x",
    ]) {
      expect(await upgrade(ws + p), p).toEqual({ status: 404 });
    }
  });

  it("keeps the push channel: it opens and authenticates", async () => {
    const { access_token } = await srv.login("staff");
    const { client, ready } = await PushTestClient.connect(srv.url, access_token);
    expect(ready.type).toBe("ready");
    client.close();
    // a plain GET there is still the 426 that says how to connect
    expect((await fetch(`${srv.url}/api/v2/push`)).status).toBe(426);
  });
});
