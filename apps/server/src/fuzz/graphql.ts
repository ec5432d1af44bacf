/**
 * Properties over /graphql/query (POST and GET) with a valid staff token: every root
 * field of the printed schema with wrong-typed and hostile arguments, and documents,
 * variables and envelopes that are odd, huge or deep.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import {
  buildSchema,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
} from "graphql";
import { ROOT } from "../../test/template.ts";
import { deepJson, oddJson, oddNumber, oddString, oddValue } from "./hostile.ts";
import type { Lane } from "./lanes.ts";
import type { FuzzTarget } from "./target.ts";

const schema = buildSchema(fs.readFileSync(path.join(ROOT, "apps/server/schema.graphql"), "utf8"));
const roots = [
  ...Object.values(schema.getQueryType()?.getFields() ?? {}).map((f) => ({ op: "query", f })),
  ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((f) => ({ op: "mutation", f })),
];
/** Mutations that would end the fuzzer's own session; still fuzzed, with wrong-typed arguments only. */
const SESSION_ENDING = new Set(["switchUser", "switchSchool", "updatePassword"]);

const gqlString = (s: string) => JSON.stringify(s);

/** A literal of any kind, mostly of the wrong type for wherever it lands. */
const anyLiteral: fc.Arbitrary<string> = fc.letrec<{ v: string }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    oddString.map(gqlString),
    oddNumber.map((n) => String(n)),
    fc.constantFrom("true", "false", "null", "ASC", "DESC", "__proto__", "2147483648", "-2147483649", "1e400", '""'),
    fc.array(tie("v"), { maxLength: 3 }).map((xs) => `[${xs.join(", ")}]`),
    fc.dictionary(fc.constantFrom("id", "page", "per_page", "sort_by", "__proto__", "x"), tie("v"), { maxKeys: 3 }).map(
      (o) =>
        `{${Object.entries(o)
          .map(([k, v]) => `${k}: ${v}`)
          .join(", ")}}`,
    ),
  ),
})).v;

/** A literal of the right shape for `type`, with hostile values inside. */
function literalFor(type: GraphQLInputType, depth = 0): fc.Arbitrary<string> {
  if (isNonNullType(type)) return literalFor(type.ofType, depth);
  if (isListType(type))
    return fc.array(literalFor(type.ofType, depth + 1), { maxLength: 3 }).map((xs) => `[${xs.join(", ")}]`);
  if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((v) => v.name));
  if (isInputObjectType(type)) {
    if (depth > 3) return fc.constant("{}");
    const fields = Object.values(type.getFields());
    return fc
      .tuple(...fields.map((f) => fc.option(literalFor(f.type, depth + 1), { nil: undefined, freq: 3 })))
      .map(
        (vals) => `{${fields.flatMap((f, i) => (vals[i] === undefined ? [] : [`${f.name}: ${vals[i]}`])).join(", ")}}`,
      );
  }
  switch (type.name) {
    case "Int":
      return fc
        .oneof(fc.integer({ min: -5, max: 200 }), fc.integer(), fc.constantFrom(0, -1, 2147483647, 99999))
        .map(String);
    case "Float":
      return oddNumber.map(String);
    case "Boolean":
      return fc.boolean().map(String);
    case "String":
      return fc
        .oneof(oddValue, fc.constantFrom("__proto__", "constructor", "name", "id", "-id", "course", "event"))
        .map(gqlString);
    default:
      return fc.oneof(oddString.map(gqlString), fc.nat().map(String));
  }
}

/** Every leaf of a type without required arguments, and one level of its objects' leaves. */
function selection(type: GraphQLOutputType, depth = 0): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return "";
  if (!isObjectType(named)) return "{ __typename }";
  const parts = ["__typename"];
  for (const field of Object.values(named.getFields())) {
    if (field.args.some((a) => isNonNullType(a.type))) continue;
    const inner = getNamedType(field.type);
    if (isLeafType(inner)) parts.push(field.name);
    else if (depth < 1) parts.push(`${field.name} ${selection(field.type, depth + 1)}`);
  }
  return `{ ${parts.join(" ")} }`;
}

/** A document calling one root field: typed-but-hostile arguments, wrong-typed ones, or variables. */
function callOf(op: string, field: GraphQLField<unknown, unknown>) {
  const args = field.args;
  const wrongOnly = SESSION_ENDING.has(field.name);
  const argArb = (a: (typeof args)[number]) =>
    wrongOnly
      ? anyLiteral.map((lit) => ({ lit, variable: undefined as unknown }))
      : fc.oneof(
          { weight: 3, arbitrary: literalFor(a.type).map((lit) => ({ lit, variable: undefined as unknown })) },
          { weight: 2, arbitrary: anyLiteral.map((lit) => ({ lit, variable: undefined as unknown })) },
          { weight: 2, arbitrary: oddJson.map((variable) => ({ lit: `$${a.name}`, variable })) },
        );
  return fc.tuple(...args.map((a) => fc.option(argArb(a), { nil: undefined, freq: 8 }))).map((vals) => {
    const used = args.flatMap((a, i) => (vals[i] === undefined ? [] : [{ a, v: vals[i] }]));
    const vars = used.filter((u) => u.v.lit.startsWith("$"));
    const decl = vars.length ? `(${vars.map((u) => `$${u.a.name}: ${u.a.type}`).join(", ")})` : "";
    const call = used.length ? `(${used.map((u) => `${u.a.name}: ${u.v.lit}`).join(", ")})` : "";
    return {
      query: `${op} Fuzz${decl} { ${field.name}${call} ${selection(field.type)} }`,
      variables: Object.fromEntries(vars.map((u) => [u.a.name, u.v.variable])),
    };
  });
}

const anyCall = fc.oneof(...roots.map(({ op, f }) => callOf(op, f)));

/** Whole documents that are not calls: garbage, deep, huge, aliased, cyclic. */
const oddDocument = fc.oneof(
  { depthSize: "small" },
  fc.string({ maxLength: 80 }),
  fc.constantFrom(...[100, 1000, 10_000]).map((n) => `{ me ${"{ id ".repeat(n)}${"}".repeat(n)} }`),
  fc
    .constantFrom(...[100, 1000, 10_000])
    .map((n) => `{ students(filter: ${"[".repeat(n)}1${"]".repeat(n)}) { total } }`),
  fc
    .constantFrom(...[100, 1000, 10_000])
    .map((n) => `{ students(filter: ${"{a: ".repeat(n)}1${"}".repeat(n)}) { total } }`),
  fc.constantFrom(1000, 100_000, 1_000_000).map((n) => `{ me { id } } #${"c".repeat(n)}`),
  fc.constantFrom(1000, 100_000, 1_000_000).map((n) => `{ me { id ${" ".repeat(n)}} }`),
  fc.constantFrom(1000, 100_000, 1_000_000).map((n) => `{ students(search: "${"s".repeat(n)}") { total } }`),
  fc
    .constantFrom(16, 50, 1500)
    .map((n) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: attendance { total }`).join(" ")} }`),
  fc.constantFrom(16, 50, 1500).map((n) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: me { id }`).join(" ")} }`),
  fc.constantFrom(
    "fragment A on Query { ...A } { ...A }",
    "{ __schema { types { name fields { name } } } }",
    "query A { me { id } } query B { me { id } }",
    "subscription { me { id } }",
    "{ me { id } }\u0000",
    "{ me @skip(if: $x) { id } }",
    "{ __typename }",
  ),
);

type Envelope = { query?: unknown; variables?: unknown; operationName?: unknown; extensions?: unknown };
const envelope: fc.Arbitrary<Envelope | unknown> = fc.oneof(
  { weight: 6, arbitrary: anyCall },
  { weight: 2, arbitrary: oddDocument.map((query) => ({ query })) },
  {
    weight: 1,
    arbitrary: fc.record(
      { query: fc.oneof(oddDocument, oddJson), variables: oddJson, operationName: oddJson, extensions: oddJson },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.array(anyCall, { maxLength: 3 }) },
);
const rawBody = fc.oneof(
  { weight: 9, arbitrary: envelope.map((e) => JSON.stringify(e)) },
  { weight: 1, arbitrary: deepJson.map((d) => `{"query":"{ me { id } }","variables":{"x":${d}}}`) },
);

export function graphqlLanes(t: FuzzTarget, runs: (n: number) => number): Lane[] {
  let token = "";
  /** Signs in again when a fuzzed mutation ended the session (the server answers 401). */
  async function bearer(refresh = false) {
    if (token && !refresh) return token;
    const res = await t.hit("sign in", "/api/v2/login", {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
      body: JSON.stringify(t.ready.staff),
    });
    token = (JSON.parse(res.text) as { data: { access_token: string } }).data.access_token;
    return token;
  }
  async function send(entry: string, url: string, init: RequestInit) {
    const headers = { ...(init.headers as Record<string, string>), authorization: `Bearer ${await bearer()}` };
    const res = await t.hit(entry, url, { ...init, headers });
    if (res.status === 401) await bearer(true);
  }
  // the busiest entry, in two lanes (each its own seed) so that it does not run alone at the end
  const post = (lane: number): Lane => ({
    name: `POST /graphql/query #${lane}`,
    runs: runs(1400),
    property: fc.asyncProperty(rawBody, async (body) => {
      await send("POST /graphql/query", "/graphql/query", {
        method: "POST",
        headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
        body,
      });
    }),
  });
  return [
    post(1),
    post(2),
    {
      name: "GET /graphql/query",
      runs: runs(700),
      property: fc.asyncProperty(
        fc.oneof(
          anyCall.map((c) => c.query),
          oddDocument.filter((d) => d.length < 5000),
        ),
        fc.option(
          fc.oneof(
            oddJson.map((v) => JSON.stringify(v)),
            fc.string({ maxLength: 20 }),
          ),
          { nil: undefined },
        ),
        fc.option(
          fc.oneof(
            oddJson.map((v) => JSON.stringify(v)),
            fc.string({ maxLength: 20 }),
          ),
          { nil: undefined },
        ),
        async (query, variables, extensions) => {
          const q = new URLSearchParams({ query });
          if (variables !== undefined) q.set("variables", variables);
          if (extensions !== undefined) q.set("extensions", extensions);
          await send("GET /graphql/query", `/graphql/query?${q}`, {
            headers: { "x-requested-with": "XMLHttpRequest" },
          });
        },
      ),
    },
  ];
}

export const ROOT_FIELDS = roots.length;
