import fs from "node:fs";
import { addDays } from "@rollbook/domain";
import { buildSchema, type GraphQLObjectType, getNamedType, isLeafType, parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoEmail, ONE_DATABASE, startServer, TEST_PASSWORD, type TestServer } from "../../test/harness.ts";
import { invitations } from "../db/schema/index.ts";
import { isReport, MAX_ALIASES, MAX_COST, MAX_DOCUMENT_LENGTH, MAX_REPORTS } from "./limits.ts";

const root = new URL("../../../../", import.meta.url);
const schema = buildSchema(fs.readFileSync(new URL("apps/server/schema.graphql", root), "utf8"));
const scalarsOf = (type: string) =>
  Object.values((schema.getType(type) as GraphQLObjectType).getFields())
    .filter((f) => isLeafType(getNamedType(f.type)))
    .map((f) => f.name)
    .join(" ");

// the pages issue 8 names: 250 rows with every scalar, and attendance with its relations
const STUDENTS_PAGE = `students(per_page: 250) { data { ${scalarsOf("Student")} } total }`;
const ATTENDANCE_PAGE = `attendance(per_page: 250) { data { id status activity { event created_at }
  coordinates { latitude longitude } overrides { old_status user { first_name last_name } }
  student { first_name last_name } } total }`;
const queryFields = Object.values((schema.getType("Query") as GraphQLObjectType).getFields());
/** The GraphQL documents of the web app. */
const webDocuments = () => {
  const src = fs.readFileSync(new URL("apps/web/src/gql/gql.ts", root), "utf8");
  return [...src.matchAll(/^ {4}"((?:[^"\\]|\\.)*)": typeof/gm)].map((m) => JSON.parse(`"${m[1]}"`) as string);
};
/** A year up to today, as a report's range. */
const lastYear = () => {
  const end = new Date().toISOString().slice(0, 10);
  return { start_date: addDays(end, -364), end_date: end };
};
const aliased = (n: number, field: string) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(" ")} }`;

const codeOf = (r: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) =>
  r.body.errors?.[0]?.extensions?.code;

/** Document limits (decision 0401): each refusal is a 400 with a code, never a 500 or a timeout. */
describe.each(ONE_DATABASE)("GraphQL document limits on %s", (kind) => {
  let srv: TestServer;
  let token: string;
  beforeAll(async () => {
    srv = await startServer(kind);
    token = (await srv.login("school_admin")).access_token;
  });
  afterAll(() => srv?.close());

  it(`allows ${MAX_ALIASES} aliases and refuses one more`, async () => {
    const fine = await srv.gql(token, aliased(MAX_ALIASES, "me { id }"));
    expect(fine.status).toBe(200);
    expect(Object.keys(fine.body.data)).toHaveLength(MAX_ALIASES);
    const over = await srv.gql(token, aliased(MAX_ALIASES + 1, "me { id }"));
    expect(over.status).toBe(400);
    expect(over.body.errors?.[0]?.extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", limit: "aliases" });
    expect(over.body.errors?.[0]?.message).toMatch(/more than 15 aliases/);
    expect(over.body.data).toBeUndefined();
  });

  it("passes a page of 250 rows with its relations and refuses the alias-amplified one by cost", async () => {
    for (const page of [STUDENTS_PAGE, ATTENDANCE_PAGE]) {
      const one = await srv.gql(token, `{ ${page} }`);
      expect(one.status, page).toBe(200);
      expect(one.body.errors, page).toBeUndefined();
      const amplified = await srv.gql(token, aliased(MAX_ALIASES, page));
      expect(amplified.status, page).toBe(400);
      expect(amplified.body.errors?.[0]?.extensions, page).toMatchObject({ code: "QUERY_TOO_COMPLEX", limit: "cost" });
      expect(amplified.body.errors?.[0]?.message).toContain(`cost over ${MAX_COST}`);
    }
    // the 50 aliases of an attendance page: refused at once
    const fifty = await srv.gql(token, aliased(50, ATTENDANCE_PAGE));
    expect(fifty.status).toBe(400);
    expect(codeOf(fifty)).toBe("QUERY_TOO_COMPLEX");
  });

  it("lets every document of the web app through", async () => {
    const docs = webDocuments();
    expect(docs.length).toBeGreaterThan(3);
    // queries only (a mutation would run); they get no variables, so a refusal of those is fine
    for (const doc of docs.filter((d) =>
      parse(d).definitions.every((x) => !("operation" in x) || x.operation === "query"),
    )) {
      const r = await srv.gql(token, doc);
      for (const e of r.body.errors ?? []) expect(e.extensions?.code, doc).not.toBe("QUERY_TOO_COMPLEX");
    }
  });

  it(`runs at most ${MAX_REPORTS} reports per request: the sweep's 15 aliased canvasReport are refused whole`, async () => {
    const judge = (await srv.login("judge")).access_token;
    const { start_date, end_date } = lastYear();
    const range = `start_date: "${start_date}", end_date: "${end_date}"`;
    const canvas = `canvasReport(${range}, per_page: 250) { total }`;
    const fine = await srv.gql(judge, aliased(MAX_REPORTS, canvas));
    expect(fine.status).toBe(200);
    expect(fine.body.errors).toBeUndefined();
    expect(Object.keys(fine.body.data)).toHaveLength(MAX_REPORTS);
    for (const n of [MAX_REPORTS + 1, 15]) {
      const over = await srv.gql(judge, aliased(n, canvas));
      expect(over.status, `${n}`).toBe(400);
      expect(over.body.errors?.[0]?.extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", limit: "reports" });
      expect(over.body.errors?.[0]?.message).toBe(
        `The query runs ${n} reports (canvasReport): at most ${MAX_REPORTS} are allowed per request. Send the others in separate requests.`,
      );
      expect(over.body.data).toBeUndefined();
    }
    // different reports count together, through fragments too
    const mixed = await srv.gql(
      token,
      `{ statusReport(${range}) { total } ...R } fragment R on Query { eventReport(${range}) { total } lastAttendanceReport { total } }`,
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors?.[0]?.extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", limit: "reports" });
    expect(mixed.body.errors?.[0]?.message).toContain("3 reports (statusReport, eventReport, lastAttendanceReport)");
    // one response key runs once, however often it is written
    const inner = aliased(MAX_REPORTS, canvas).slice(1, -1);
    const sameKey = await srv.gql(token, `{ ${inner} a0: ${canvas} ...R } fragment R on Query { a0: ${canvas} }`);
    expect(sameKey.status).toBe(200);
    expect(sameKey.body.errors).toBeUndefined();
  });

  it("counts every report field of the schema, and passes the report screens' requests", async () => {
    const reports = queryFields.filter(isReport).map((f) => f.name);
    expect(reports).toEqual(expect.arrayContaining(["canvasReport", "courseReport", "statusReport", "teamReport"]));
    expect(reports.length).toBeGreaterThanOrEqual(13);
    // a root field over a date range is a report (named *Report) unless it is a page of rows
    const dated = queryFields.filter((f) => f.args.some((a) => a.name === "start_date")).map((f) => f.name);
    expect(dated.filter((name) => !reports.includes(name))).toEqual(["attendance"]);
    // the Canvas and Status report screens as the web app sends them, over a year of 250 rows
    for (const name of ["canvasReport", "statusReport"]) {
      const doc = webDocuments().find((d) => d.includes(`query ${name}(`)) as string;
      const r = await srv.gql(token, doc, { ...lastYear(), per_page: 250 });
      expect(r.status, name).toBe(200);
      expect(r.body.errors, name).toBeUndefined();
      expect((r.body.data as Record<string, { total: number }>)[name]?.total, name).toBeGreaterThan(0);
    }
  });

  it("runs one password change per request: two (aliased or through a fragment) are refused whole", async () => {
    const me = await srv.login("staff");
    const change = (alias: string, to: string) =>
      `${alias}: updatePassword(user_id: ${me.user.id}, current_password: "${TEST_PASSWORD}", new_password: "${to}")`;
    const twice = await srv.gql(
      me.access_token,
      `mutation { ${change("a", "new-pass-one-1")} ${change("b", "new-pass-two-2")} }`,
    );
    expect(twice.status).toBe(400);
    expect(codeOf(twice)).toBe("ONCE_PER_REQUEST");
    expect(twice.body.errors?.[0]?.message).toMatch(/updatePassword/);
    const viaFragment = await srv.gql(
      me.access_token,
      `mutation { ${change("a", "new-pass-one-1")} ...F } fragment F on Mutation { ${change("b", "new-pass-two-2")} }`,
    );
    expect(codeOf(viaFragment)).toBe("ONCE_PER_REQUEST");
    // a password change and an invitation: two expensive calls as well
    const mixed = await srv.gql(
      token,
      `mutation { ${change("a", "new-pass-one-1")} inviteUser(email: "twice@example.org", first_name: "T", role_id: 7) { id } }`,
    );
    expect(codeOf(mixed)).toBe("ONCE_PER_REQUEST");
    const invited = await srv.database.db.select().from(invitations);
    expect(invited.some((i) => i.email === "twice@example.org")).toBe(false);
    // nothing ran: the old password still signs in, neither new one does
    const signIn = (password: string) => srv.post("/api/v2/login", { email: demoEmail("staff"), password });
    expect((await signIn("new-pass-one-1")).status).toBe(401);
    expect((await signIn("new-pass-two-2")).status).toBe(401);
    expect((await signIn(TEST_PASSWORD)).status).toBe(200);
    // one call alone runs
    const once = await srv.gql(me.access_token, `mutation { ${change("a", "new-pass-one-1")} }`);
    expect(once.status).toBe(200);
    expect(once.body.data.a).toBe(true);
  });

  it("refuses a 1 MB string, comment or run of spaces before parsing it, in well under a second", async () => {
    const mb = 1000 * 1000;
    const docs = [
      `{ students(query: "${"x".repeat(mb)}") { total } }`,
      `{ me { id } } #${"x".repeat(mb)}`,
      `{ me { id ${" ".repeat(mb)} } }`,
    ];
    for (const doc of docs) {
      const started = performance.now();
      const r = await srv.gql(token, doc);
      const ms = performance.now() - started;
      expect(r.status).toBe(400);
      expect(codeOf(r)).toBe("DOCUMENT_TOO_LARGE");
      expect(r.body.errors?.[0]?.message).toContain(String(MAX_DOCUMENT_LENGTH));
      expect(ms).toBeLessThan(1000);
    }
  });

  it("answers documents nested 10,000 deep with 400, not 500", async () => {
    const nested = (n: number) => [
      `{ me ${"{ id ".repeat(n)}${"}".repeat(n)} }`,
      `{ students(query: ${"[".repeat(n)}${"]".repeat(n)}) { total } }`,
      `{ students(query: ${"{a:".repeat(n)}1${"}".repeat(n)}) { total } }`,
    ];
    // 10,000 deep is refused by its size or its tokens, whichever comes first
    for (const doc of nested(10_000)) {
      const r = await srv.gql(token, doc);
      expect(r.status, doc.slice(0, 40)).toBe(400);
      expect(["DOCUMENT_TOO_LARGE", "QUERY_TOO_COMPLEX"]).toContain(codeOf(r));
    }
    // short enough to be parsed: the token limit stops the parser long before its stack runs out
    for (const doc of nested(2_500)) {
      expect(doc.length).toBeLessThan(MAX_DOCUMENT_LENGTH);
      const r = await srv.gql(token, doc);
      expect(r.status, doc.slice(0, 40)).toBe(400);
      expect(r.body.errors?.[0]?.extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", limit: "tokens" });
    }
  });

  it("answers a GET whose variables or extensions is not JSON with 400 naming it", async () => {
    const q = encodeURIComponent("{ me { id } }");
    for (const [field, value] of [
      ["variables", "notjson"],
      ["variables", "%7B"],
      ["variables", "5"],
      ["extensions", "notjson"],
      ["extensions", "%5B%5D"],
    ]) {
      const res = await fetch(`${srv.url}/graphql/query?query=${q}&${field}=${value}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status, `${field}=${value}`).toBe(400);
      const body = (await res.json()) as { errors: { message: string; extensions: Record<string, unknown> }[] };
      expect(body.errors[0]?.extensions).toMatchObject({ code: "BAD_REQUEST", field });
    }
    const ok = await fetch(`${srv.url}/graphql/query?query=${q}&variables=%7B%7D&extensions=%7B%7D`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ok.status).toBe(200);
  });
});
