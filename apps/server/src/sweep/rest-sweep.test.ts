import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, type DbKind, demoEmail, startServer, TEST_PASSWORD, type TestServer } from "../../test/harness.ts";
import { makeStudent, schoolsOf } from "../engine/test-fixtures.ts";
import { leakIn, vague } from "./checks.ts";
import { BIG_STRING, labelOf } from "./values.ts";

/**
 * The attacker's sweep of the REST routes (decision 0421): each route's valid-shaped request, then
 * each body field, query parameter and path part replaced by each hostile value, and a few whole
 * bodies that are not an object. No answer is a 5xx or leaks internals (checks.ts), a 400 says what
 * is wrong (not a bare "Bad request") and, with field errors, names the field replaced, and a route for staff or for a phone refuses every
 * other caller. A route the app serves and this table does not list fails the test.
 */
const DB: DbKind = DATABASES.includes("postgres") ? "postgres" : "pglite";

type Who = "public" | "staff" | "device";
interface Route {
  method: "GET" | "POST";
  /** with `:name` parts, filled from `params` */
  path: string;
  who: Who;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

const UUID = "0d4f8a52-7b1e-4c39-9a8e-2f5b6c7d8e9f";
const today = new Date().toISOString().slice(0, 10);
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Every route the app serves (but the push socket, which the fuzz suite covers), with a valid-shaped request. */
const ROUTES: Route[] = [
  { method: "GET", path: "/api/health", who: "public" },
  { method: "POST", path: "/api/v2/login", who: "public", body: { email: "", password: TEST_PASSWORD } },
  { method: "POST", path: "/api/v2/logout", who: "public", body: {} },
  { method: "POST", path: "/api/v2/password/forgot", who: "public", body: { email: "nobody@sweep.test" } },
  {
    method: "POST",
    path: "/api/v2/password/reset",
    who: "public",
    body: { token: UUID, password: "Sweep-password-1", password_confirmation: "Sweep-password-1" },
  },
  { method: "POST", path: "/api/v2/checkInvitation", who: "public", body: { token: UUID } },
  {
    method: "POST",
    path: "/api/v2/register",
    who: "public",
    body: {
      token: UUID,
      first_name: "Sweep",
      last_name: "Test",
      password: "Sweep-password-1",
      password_confirmation: "Sweep-password-1",
    },
  },
  { method: "POST", path: "/api/v2/email/confirm", who: "public", body: { token: UUID } },
  { method: "GET", path: "/api/v2/signup/:uuid", who: "public", params: { uuid: UUID } },
  {
    method: "POST",
    path: "/api/v2/signup/:uuid",
    who: "public",
    params: { uuid: UUID },
    body: { identifier: "sweep@sweep.test" },
  },
  { method: "GET", path: "/api/v2/signup/:uuid/status", who: "public", params: { uuid: UUID }, query: { token: "T" } },
  { method: "POST", path: "/api/v2/signup/:uuid/confirm", who: "public", params: { uuid: UUID }, body: { token: "T" } },
  { method: "POST", path: "/api/v2/signup/:uuid/drop", who: "public", params: { uuid: UUID }, body: { token: "T" } },
  {
    method: "GET",
    path: "/api/v2/calendar/:secret/courses/:file",
    who: "public",
    params: { secret: "s".repeat(43), file: `${UUID}.ics` },
  },
  { method: "GET", path: "/api/v2/students/export.csv", who: "staff", query: { query: "a", state: "active" } },
  {
    method: "GET",
    path: "/api/v2/reports/:page/export.csv",
    who: "staff",
    params: { page: "status" },
    query: { start_date: today, end_date: today },
  },
  { method: "POST", path: "/api/v2/imports", who: "staff", query: { kind: "students" } },
  { method: "GET", path: "/api/v2/device/schedule", who: "device", query: { date: today } },
  {
    method: "POST",
    path: "/api/v2/device/pings",
    who: "device",
    body: { pings: [{ id: "p1", recorded_at: new Date().toISOString(), latitude: 1, longitude: 1 }] },
  },
  { method: "POST", path: "/api/v2/device/scan", who: "device", body: { code: "000000" } },
  // last of the phone's calls: a registered phone binds the token to it
  { method: "POST", path: "/api/v2/device/register", who: "device", body: { token: "sweep-phone-0123456789abcdef01" } },
  { method: "POST", path: "/api/v2/device/sign-out", who: "device", body: {} },
];

/** JSON values for a body field: wrong types, bounds, huge, NUL, a lone surrogate, impossible dates, long lists. */
const HOSTILE_JSON: unknown[] = [
  null,
  -1,
  2 ** 31,
  1e308,
  true,
  "",
  BIG_STRING,
  "a\u0000b",
  "\ud800",
  "2026-02-30",
  "0000-00-00T00:00:00Z",
  "__proto__",
  {},
  { __proto__: { admin: true } },
  [],
  ids(20_000),
  ids(70_000),
];
/** Query parameter values (text only). */
const HOSTILE_QUERY = ["", BIG_STRING, "a\u0000b", "\ud800", "2026-02-30", "__proto__", "%", "-1", "2147483648"];
/** Path parts, as sent: over the 100-character bound (0326cad), broken and odd escapes, traversal. */
const HOSTILE_PATH = ["x".repeat(101), "%", "%00", "%ED%A0%80", "__proto__", "..%2F..%2Fetc%2Fpasswd", "-1"];
/** Whole bodies that are not an object of fields. */
const HOSTILE_BODIES = ["", "null", "[]", '"x"', "{", '{"__proto__":{"admin":true}}', `[${ids(70_000).join(",")}]`];

interface Variant {
  label: string;
  /** the body field or query parameter replaced: a 400 with field errors must name it */
  field?: string;
  path: string;
  payload?: string;
}

function urlOf(r: Route, params = r.params, query: Record<string, string> | undefined = r.query) {
  let path = r.path;
  for (const [k, v] of Object.entries(params ?? {})) path = path.replace(`:${k}`, v);
  const q = query ? new URLSearchParams(query).toString() : "";
  return q ? `${path}?${q}` : path;
}

function variantsOf(r: Route, baselineBody: Record<string, unknown> | undefined): Variant[] {
  const body = (b: unknown) => (r.method === "POST" ? JSON.stringify(b ?? {}) : undefined);
  const out: Variant[] = [];
  for (const [k, _] of Object.entries(baselineBody ?? {}))
    for (const v of HOSTILE_JSON)
      out.push({
        label: `body ${k} = ${labelOf(v)}`,
        field: k,
        path: urlOf(r),
        payload: body({ ...baselineBody, [k]: v }),
      });
  for (const k of Object.keys(r.query ?? {}))
    for (const v of HOSTILE_QUERY)
      out.push({
        label: `query ${k} = ${labelOf(v)}`,
        field: k,
        path: urlOf(r, r.params, { ...r.query, [k]: v }),
        payload: body(baselineBody),
      });
  for (const k of Object.keys(r.params ?? {}))
    for (const v of HOSTILE_PATH)
      out.push({
        label: `path ${k} = ${labelOf(v)}`,
        path: urlOf(r, { ...r.params, [k]: v }),
        payload: body(baselineBody),
      });
  if (r.method === "POST")
    for (const b of HOSTILE_BODIES) out.push({ label: `body ${labelOf(b)}`, path: urlOf(r), payload: b });
  out.push({ label: "baseline", path: urlOf(r), payload: body(baselineBody) });
  return out;
}

interface Caller {
  name: string;
  token: string | null;
  /** the routes this caller may use; every other route must refuse it */
  may: Who[];
}

describe(`the attacker's sweep of the REST routes on ${DB}`, () => {
  let srv: TestServer;
  const callers: Caller[] = [];
  const stats = { calls: 0, started: Date.now() };

  beforeAll(async () => {
    srv = await startServer(DB);
    const admin = await srv.login("school_admin");
    const student = await makeStudent(srv.database.db, (await schoolsOf(srv.database.db)).demo.id);
    callers.push(
      { name: "a stranger (no token)", token: null, may: ["public"] },
      { name: "a student's device token", token: student.token, may: ["public", "device"] },
      { name: "a search token", token: admin.search_token, may: ["public"] },
      { name: "school admin", token: admin.access_token, may: ["public", "staff"] },
    );
  }, 120_000);

  afterAll(async () => {
    await srv?.close();
    const secs = ((Date.now() - stats.started) / 1000).toFixed(1);
    console.log(`attacker's sweep of REST (${DB}): ${ROUTES.length} routes, ${stats.calls} calls in ${secs} s`);
  });

  it("lists every route the app serves", () => {
    const served = new Set<string>();
    // printRoutes draws a tree: a line's path follows its parent's, a deeper indent is a child
    const stack: { depth: number; path: string }[] = [];
    for (const line of srv.app.printRoutes({ commonPrefix: false }).split("\n")) {
      const m = /^([^/]*)(\/\S*)(?: \(([A-Z, ]+)\))?/.exec(line);
      if (!m) continue;
      const depth = m[1]?.length ?? 0;
      while (stack.length && (stack.at(-1)?.depth ?? 0) >= depth) stack.pop();
      const path = (stack.at(-1)?.path ?? "") + m[2];
      stack.push({ depth, path });
      for (const method of m[3]?.split(", ") ?? [])
        if (["GET", "POST", "PUT", "PATCH", "DELETE"].includes(method)) served.add(`${method} ${path}`);
    }
    expect(served.size, "routes were read").toBeGreaterThan(10);
    const listed = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
    const ignored = ["/api/v2/push", "/graphql/query", "/*"];
    expect([...served].filter((r) => !listed.has(r) && !ignored.some((p) => r.endsWith(` ${p}`)))).toEqual([]);
  });

  it("answers every hostile request without a 5xx or a leak, naming the field, and refuses callers the route is not for", async () => {
    const problems: string[] = [];
    const login = ROUTES.find((r) => r.path === "/api/v2/login") as Route;
    login.body = { ...login.body, email: demoEmail("judge") };
    for (const r of ROUTES)
      for (const c of callers) {
        const allowed = c.may.includes(r.who);
        // the hostile values go to the route as the caller it is for; the others get the baseline
        const full = allowed && (r.who !== "public" || c.token === null);
        const variants = variantsOf(r, r.body).filter((v) => full || v.label === "baseline");
        for (const v of variants) {
          const res = await srv.app.inject({
            method: r.method,
            url: v.path,
            headers: {
              ...(r.method === "POST" ? { "content-type": "application/json" } : {}),
              "x-requested-with": "XMLHttpRequest",
              ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
            },
            ...(v.payload === undefined ? {} : { payload: v.payload }),
          });
          stats.calls++;
          const where = `${r.method} ${r.path} (${v.label}) as ${c.name}`;
          const text = res.body;
          const say = (p: string) => problems.push(`${where}: ${p}`.slice(0, 300));
          if (res.statusCode >= 500) say(`HTTP ${res.statusCode}: ${text.slice(0, 100)}`);
          const leak = res.statusCode >= 400 ? leakIn(text) : null;
          if (leak) say(`leaks ${leak}`);
          if (!allowed && ![401, 403].includes(res.statusCode)) say(`HTTP ${res.statusCode}, not refused`);
          if (res.statusCode === 400) {
            let body: { message?: unknown; errors?: Record<string, unknown> } = {};
            try {
              body = JSON.parse(text);
            } catch {
              say(`400 not JSON: ${text.slice(0, 80)}`);
            }
            if (vague(body.message)) say(`400 whose message says nothing: ${JSON.stringify(body.message)}`);
            // a password that its confirmation no longer matches is named at the confirmation
            const roots = Object.keys(body.errors ?? {}).map((k) => k.split(".")[0] ?? k);
            const named = [...roots, ...roots.map((k) => k.replace(/_confirmation$/, ""))];
            if (v.field && body.errors && !named.includes(v.field))
              say(`400 names ${JSON.stringify(Object.keys(body.errors))}, not ${v.field}: ${String(body.message)}`);
          }
        }
      }
    expect(problems).toEqual([]);
  }, 300_000);
});
