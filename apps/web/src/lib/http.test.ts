import { afterEach, describe, expect, it, vi } from "vitest";
import { getJson, postJson, RequestError, SERVER_FAULT } from "./http.ts";

const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })),
  );

const refusalOf = async (call: Promise<unknown>) => {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RequestError);
  return err as RequestError;
};

describe("a refused call", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says a server fault in words, whatever the server's own text", async () => {
    answer(500, { message: "Internal server error" });
    const post = await refusalOf(postJson("/graphql/query", {}, { token: null }));
    expect([post.message, post.status, post.fromServer]).toEqual([SERVER_FAULT, 500, false]);
    answer(502, null);
    expect((await refusalOf(getJson("/api/v2/health"))).message).toBe(SERVER_FAULT);
  });

  it("keeps the server's message and field errors for a refusal of the request", async () => {
    answer(400, { message: "email: must be a valid e-mail address", errors: { email: ["must be valid"] } });
    const err = await refusalOf(postJson("/api/v2/login", {}, { token: null }));
    expect([err.message, err.errors, err.fromServer]).toEqual([
      "email: must be a valid e-mail address",
      { email: ["must be valid"] },
      true,
    ]);
  });
});
