import { newStudentToken } from "@rollbook/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "../../test/harness.ts";
import { pings } from "../db/schema/index.ts";
import { engineState } from "../engine/state.ts";
import { MIN, makeStudent, ping, schoolsOf, setToken } from "../engine/test-fixtures.ts";
import { idOf } from "./test-phone.ts";

const today = () => new Date().toISOString().slice(0, 10);

/** Each test's own address: their wrong tokens do not spend one another's budget. */
let address = 0;

/** A phone (its installation id from `name`) sending a student's token as it was typed. */
function typed(srv: TestServer, token: string, name = "case-phone") {
  const headers = {
    "content-type": "application/json",
    authorization: `Bearer ${token}`,
    "x-device-token": idOf(name),
    "x-forwarded-for": `192.0.2.${address}`,
  };
  return {
    schedule: () => fetch(`${srv.url}/api/v2/device/schedule?date=${today()}`, { headers }),
    post: (path: string, body: unknown) =>
      fetch(`${srv.url}/api/v2/device/${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  };
}

/** The token with its first letter in lowercase, as a phone's keyboard capitalising only some letters. */
const oneLower = (token: string) => token.replace(/[A-Z]/, (c) => c.toLowerCase());

const place = { latitude: 40.7128, longitude: -74.006, beacon: "CASE-BEACON" };

/** A personal token is accepted in whatever case it was typed (decision 0404). */
describe.each(DATABASES)("a personal token typed in any case on %s", (kind) => {
  let srv: TestServer;
  let schoolId: number;
  /** a student holding a fresh generated (uppercase) token */
  const student = async (token = newStudentToken("random")) => {
    const st = await makeStudent(srv.services.db, schoolId);
    await setToken(srv.services.db, st.id, token);
    return { ...st, token };
  };

  beforeAll(async () => {
    srv = await startServer(kind, { DEVICE_RATE_LIMIT: "4", DEVICE_TOKEN_FAILURES: "3", TRUST_PROXY: "true" });
    schoolId = (await schoolsOf(srv.services.db)).demo.id;
  });
  afterAll(() => srv?.close());
  beforeEach(() => {
    address++;
  });

  it("signs in a generated token typed in lowercase or mixed case, on every device call", async () => {
    const st = await student();
    const lower = typed(srv, st.token.toLowerCase());
    expect((await typed(srv, st.token).schedule()).status).toBe(200);
    expect((await lower.schedule()).status).toBe(200);
    const registered = await lower.post("register", { type: "web", token: idOf("case-phone") });
    expect(registered.status).toBe(200);
    expect(((await registered.json()) as any).data.student.id).toBe(st.id);
    // pings take the cached path: the ping statement re-checks the student's stored token
    const mixed = typed(srv, oneLower(st.token));
    const sent = await mixed.post("pings", { pings: [ping(new Date(Date.now() - MIN), place as never)] });
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as any).data.accepted).toBe(1);
    expect(await srv.services.db.$count(pings, eq(pings.student_id, st.id))).toBe(1);
  });

  it("refuses the lowercase form of a token once it is reset, cached or not", async () => {
    const st = await student();
    const lower = typed(srv, st.token.toLowerCase(), "reset-phone");
    expect((await lower.post("register", { type: "web", token: idOf("reset-phone") })).status).toBe(200);
    expect((await lower.post("pings", { pings: [ping(new Date(Date.now() - MIN), place as never)] })).status).toBe(200);
    expect(engineState(srv.services).byToken.get(st.token.toLowerCase())?.id).toBe(st.id);
    // the token changes behind the cache's back: the ping statement still refuses the old one
    await setToken(srv.services.db, st.id, newStudentToken("random"));
    expect((await lower.post("pings", { pings: [ping(new Date(Date.now() - MIN), place as never)] })).status).toBe(401);
    expect(engineState(srv.services).byToken.has(st.token.toLowerCase())).toBe(false);
    expect((await lower.schedule()).status).toBe(401);
  });

  it("matches a stored token with lowercase letters exactly, and never folds it", async () => {
    // a pattern's literal kept as typed, or an imported token: its case is part of the token
    const st = await student(`rb-${newStudentToken("random")}`);
    expect((await typed(srv, st.token).schedule()).status).toBe(200);
    expect((await typed(srv, st.token.toUpperCase()).schedule()).status).toBe(401);
    expect((await typed(srv, st.token.toLowerCase()).schedule()).status).toBe(401);
  });

  it("prefers the exact token when another student holds its uppercase form", async () => {
    const base = newStudentToken("random");
    const upper = await student(base);
    const lower = await student(base.toLowerCase());
    // whom a token signed in: the engine's token cache, keyed by the token as sent
    const whose = async (token: string) => {
      expect((await typed(srv, token).schedule()).status).toBe(200);
      return engineState(srv.services).byToken.get(token)?.id;
    };
    expect(await whose(base.toLowerCase())).toBe(lower.id);
    expect(await whose(base)).toBe(upper.id);
    expect(await whose(oneLower(base))).toBe(upper.id);
  });

  it("counts every case of a token in one per-token budget", async () => {
    const st = await student();
    const forms = [st.token, st.token.toLowerCase(), st.token, st.token.toLowerCase()];
    for (const form of forms) expect((await typed(srv, form).schedule()).status).toBe(200);
    // the fifth request of DEVICE_RATE_LIMIT=4, in a case not used yet, waits
    const fifth = await typed(srv, oneLower(st.token)).schedule();
    expect(fifth.status).toBe(429);
  });

  it("still counts wrong tokens typed in lowercase against the address", async () => {
    const st = await student();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await typed(srv, newStudentToken("random").toLowerCase()).schedule()).status);
    expect(codes).toEqual([401, 401, 401, 429]);
    // the address is refused, the right token in lowercase included
    expect((await typed(srv, st.token.toLowerCase()).schedule()).status).toBe(429);
  });
});
