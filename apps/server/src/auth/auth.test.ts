import { LOGIN_FAILURE_MESSAGE } from "@rollbook/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoEmail, ONE_DATABASE, startServer, TEST_PASSWORD, type TestServer } from "../../test/harness.ts";

describe.each(ONE_DATABASE)("REST auth on %s", (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(kind);
  });
  afterAll(() => srv.close());

  it("signs in and answers the user with both tokens", async () => {
    const res = await srv.post("/api/v2/login", { email: demoEmail("school_admin"), password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { user: { email: string; role: { id: number } }; access_token: string; search_token: string };
    };
    expect(body.data.user.email).toBe(demoEmail("school_admin"));
    expect(body.data.user.role.id).toBe(3);
    expect(body.data.access_token).toMatch(/^[\w-]{40,}$/);
    expect(body.data.search_token).not.toBe(body.data.access_token);
    expect(JSON.stringify(body)).not.toContain("password");
  });

  it("answers a wrong password and an unknown e-mail alike, with 401 and a message", async () => {
    const wrong = await srv.post("/api/v2/login", { email: demoEmail("staff"), password: "not-the-password" });
    const unknown = await srv.post("/api/v2/login", { email: "nobody@demo.rollbook.test", password: "whatever1" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: LOGIN_FAILURE_MESSAGE });
    expect(await unknown.json()).toEqual({ message: LOGIN_FAILURE_MESSAGE });
  });

  it("names each missing field with 400", async () => {
    const res = await srv.post("/api/v2/login", {});
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(body.errors.email).toEqual(["is required"]);
    expect(body.errors.password).toEqual(["is required"]);
  });

  it("says once that a present field is of the wrong kind, not that it is missing", async () => {
    const res = await srv.post("/api/v2/login", { email: 123, password: [] });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "email must be a string",
      errors: { email: ["must be a string"], password: ["must be a string"] },
    });
    const notObject = await srv.post("/api/v2/login", ["a@b.c", "x"]);
    expect(notObject.status).toBe(400);
    expect(((await notObject.json()) as { errors: unknown }).errors).toEqual({ body: ["must be a JSON object"] });
  });

  it("words over-long fields as every other error does: must be at most N characters", async () => {
    const long = await srv.post("/api/v2/login", {
      email: `${"a".repeat(250)}@example.org`,
      password: "x".repeat(201),
    });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { errors: unknown }).errors).toEqual({
      email: ["must be at most 254 characters"],
      password: ["must be at most 200 characters"],
    });
    const forgot = await srv.post("/api/v2/password/forgot", { email: `${"b".repeat(250)}@example.org` });
    expect(((await forgot.json()) as { message: string }).message).toBe("email must be at most 254 characters");
    const register = await srv.post("/api/v2/register", {
      token: crypto.randomUUID(),
      first_name: "Ann",
      last_name: "L".repeat(101),
      password: "long-enough-1",
      password_confirmation: "long-enough-1",
    });
    expect(register.status).toBe(400);
    expect(await register.json()).toEqual({
      message: "last_name must be at most 100 characters",
      errors: { last_name: ["must be at most 100 characters"] },
    });
  });

  it("answers malformed JSON and oversized bodies with 4xx, never 500", async () => {
    const bad = await srv.post("/api/v2/login", "{not json");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/not valid JSON/);
    const big = await srv.post("/api/v2/login", { email: "a@b.c", password: "x".repeat(2 * 1024 * 1024) });
    expect(big.status).toBe(413);
  });

  it("refuses a state-changing call without the XMLHttpRequest marker", async () => {
    const res = await fetch(`${srv.url}/api/v2/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: demoEmail("staff"), password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(403);
  });

  it("logs out by revoking the token: GraphQL then answers 401", async () => {
    const { access_token } = await srv.login("staff");
    expect((await srv.gql(access_token, "{ me { id } }")).status).toBe(200);
    const out = await srv.post("/api/v2/logout", {}, { authorization: `Bearer ${access_token}` });
    expect(out.status).toBe(200);
    expect((await srv.gql(access_token, "{ me { id } }")).status).toBe(401);
  });
});

describe("rate limit", () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer("pglite", { LOGIN_ADDRESS_FAILURES: "3" });
  });
  afterAll(() => srv.close());

  it("answers 429 after too many login attempts from one client", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await srv.post("/api/v2/login", { email: demoEmail("staff"), password: "wrong-password" })).status);
    }
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    expect(codes[4]).toBe(429);
  });
});
