import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../../test/harness.ts";

/** helmet's headers on every answer: the app's pages, its API and the phones' API (decision 0563). */
describe("security headers", () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer("pglite");
  });
  afterAll(() => srv?.close());

  it("come with a missing file, the API and the device API, refusals included", async () => {
    const answers = [
      await fetch(`${srv.url}/no-such-page.js`),
      await fetch(`${srv.url}/api/health`),
      await srv.post("/api/v2/device/pings", { pings: [] }),
    ];
    expect(answers.map((r) => r.status)).toEqual([404, 200, 401]);
    for (const r of answers) {
      await r.arrayBuffer();
      const csp = r.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).not.toContain("upgrade-insecure-requests");
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      expect(r.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(r.headers.get("strict-transport-security")).toContain("max-age=");
    }
  });
});
