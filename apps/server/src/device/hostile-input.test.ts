import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { makeStudent, phone, schoolsOf } from "../engine/test-fixtures.ts";
import { deepJsonText } from "../fuzz/hostile.ts";
import { MAX_JSON_DEPTH } from "../http/json-body.ts";
import { MAX_EXTRA_BYTES, MAX_EXTRA_DEPTH } from "./schemas.ts";

/** What the earlier fuzzing found in the device API (issue 8): each a 500 or a silent acceptance. */
describe.each(DATABASES)("hostile device input on %s", (kind) => {
  let srv: TestServer;
  let p: ReturnType<typeof phone>;
  beforeAll(async () => {
    srv = await startServer(kind);
    const school = (await schoolsOf(srv.services.db)).demo;
    p = phone(srv.url, (await makeStudent(srv.services.db, school.id)).token);
  });
  afterAll(async () => {
    await srv?.close();
  });
  const now = () => new Date().toISOString();
  /** `extra` nested `depth` levels: {"a":{"a":...{"a":1}}} */
  const nested = (depth: number) => deepJsonText(depth, "object");
  const pingWithExtra = (id: string, extra: string) =>
    `{"pings":[{"id":"${id}","recorded_at":"${now()}","latitude":1,"longitude":1,"extra":${extra}}]}`;

  it("answers 400 naming the body for JSON nested thousands deep, on the device API and REST alike", async () => {
    for (const depth of [5000, 10_000, 100_000]) {
      const ping = await p.post("pings", pingWithExtra("deep", deepJsonText(depth, "object")));
      expect(ping.status, `extra ${depth} deep`).toBe(400);
      expect(((await ping.json()) as any).errors).toEqual({ body: [`nests deeper than ${MAX_JSON_DEPTH} levels`] });
      const register = await p.post("register", deepJsonText(depth, "array"));
      expect(register.status).toBe(400);
      const login = await srv.post("/api/v2/login", deepJsonText(depth, "mixed"));
      expect(login.status).toBe(400);
      expect(((await login.json()) as any).errors).toEqual({ body: [`nests deeper than ${MAX_JSON_DEPTH} levels`] });
    }
  });

  it(`bounds extra to ${MAX_EXTRA_DEPTH} levels and ${MAX_EXTRA_BYTES} bytes, naming the field`, async () => {
    const ok = await p.post("pings", pingWithExtra("e8", nested(MAX_EXTRA_DEPTH)));
    expect(ok.status).toBe(200);
    const deep = await p.post("pings", pingWithExtra("e9", nested(MAX_EXTRA_DEPTH + 1)));
    expect(deep.status).toBe(400);
    expect(((await deep.json()) as any).errors).toEqual({
      "pings.0.extra": [`must nest at most ${MAX_EXTRA_DEPTH} levels deep`],
    });
    // bytes, not characters: 2,100 two-byte characters pass a 4,000-character count
    const big = await p.post("pings", pingWithExtra("eb", JSON.stringify({ note: "\u00e9".repeat(2100) })));
    expect(big.status).toBe(400);
    expect(((await big.json()) as any).errors).toEqual({
      "pings.0.extra": [`must be at most ${MAX_EXTRA_BYTES} bytes of JSON`],
    });
  });

  it("tells a ping id its own problem: NUL or broken Unicode, length, blank, a fraction, below 0", async () => {
    const ids = ["a\u0000b", "\udc00", "\ud800x", "x".repeat(101), " ", 1.5, -1, true];
    const res = await p.pings(ids.map((id) => ({ id, recorded_at: now(), latitude: 1, longitude: 1 })));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      "pings.0.id": ["must not contain NUL or broken Unicode characters"],
      "pings.1.id": ["must not contain NUL or broken Unicode characters"],
      "pings.2.id": ["must not contain NUL or broken Unicode characters"],
      "pings.3.id": ["must be at most 100 characters"],
      "pings.4.id": ["is required"],
      "pings.5.id": ["must be a whole number"],
      "pings.6.id": ["must be at least 0"],
      "pings.7.id": ["must be a string"],
    });
    expect(res.body.message).toBe("pings.0.id must not contain NUL or broken Unicode characters");
    // text and whole numbers still pass, a number as its text
    const good = await p.pings([
      { id: "café-1", recorded_at: now(), latitude: 1, longitude: 1 },
      { id: 42, recorded_at: now(), latitude: 1, longitude: 1 },
    ]);
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.data.accepted).toBe(2);
  });

  it("takes recorded_at only as a full ISO 8601 instant with a zone (or epoch milliseconds)", async () => {
    const day = now().slice(0, 10);
    const local = now().slice(0, 19);
    const bad = [`${day}T24:00:00Z`, local, `${now()}\u0000`, `${local}+0200`, `${day}T10:00Z`, `${day} 10:00:00Z`];
    const res = await p.pings(bad.map((recorded_at, i) => ({ id: `r${i}`, recorded_at, latitude: 1, longitude: 1 })));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(bad.map((_, i) => `pings.${i}.recorded_at`).sort());
    expect(res.body.errors["pings.0.recorded_at"]).toEqual(["must be an ISO 8601 date-time with a zone"]);
    const offset = new Date(Date.now() + 2 * 3600_000).toISOString().slice(0, 19);
    const good = await p.pings([
      { id: "z", recorded_at: now(), latitude: 1, longitude: 1 },
      { id: "o", recorded_at: `${offset}+02:00`, latitude: 1, longitude: 1 },
      { id: "n", recorded_at: Date.now(), latitude: 1, longitude: 1 },
    ]);
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.data.accepted).toBe(3);
  });
});
