import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { makeStudent, schoolsOf } from "../engine/test-fixtures.ts";

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(DATABASES)("server_time in every device answer on %s", (kind) => {
  let srv: TestServer;
  let token: string;

  beforeAll(async () => {
    srv = await startServer(kind);
    token = (await makeStudent(srv.services.db, (await schoolsOf(srv.services.db)).demo.id)).token;
  });
  afterAll(() => srv?.close());

  async function call(method: string, path: string, opts: { token?: string | null; body?: string } = {}) {
    const headers: Record<string, string> = { "content-type": "application/json" };
    const bearer = opts.token === undefined ? token : opts.token;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    const before = Date.now();
    const res = await fetch(`${srv.url}/api/v2/device/${path}`, { method, headers, body: opts.body });
    const after = Date.now();
    return { status: res.status, body: (await res.json()) as Record<string, any>, before, after };
  }

  it("on success, on 400, 401, 404 and 409, next to the answer's own fields", async () => {
    const answers = {
      register: await call("POST", "register", {
        body: JSON.stringify({ type: "web", token: "phone-a-0123456789abcdef" }),
      }),
      schedule: await call("GET", "schedule?date=2026-03-02"),
      badDate: await call("GET", "schedule?date=2026-02-30"),
      badJson: await call("POST", "pings", { body: "{not json" }),
      noToken: await call("POST", "pings", { token: null, body: JSON.stringify({ pings: [] }) }),
      unknown: await call("GET", "no-such-thing"),
      otherPhone: await call("POST", "register", { body: JSON.stringify({ token: "phone-b-0123456789abcdef" }) }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, a]) => [k, a.status]))).toEqual({
      register: 200,
      schedule: 200,
      badDate: 400,
      badJson: 400,
      noToken: 401,
      unknown: 404,
      otherPhone: 409,
    });
    for (const [name, a] of Object.entries(answers)) {
      expect(a.body.server_time, name).toMatch(ISO_UTC);
      const at = Date.parse(a.body.server_time);
      expect(at, name).toBeGreaterThanOrEqual(a.before - 1000);
      expect(at, name).toBeLessThanOrEqual(a.after + 1000);
    }
    // existing fields are kept
    expect(answers.register.body.data.student.id).toBeTypeOf("number");
    expect(answers.schedule.body.data.date).toBe("2026-03-02");
    expect(Object.keys(answers.badDate.body.errors)).toEqual(["date"]);
    expect(answers.badJson.body.errors).toEqual({ body: ["is not valid JSON"] });
    expect(answers.noToken.body.message).toBeTypeOf("string");
    expect(answers.unknown.body.message).toBe("Not found: GET /api/v2/device/no-such-thing");
  });

  it("on a 429 refusal too", async () => {
    const limited = await startServer(kind, { DEVICE_RATE_LIMIT: "1" });
    try {
      const get = () =>
        fetch(`${limited.url}/api/v2/device/schedule?date=2026-03-02`, { headers: { authorization: "Bearer x" } });
      await get();
      const res = await get();
      expect(res.status).toBe(429);
      expect(((await res.json()) as any).server_time).toMatch(ISO_UTC);
    } finally {
      await limited.close();
    }
  });
});
