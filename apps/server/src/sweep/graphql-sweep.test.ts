import { ROLES } from "@rollbook/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, type DbKind, startServer, TEST_PASSWORD, type TestServer } from "../../test/harness.ts";
import { loadEverything, type ViewerWorld, worldOf } from "../access/tenant-matrix-world.ts";
import { makeStudent, schoolsOf } from "../engine/test-fixtures.ts";
import { argNames, baselineOf, ROOT_FIELDS, type RootField, type Variant, variantsOf } from "./calls.ts";
import { type GqlError, graphqlProblems } from "./checks.ts";

/**
 * The attacker's sweep of GraphQL (decision 0421): every root field of the printed schema, its
 * baseline and each argument replaced by each hostile value, as every staff role, a stranger (no
 * token), a student's device token and a search token. No answer may be a 5xx or leak internals,
 * every BAD_USER_INPUT names its argument, and callers without an access token are refused.
 *
 * Every hostile value runs as one role (the master admin, who reaches the most code); every other
 * staff role and the search token run each field's baseline: the whole matrix took about 4
 * minutes, over the suite's budget. A stranger and a device token send every hostile value (the
 * auth check comes before the document is read, so they cost little). One database: PostgreSQL when the run has one.
 */
const DB: DbKind = DATABASES.includes("postgres") ? "postgres" : "pglite";
const FULL_ROLE = "master_admin";
/** The fields the search token may call (access/scopes.ts: the `search` scope). */
const SEARCH_TOKEN_FIELDS = new Set(["search", "searchConfig"]);
const short = (line: string) => (line.length > 300 ? `${line.slice(0, 300)}...` : line);

interface Caller {
  name: string;
  token: string | null;
  /** an access token: staff, whose calls must pass the auth check */
  staff: boolean;
  roleName?: string;
}

describe(`the attacker's sweep of GraphQL on ${DB}`, () => {
  let srv: TestServer;
  const callers: Caller[] = [];
  const worlds = new Map<string, ViewerWorld>();
  const spare = new Set<number>();
  const stats = { calls: 0, started: Date.now() };

  beforeAll(async () => {
    srv = await startServer(DB);
    const all = await loadEverything(srv.database.db);
    for (const role of ROLES) {
      const t = await srv.login(role.name);
      spare.add(t.user.id);
      callers.push({ name: `role ${role.id} (${role.name})`, token: t.access_token, staff: true, roleName: role.name });
      worlds.set(role.name, worldOf(all, { id: t.user.id, school_id: t.user.school_id, role_id: role.id }));
      if (role.name === "school_admin") callers.push({ name: "search token", token: t.search_token, staff: false });
    }
    const student = await makeStudent(srv.database.db, (await schoolsOf(srv.database.db)).demo.id);
    callers.push({ name: "a student's device token", token: student.token, staff: false });
    callers.push({ name: "a stranger (no token)", token: null, staff: false });
  }, 120_000);

  afterAll(async () => {
    await srv?.close();
    const secs = ((Date.now() - stats.started) / 1000).toFixed(1);
    console.log(`attacker's sweep (${DB}): ${ROOT_FIELDS.length} root fields, ${stats.calls} calls in ${secs} s`);
  });

  async function send(c: Caller, rf: RootField, v: Variant) {
    const res = await srv.app.inject({
      method: "POST",
      url: "/graphql/query",
      headers: {
        "content-type": "application/json",
        "x-requested-with": "XMLHttpRequest",
        ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
      },
      payload: JSON.stringify({ query: rf.document, variables: v.variables }),
    });
    stats.calls++;
    let body: { data?: Record<string, unknown> | null; errors?: GqlError[] } = {};
    try {
      body = JSON.parse(res.body);
    } catch {
      return { status: res.statusCode, body, problems: [`HTTP ${res.statusCode}, not JSON: ${res.body.slice(0, 80)}`] };
    }
    return {
      status: res.statusCode,
      body,
      problems: graphqlProblems(res.statusCode, body.errors ?? [], argNames(rf.field)),
    };
  }

  /** Sweeps the variants `pick` chooses of every root field as one caller; returns the problems. */
  async function sweep(c: Caller, pick: (all: Variant[]) => Variant[]) {
    const problems: string[] = [];
    const world = worlds.get(c.roleName ?? "school_admin") as ViewerWorld;
    for (const rf of ROOT_FIELDS) {
      const variants = pick(variantsOf(rf.field, baselineOf(rf.field, world, spare, TEST_PASSWORD)));
      for (const v of variants) {
        const where = `${rf.field.name}(${v.label}) as ${c.name}`;
        const { status, body, problems: found } = await send(c, rf, v);
        problems.push(...found.map((p) => short(`${where}: ${p}`)));
        const code = body.errors?.[0]?.extensions?.code;
        if (c.staff && status === 401)
          problems.push(`${where}: the caller's session ended (the sweep proves nothing after)`);
        if (!c.staff && c.name !== "search token" && (status !== 401 || code !== "UNAUTHENTICATED"))
          problems.push(`${where}: HTTP ${status} ${String(code)}, not 401 UNAUTHENTICATED`);
        if (c.name === "search token" && !SEARCH_TOKEN_FIELDS.has(rf.field.name) && body.data?.[rf.field.name] != null)
          problems.push(`${where}: answered with data`);
      }
    }
    return problems;
  }

  it("answers every hostile value of every root field as the master admin without a 5xx or a leak", async () => {
    const c = callers.find((x) => x.roleName === FULL_ROLE) as Caller;
    expect(await sweep(c, (all) => all)).toEqual([]);
  }, 600_000);

  const baselineOnly = (all: Variant[]) => all.filter((v) => !v.arg);

  it("answers every root field's baseline as the other roles without a 5xx or a leak", async () => {
    const problems: string[] = [];
    for (const c of callers.filter((x) => x.staff && x.roleName !== FULL_ROLE))
      problems.push(...(await sweep(c, baselineOnly)));
    expect(problems).toEqual([]);
  }, 300_000);

  it("refuses every call of a stranger and a device token, and all but search to a search token", async () => {
    const problems: string[] = [];
    // refused before the document is read: every hostile value costs only its bytes
    for (const c of callers.filter((x) => !x.staff))
      problems.push(...(await sweep(c, c.name === "search token" ? baselineOnly : (all) => all)));
    expect(problems).toEqual([]);
  }, 300_000);
});
