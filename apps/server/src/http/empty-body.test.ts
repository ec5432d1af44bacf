import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";

/**
 * Bodies refused before any route runs (decision 0120): every route family answers them in the
 * API's words, naming `body`, never with Fastify's own text. Content-Type: application/json with
 * nothing after it is a missing body.
 */
describe.each(ONE_DATABASE)("refused request bodies on %s", (kind) => {
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

  /** A POST as each route family's client sends it, with its own Content-Type and body text. */
  const families = () =>
    [
      ["REST", `${srv.url}/api/v2/login`, { "x-requested-with": "XMLHttpRequest" }],
      [
        "GraphQL",
        `${srv.url}/graphql/query`,
        { "x-requested-with": "XMLHttpRequest", authorization: `Bearer ${token}` },
      ],
      ["device", `${srv.url}/api/v2/device/pings`, { authorization: "Bearer not-a-token" }],
    ] as const;
  let token = "";
  const send = (url: string, headers: Record<string, string>, type: string | null, body: string) =>
    fetch(url, { method: "POST", headers: { ...headers, ...(type === null ? {} : { "content-type": type }) }, body });
  const answer = async (family: string, res: Response) => {
    const body = (await res.json()) as Record<string, unknown>;
    if (family === "device") expect(body.server_time).toEqual(expect.any(String));
    delete body.server_time;
    return { status: res.status, body };
  };

  it("answers 415 naming application/json to a body of any other type, valid JSON included", async () => {
    token = (await srv.login("school_admin")).access_token;
    const wanted = "must be JSON, sent with Content-Type: application/json";
    const refused = { status: 415, body: { message: `The request body ${wanted}`, errors: { body: [wanted] } } };
    const json = JSON.stringify({ query: "{ me { id } }", email: "a@b.c", password: "x", pings: [] });
    for (const [family, url, headers] of families())
      for (const type of [
        "text/plain",
        "text/plain; charset=utf-8",
        "application/xml",
        "application/x-www-form-urlencoded",
      ])
        expect(await answer(family, await send(url, headers, type, json)), `${family} ${type}`).toEqual(refused);
    // a body without any Content-Type (fetch would add text/plain to a string: a Blob adds none)
    for (const [family, url, headers] of families()) {
      const res = await fetch(url, { method: "POST", headers, body: new Blob([json]) });
      expect(await answer(family, res), `${family} without a type`).toEqual(refused);
    }
  });

  it("says a body with a __proto__ or constructor.prototype key is refused for that key", async () => {
    token = (await srv.login("school_admin")).access_token;
    const problem = "must not hold a __proto__ or constructor.prototype key";
    const refused = { status: 400, body: { message: `The request body ${problem}`, errors: { body: [problem] } } };
    const bodies = [
      '{"query":"{ me { id } }","__proto__":{"x":1}}',
      '{"pings":[{"id":"a","__proto__":{}}]}',
      '{"email":"a@b.c","constructor":{"prototype":{"admin":true}}}',
    ];
    for (const [family, url, headers] of families())
      for (const body of bodies)
        expect(await answer(family, await send(url, headers, "application/json", body)), `${family} ${body}`).toEqual(
          refused,
        );
    // broken JSON is still told it is not JSON
    for (const [family, url, headers] of families())
      expect((await answer(family, await send(url, headers, "application/json", '{"__proto__":'))).body).toEqual({
        message: "The request body is not valid JSON",
        errors: { body: ["is not valid JSON"] },
      });
  });
});
