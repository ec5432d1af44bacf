import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../../test/harness.ts";
import { MAX_PATH_PART } from "./errors.ts";

/** With the web app served, its catch-all answers what the API's own not-found handler would. */
describe("unmatched paths beside the web app", () => {
  let srv: TestServer;
  let web: string;
  beforeAll(async () => {
    web = fs.mkdtempSync(path.join(os.tmpdir(), "rollbook-not-found-web-"));
    fs.writeFileSync(path.join(web, "index.html"), "<!doctype html><title>Rollbook</title>");
    srv = await startServer("pglite", {}, { webDist: web });
  });
  afterAll(async () => {
    await srv?.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  const get = (p: string) => fetch(`${srv.url}${p}`);

  it("says which limit a long path part passes, wherever in an API path it is", async () => {
    const long = "x".repeat(MAX_PATH_PART + 1);
    for (const p of [`/api/v2/signup/${long}/status`, `/api/v2/calendar/${long}/courses/a.ics`, `/graphql/${long}`]) {
      const res = await get(p);
      expect(res.status, p).toBe(400);
      expect(await res.json(), p).toEqual({
        message: `A part of the request path is longer than ${MAX_PATH_PART} characters`,
      });
    }
  });

  it("names an unknown API path in a 404, and serves the app for a page", async () => {
    const res = await get("/api/v2/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found: GET /api/v2/nothing-here" });
    const page = await get(`/Students/${"x".repeat(MAX_PATH_PART + 1)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>Rollbook</title>");
  });
});
