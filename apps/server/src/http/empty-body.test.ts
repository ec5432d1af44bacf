import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";

/**
 * Content-Type: application/json with nothing after it is a missing body: every route family
 * answers it in the API's words, naming `body`, never with Fastify's own text.
 */
describe.each(DATABASES)("an empty JSON body on %s", (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(kind);
  });
  afterAll(() => srv.close());

  const expected = { message: "The request body is required", errors: { body: ["is required"] } };

  it.each([
    ["REST", "/api/v2/login"],
    ["GraphQL", "/graphql/query"],
  ])("%s: 400 naming the body", async (_family, path) => {
    const res = await srv.post(path, "");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(expected);
  });

  it("device: 400 naming the body, with the server's clock as every device answer", async () => {
    const res = await fetch(`${srv.url}/api/v2/device/pings`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer not-a-token" },
      body: "",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ...expected, server_time: expect.any(String) });
  });
});
