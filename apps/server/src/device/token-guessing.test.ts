import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { loadConfig } from "../config.ts";
import { students } from "../db/schema/index.ts";
import { makeStudent, schoolsOf } from "../engine/test-fixtures.ts";

const today = () => new Date().toISOString().slice(0, 10);
let guess = 0;
/** A token no student holds, new each time: each guess of the sweep had a fresh per-token bucket. */
const wrongToken = () => `guess-${process.pid}-${++guess}`;

/** A phone behind `address` (the server believes X-Forwarded-For: TRUST_PROXY=true), else 127.0.0.1. */
function phoneAt(srv: TestServer, address: string | null, token: string) {
  const headers: Record<string, string> = { "content-type": "application/json", authorization: `Bearer ${token}` };
  if (address) headers["x-forwarded-for"] = address;
  return {
    schedule: () => fetch(`${srv.url}/api/v2/device/schedule?date=${today()}`, { headers }),
    register: (body: unknown) =>
      fetch(`${srv.url}/api/v2/device/register`, { method: "POST", headers, body: JSON.stringify(body) }),
  };
}

const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

/** Wrong personal tokens per client address (decision 0403): guessing tokens meets a 429. */
describe.each(DATABASES)("wrong device tokens per address on %s", (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(kind, { DEVICE_TOKEN_FAILURES: "5", TRUST_PROXY: "true" });
  });
  afterAll(() => srv?.close());

  it("defaults to 2000 wrong tokens per address per 15 minutes", () => {
    expect(loadConfig({}).DEVICE_TOKEN_FAILURES).toBe(2000);
  });

  it("refuses an address past its wrong tokens, right ones included, before looking a token up", async () => {
    const db = srv.database.db;
    const { demo } = await schoolsOf(db);
    const student = await makeStudent(db, demo.id);
    const address = "203.0.113.10";
    const right = phoneAt(srv, address, student.token as string);
    // right tokens and a right token's bad request use none of the budget
    for (let i = 0; i < 8; i++) expect((await right.schedule()).status).toBe(200);
    expect((await right.register({ type: 42 })).status).toBe(400);
    // guesses one after another: the five of the budget are looked up, then every one is refused
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await phoneAt(srv, address, wrongToken()).schedule()).status);
    expect(codes).toEqual([...Array(5).fill(401), ...Array(3).fill(429)]);
    // guesses at once: at most those in flight pass the limit, and then it holds
    const burst = await Promise.all(Array.from({ length: 6 }, () => phoneAt(srv, address, wrongToken()).schedule()));
    expect(burst.map((r) => r.status)).toEqual(Array(6).fill(429));
    // now even the right token waits, with the refusal every limit gives
    const refused = await right.register({ type: "ios", token: "attacker-phone" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(await messageOf(refused)).toMatch(
      /^Too many wrong personal tokens from this network address\. Try again in 15 minutes\.$/,
    );
    // ...and nothing was done with it: no phone was bound to the student
    const [row] = await db.select().from(students).where(eq(students.id, student.id));
    expect(row?.device_id).toBeNull();
    // a request without a token is still told what is missing
    const bare = await fetch(`${srv.url}/api/v2/device/schedule?date=${today()}`, {
      headers: { "x-forwarded-for": address },
    });
    expect(bare.status).toBe(401);
  });

  it("counts each address apart", async () => {
    const { demo } = await schoolsOf(srv.database.db);
    const student = await makeStudent(srv.database.db, demo.id);
    for (let i = 0; i < 5; i++) expect((await phoneAt(srv, "198.51.100.1", wrongToken()).schedule()).status).toBe(401);
    expect((await phoneAt(srv, "198.51.100.1", student.token as string).schedule()).status).toBe(429);
    expect((await phoneAt(srv, "198.51.100.2", student.token as string).schedule()).status).toBe(200);
    expect((await phoneAt(srv, "198.51.100.2", wrongToken()).schedule()).status).toBe(401);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)("wrong device tokens shared through Redis", () => {
  let one: TestServer;
  let two: TestServer;
  beforeAll(async () => {
    const tag = `${process.pid}-${Date.now()}`;
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL as string,
      REDIS_CHANNEL: `rollbook:push:test:${tag}`,
      RATE_LIMIT_PREFIX: `rollbook:rl:test:${tag}`,
      DEVICE_TOKEN_FAILURES: "4",
    };
    one = await startServer("pglite", env);
    two = await startServer("pglite", env);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it("counts one address's wrong tokens across two server processes", async () => {
    // until its Redis connection is up a process counts alone (store.ts): let both connect
    await one.login("staff");
    await two.login("staff");
    const codes = [];
    for (const srv of [one, two, one, two, one, two])
      codes.push((await phoneAt(srv, null, wrongToken()).schedule()).status);
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
  });
});
