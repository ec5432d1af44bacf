import { sql } from "drizzle-orm";
import { getIntrospectionQuery } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_DATABASE, startServer, type TestServer } from "../../test/harness.ts";
import { MAX_PATH_PART } from "../http/errors.ts";
import { MAX_ALIASES, MAX_DEPTH } from "./limits.ts";

/** Whatever a client sends to /graphql/query, the answer is a 4xx with a message, never a 500. */
describe.each(ONE_DATABASE)("GraphQL bad input on %s", (kind) => {
  let srv: TestServer;
  let token: string;
  let searchToken: string;
  const auth = () => ({ authorization: `Bearer ${token}` });
  beforeAll(async () => {
    srv = await startServer(kind);
    const t = await srv.login("school_admin");
    token = t.access_token;
    searchToken = t.search_token;
  });
  afterAll(() => srv.close());

  const errorsOf = async (res: Response) => {
    const body = (await res.json()) as { message?: string; errors?: { message: string; extensions?: any }[] };
    return body;
  };

  it("answers malformed JSON with 400 and a message", async () => {
    const res = await srv.post("/graphql/query", "{ not json", auth());
    expect(res.status).toBe(400);
    expect((await errorsOf(res)).message).toMatch(/not valid JSON/);
  });

  it("answers a body without a query with 400", async () => {
    const res = await srv.post("/graphql/query", { variables: {} }, auth());
    expect(res.status).toBe(400);
    const body = await errorsOf(res);
    expect(body.errors?.[0]?.message).toMatch(/query/i);
  });

  it("says the query is missing from an empty object, naming the field, without parser internals", async () => {
    const missing = { errors: [{ message: "query is required", extensions: { code: "BAD_REQUEST", field: "query" } }] };
    for (const body of ["{}", '{"query":null}', '{"query":""}', '{"variables":{}}', '{"operationName":"x"}']) {
      const res = await srv.post("/graphql/query", body, auth());
      expect(res.status, body).toBe(400);
      expect(await res.json(), body).toEqual(missing);
    }
    const get = await fetch(`${srv.url}/graphql/query`, {
      headers: { ...auth(), "x-requested-with": "XMLHttpRequest" },
    });
    expect(get.status).toBe(400);
    expect(await get.json()).toEqual(missing);
  });

  it("names the field of every other request parameter of the wrong kind", async () => {
    const cases: [string, string, string][] = [
      ['{"query":5}', "query", "query must be a string"],
      ['{"query":["{ me { id } }"]}', "query", "query must be a string"],
      ['{"query":"{ me { id } }","variables":"{}"}', "variables", "variables must be a JSON object"],
      ['{"query":"{ me { id } }","variables":[]}', "variables", "variables must be a JSON object"],
      ['{"query":"{ me { id } }","extensions":1}', "extensions", "extensions must be a JSON object"],
      ['{"query":"{ me { id } }","operationName":5}', "operationName", "operationName must be a string"],
    ];
    for (const [body, field, message] of cases) {
      const res = await srv.post("/graphql/query", body, auth());
      expect(res.status, body).toBe(400);
      expect(await res.json(), body).toEqual({ errors: [{ message, extensions: { code: "BAD_REQUEST", field } }] });
    }
    // JSON that is not an object has no fields at all: the body is named
    for (const body of ["[]", "[{}]", "1", "null", "true", '"{ me { id } }"']) {
      const res = await srv.post("/graphql/query", body, auth());
      expect(res.status, body).toBe(400);
      expect(await res.json(), body).toEqual({
        errors: [
          {
            message: "The request body must be a JSON object with the field query",
            extensions: { code: "BAD_REQUEST", field: "body" },
          },
        ],
      });
    }
    // a POST with no body at all is told so, as one with an empty JSON body is
    const none = await fetch(`${srv.url}/graphql/query`, {
      method: "POST",
      headers: { ...auth(), "x-requested-with": "XMLHttpRequest" },
    });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ message: "The request body is required", errors: { body: ["is required"] } });
    // a right request still runs, with operationName and variables
    const ok = await srv.post(
      "/graphql/query",
      { query: "query Me { me { id } }", operationName: "Me", variables: {}, extensions: {} },
      auth(),
    );
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as any).data.me.id).toEqual(expect.any(Number));
  });

  it("answers a JSON body sent as text/plain with 415 and a JSON message naming application/json", async () => {
    const res = await srv.post(
      "/graphql/query",
      { query: "{ me { id } }" },
      { ...auth(), "content-type": "text/plain" },
    );
    expect(res.status).toBe(415);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      message: "The request body must be JSON, sent with Content-Type: application/json",
      errors: { body: ["must be JSON, sent with Content-Type: application/json"] },
    });
  });

  it("answers an unknown field with 400 GRAPHQL_VALIDATION_FAILED naming it", async () => {
    const r = await srv.gql(token, "{ me { id no_such_field } }");
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(r.body.errors?.[0]?.message).toContain("no_such_field");
  });

  it("refuses a subscription as a request error with its code, from a plain or an SSE client", async () => {
    const query = "subscription { me { id } }";
    // text/event-stream is what an SSE client (graphql-sse, Yoga's own) asks for
    for (const accept of ["application/json", "text/event-stream"]) {
      const res = await srv.post("/graphql/query", { query }, { ...auth(), accept });
      expect(res.status, accept).toBe(400);
      const body = await errorsOf(res);
      expect(body.errors?.[0]?.extensions?.code, accept).toBe("GRAPHQL_VALIDATION_FAILED");
      expect(body.errors?.[0]?.message, accept).toMatch(/^Subscriptions are not served.*\/api\/v2\/push/);
    }
    const get = await fetch(`${srv.url}/graphql/query?query=${encodeURIComponent(query)}`, {
      headers: { ...auth(), accept: "text/event-stream" },
    });
    expect(get.status).toBe(400);
    expect((await errorsOf(get)).errors?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
    // without a token the answer is the query's: 401 UNAUTHENTICATED
    const stranger = await srv.post("/graphql/query", { query }, { accept: "text/event-stream" });
    expect(stranger.status).toBe(401);
    expect((await errorsOf(stranger)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("answers variables of the wrong type with 400, not 500", async () => {
    const r = await srv.gql(token, "query($p: Int) { students(page: $p) { total } }", { p: "two" });
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0]?.message).toMatch(/\$p/);
    // a code and the variable named, as every other request error (decision 0120)
    expect(r.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_REQUEST", field: "variables.p" });
    const missing = await srv.gql(token, "mutation($id: Int!) { closeTask(id: $id) { id } }", {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_REQUEST", field: "variables.id" });
    const notObject = await srv.post("/graphql/query", { query: "{ me { id } }", variables: "x" }, auth());
    expect(notObject.status).toBeGreaterThanOrEqual(400);
    expect(notObject.status).toBeLessThan(500);
  });

  it("answers a 2 MB body with 413", async () => {
    const res = await srv.post("/graphql/query", { query: `{ me { id } } # ${"x".repeat(2 * 1024 * 1024)}` }, auth());
    expect(res.status).toBe(413);
    // the refusal says the limit (1 MiB), naming the body as a field
    expect(await errorsOf(res)).toEqual({
      message: "The request body must be at most 1048576 bytes",
      errors: { body: ["must be at most 1048576 bytes"] },
    });
  });

  it("refuses a mutation sent with GET", async () => {
    const q = encodeURIComponent("mutation { closeTask(id: 1) { id } }");
    const res = await fetch(`${srv.url}/graphql/query?query=${q}`, { headers: auth() });
    expect(res.status).toBe(405);
    const ok = await fetch(`${srv.url}/graphql/query?query=${encodeURIComponent("{ me { id } }")}`, {
      headers: auth(),
    });
    expect(ok.status).toBe(200);
  });

  it("refuses a query nested deeper than the limit", async () => {
    let inner = "name";
    for (let i = 0; i < MAX_DEPTH + 5; i++) inner = `ofType { ${inner} }`;
    const r = await srv.gql(token, `{ __schema { types { fields { type { ${inner} } } } } }`);
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0]?.message).toMatch(/nested deeper than 15/);
    // a normal introspection-style query still passes
    const fine = await srv.gql(token, "{ __schema { types { name fields { name type { name ofType { name } } } } } }");
    expect(fine.status).toBe(200);
    expect(fine.body.data).toBeTruthy();
    const full = await srv.gql(token, getIntrospectionQuery());
    expect(full.status).toBe(200);
    expect(full.body.data.__schema.queryType.name).toBe("Query");
  });

  it("refuses too many aliases and a fragment bomb, quickly", async () => {
    const aliases = Array.from({ length: MAX_ALIASES + 10 }, (_, i) => `a${i}: statuses { id }`).join(" ");
    const r = await srv.gql(token, `{ ${aliases} }`);
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0]?.message).toMatch(/more than 15 aliases/);
    // each fragment doubles the one below: 2^30 fields if expanded naively
    const frags = Array.from({ length: 30 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`);
    frags.push("fragment F30 on Query { statuses { id } }");
    const started = Date.now();
    const bomb = await srv.gql(token, `query { ...F0 } ${frags.join(" ")}`);
    expect(bomb.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("answers a missing, unknown, expired or revoked token with 401", async () => {
    expect((await srv.gql(null, "{ me { id } }")).status).toBe(401);
    expect((await srv.gql("not-a-real-token", "{ me { id } }")).status).toBe(401);
    const bad = await srv.post("/graphql/query", { query: "{ me { id } }" }, { authorization: "Basic abc" });
    expect(bad.status).toBe(401);

    const expiring = await srv.login("staff");
    expect((await srv.gql(expiring.access_token, "{ me { id } }")).status).toBe(200);
    await srv.database.db.execute(
      sql`update access_tokens set expires_at = now() - interval '1 minute' where user_id = ${expiring.user.id}`,
    );
    expect((await srv.gql(expiring.access_token, "{ me { id } }")).status).toBe(401);

    const revoked = await srv.login("judge");
    await srv.post("/api/v2/logout", {}, { authorization: `Bearer ${revoked.access_token}` });
    const r = await srv.gql(revoked.access_token, "{ me { id } }");
    expect(r.status).toBe(401);
    expect(r.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("lets the search token reach searchConfig only", async () => {
    const ok = await srv.gql(searchToken, "{ searchConfig { provider } }");
    expect(ok.status).toBe(200);
    expect(ok.body.data.searchConfig.provider).toBe("built-in");
    for (const q of ["{ me { id } }", "{ students { total } }", "mutation { closeTask(id: 1) { id } }"]) {
      const r = await srv.gql(searchToken, q);
      expect(r.status).toBeLessThan(500);
      expect(r.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
  });

  it("answers bad arguments with BAD_USER_INPUT naming the field", async () => {
    const cases: [string, string][] = [
      ["{ students(page: 0) { total } }", "page"],
      ["{ students(per_page: 100000) { total } }", "per_page"],
      // the spec's 99999 is for the unpaged lookups only, not a way past the cap of every list
      ["{ students(per_page: 99999) { total } }", "per_page"],
      ["{ attendance(per_page: 251) { total } }", "per_page"],
      ["{ schools(per_page: 99999) { total } }", "per_page"],
      ['{ students(sort_by: "password") { total } }', "sort_by"],
      ['{ courses(sort_dir: "sideways") { total } }', "sort_dir"],
      ['{ students(relation: "course", relation_uuid: "nope") { total } }', "relation_uuid"],
      ['{ courses(state: "gone") { total } }', "state"],
      ['{ tasks(sort_by: "password_hash") { total } }', "sort_by"],
      ['{ schools(sort_by: "secret") { total } }', "sort_by"],
      [`{ students(query: "${"x".repeat(201)}") { total } }`, "query"],
      [`{ courses(query: "${"x".repeat(201)}") { total } }`, "query"],
      // sort keys come from a list: prototype names are not keys
      ...["__proto__", "constructor", "toString", "hasOwnProperty"].flatMap((key): [string, string][] => [
        [`{ students(sort_by: "${key}") { total } }`, "sort_by"],
        [`{ courses(sort_by: "${key}") { total } }`, "sort_by"],
        [`{ attendance(sort_by: "${key}") { total } }`, "sort_by"],
        [`{ tasks(sort_by: "${key}") { total } }`, "sort_by"],
        [`{ schools(sort_by: "${key}") { total } }`, "sort_by"],
      ]),
    ];
    for (const [q, field] of cases) {
      const r = await srv.gql(token, q);
      expect(r.status, q).toBeLessThan(500);
      expect(r.body.errors?.[0]?.extensions?.field, q).toBe(field);
    }
  });

  it("refuses U+0000 in text, in the document or in variables, before it reaches the database", async () => {
    const lit = await srv.gql(token, '{ students(query: "a\\u0000") { total } }');
    expect(lit.status).toBe(400);
    expect(lit.body.errors?.[0]?.message).toMatch(/U\+0000/);
    const vars = await srv.gql(token, "query($q: String) { courses(query: $q) { total } }", { q: "a\u0000" });
    expect(vars.status).toBe(400);
    expect(vars.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "q" });
    const nested = await srv.gql(
      token,
      'mutation($e: String!) { inviteUser(email: "x@y.org", first_name: $e, role_id: 7) { id } }',
      {
        e: "Ni\u0000a",
      },
    );
    expect(nested.status).toBe(400);
    const rest = await srv.post("/api/v2/password/forgot", { email: "a\u0000@example.org" });
    expect(rest.status).toBe(400);
    expect(((await rest.json()) as { errors: Record<string, string[]> }).errors.email).toBeTruthy();
  });

  it("never answers 500 to odd bodies on the REST sign-in routes", async () => {
    const routes = [
      "/api/v2/login",
      "/api/v2/logout",
      "/api/v2/password/forgot",
      "/api/v2/password/reset",
      "/api/v2/checkInvitation",
      "/api/v2/register",
      "/api/v2/email/confirm",
    ];
    const bodies = [
      "null",
      "[]",
      "42",
      '"text"',
      "{}",
      '{"email": 5, "password": ["x"], "token": {}}',
      '{"email": "a@b.co", "password": "xxxxxxxxxx", "token": "not-a-uuid"}',
      `{"token": "00000000-0000-0000-0000-000000000000", "password": "abcdefgh1", "password_confirmation": "abcdefgh1", "first_name": "A", "last_name": "B", "email": "a@b.co"}`,
      `{"email": "${"a".repeat(5000)}@b.co", "password": "x"}`,
    ];
    for (const route of routes) {
      for (const body of bodies) {
        const res = await srv.post(route, body, { authorization: "Bearer nonsense" });
        expect(res.status, `${route} ${body.slice(0, 80)}`).toBeLessThan(500);
        const payload = (await res.json()) as { message?: string; data?: unknown };
        // a refusal carries a message (only "forgot" answers 200 to a well-formed address)
        if (res.status >= 400) expect(payload.message, route).toBeTruthy();
        else expect(route).toBe("/api/v2/password/forgot");
      }
    }
  });

  it("answers a path with a broken %-escape in our shape, without Fastify's error code", async () => {
    for (const path of ["/api/v2/students/%E0%A4%A", "/Students/%E0%A4%A", "/api/v2/device/%ZZ/schedule"]) {
      const res = await fetch(`${srv.url}${path}`, { headers: auth() });
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toEqual({ message: "The request path is not a valid URL (a broken %-escape)" });
    }
  });

  it("says which limit a path part over MAX_PATH_PART passes, where it answered a bare Bad request", async () => {
    const long = "x".repeat(MAX_PATH_PART + 1);
    for (const path of [
      `/api/v2/signup/${long}`,
      `/api/v2/calendar/${long}/courses/a.ics`,
      `/api/v2/reports/${long}/export.csv`,
      // a long part before the route's end: the router passes the route by, and the answer is the same
      `/api/v2/signup/${long}/status`,
      `/api/v2/nothing-here/${long}`,
    ]) {
      const res = await fetch(`${srv.url}${path}`, { headers: auth() });
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toEqual({
        message: `A part of the request path is longer than ${MAX_PATH_PART} characters`,
      });
    }
    // at the bound the route runs: an unknown event
    const res = await fetch(`${srv.url}/api/v2/signup/${"x".repeat(MAX_PATH_PART)}`);
    expect(res.status).toBe(404);
  });

  it("never answers 500 to odd requests", async () => {
    const odd: [string, RequestInit][] = [
      [
        "/graphql/query",
        { method: "POST", headers: { "content-type": "text/plain", ...auth() }, body: "{ me { id } }" },
      ],
      ["/graphql/query", { method: "POST", headers: { "content-type": "application/json", ...auth() }, body: "[]" }],
      ["/graphql/query", { method: "POST", headers: { "content-type": "application/json", ...auth() }, body: "null" }],
      [
        "/graphql/query",
        { method: "POST", headers: { "content-type": "application/json", ...auth() }, body: '{"query": 5}' },
      ],
      ["/graphql/query", { method: "PUT", headers: auth() }],
      ["/graphql/query?query=%7B", { headers: auth() }],
    ];
    for (const [path, init] of odd) {
      const res = await fetch(srv.url + path, {
        ...init,
        headers: { "x-requested-with": "XMLHttpRequest", ...(init.headers as Record<string, string>) },
      });
      expect(res.status, `${init.method ?? "GET"} ${path} ${init.body ?? ""}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${init.method ?? "GET"} ${path} ${init.body ?? ""}`).toBeLessThan(500);
    }
  });
});

describe("sign-in rate limit and X-Forwarded-For", () => {
  const attempts = async (srv: TestServer) => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await srv.post(
        "/api/v2/login",
        { email: "someone@example.org", password: "guess-number-1" },
        { "x-forwarded-for": `10.0.0.${i + 1}` },
      );
      codes.push(res.status);
    }
    return codes;
  };

  it("cannot be dodged with a made-up X-Forwarded-For when no proxy is trusted (the default)", async () => {
    const srv = await startServer("pglite", { LOGIN_ADDRESS_FAILURES: "3" });
    try {
      expect(await attempts(srv)).toEqual([401, 401, 401, 429, 429, 429]);
    } finally {
      await srv.close();
    }
  });

  it("counts each forwarded client apart behind a trusted proxy (TRUST_PROXY=1)", async () => {
    const srv = await startServer("pglite", { LOGIN_ADDRESS_FAILURES: "3", TRUST_PROXY: "1" });
    try {
      expect(await attempts(srv)).toEqual([401, 401, 401, 401, 401, 401]);
    } finally {
      await srv.close();
    }
  });
});
