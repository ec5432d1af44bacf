/**
 * Hostile values an attacker (or a broken client) can send: odd strings and
 * numbers, prototype keys, huge and deeply nested JSON, bodies that are not
 * JSON at all. Big values are built by repetition so generating them is cheap.
 */
import fc from "fast-check";

/** Nesting depths past any sane client; 10,000 deep is what the earlier fuzzing broke the server with. */
export const DEPTHS = [64, 1000, 5000, 10_000, 100_000];
const SIZES = [1000, 65_536, 500_000, 1024 * 1024 + 1, 2_000_000];

export const oddString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\u0000",
      "a\u0000b",
      "\ud800",
      "\udfff",
      "\ufeff",
      "__proto__",
      "constructor",
      "prototype",
      "toString",
      "hasOwnProperty",
      "' OR 1=1 --",
      "'; drop table users; --",
      "<script>alert(1)</script>",
      "../../../../etc/passwd",
      "%00",
      "%",
      "$1",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, on purpose
      "${7*7}",
      "{{7*7}}",
      "null",
      "undefined",
      "NaN",
      "Infinity",
      "-0",
      "1e309",
      "9007199254740993",
      "2026-02-30",
      "2026-01-01T24:00:00Z",
      "2026-01-01T10:00:00",
      "2026-01-01T10:00:00Z\u0000",
      "+275760-09-13T00:00:00.001Z",
      "0000-00-00T00:00:00Z",
      "master_admin@demo.rollbook.test",
      "00000000-0000-0000-0000-000000000000",
    ),
  },
);

/** Strings past every field limit; drawn rarely, since each costs a big body on both sides. */
export const bigString = fc.oneof(
  fc.constantFrom(...SIZES).map((n) => "x".repeat(n)),
  fc.constantFrom(...SIZES).map((n) => "\u00e9\ud83d\ude00".repeat(Math.floor(n / 3))),
);
export const oddValue = fc.oneof({ weight: 40, arbitrary: oddString }, { weight: 1, arbitrary: bigString });

export const oddNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 5e-324),
);

/** A JSON value of any shape, keys included, bounded so one value stays small. */
export const oddJson: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    oddString,
    oddNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("v"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("__proto__", "constructor")), tie("v"), {
      maxKeys: 4,
    }),
  ),
})).v;

/** JSON text nested `depth` deep: arrays, objects, or a mix, with a value inside. */
export function deepJsonText(depth: number, shape: "array" | "object" | "mixed", inner = "1") {
  if (shape === "array") return "[".repeat(depth) + inner + "]".repeat(depth);
  if (shape === "object") return '{"a":'.repeat(depth) + inner + "}".repeat(depth);
  const half = Math.floor(depth / 2);
  return '[{"a":'.repeat(half) + inner + "}]".repeat(half);
}

export const deepJson = fc
  .record({
    depth: fc.constantFrom(...DEPTHS),
    shape: fc.constantFrom("array", "object", "mixed") as fc.Arbitrary<"array" | "object" | "mixed">,
  })
  .map(({ depth, shape }) => deepJsonText(depth, shape));

/** A request body as text: JSON of an odd value, deep JSON, broken JSON, or huge. */
export const oddBodyText = fc.oneof(
  { weight: 10, arbitrary: oddJson.map((v) => JSON.stringify(v) ?? "null") },
  { weight: 3, arbitrary: deepJson },
  { weight: 3, arbitrary: fc.string({ maxLength: 60 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '{"a":1',
      "{,}",
      "[",
      '{"a":NaN}',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{}}}',
      "\ufeff{}",
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(...SIZES).map((n) => `{"a":"${"y".repeat(n)}"}`) },
  { weight: 1, arbitrary: fc.constantFrom(...SIZES).map((n) => " ".repeat(n)) },
);

export const contentType = fc.constantFrom(
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/graphql-response+json",
  "",
);

/** An Authorization header value that is not a valid token. */
export const badAuthorization = fc.oneof(
  fc.constantFrom("", "Bearer", "Bearer ", "Basic YTpi", "Bearer null", "bearer x", `Bearer ${"t".repeat(10_000)}`),
  fc.string({ maxLength: 50 }).map((s) => `Bearer ${s.replace(/[^\x20-\x7e]/g, "")}`),
);

/** An object built from these fields, each either a plausible value or a hostile one, some left out. */
export function hostileRecord(fields: Record<string, fc.Arbitrary<unknown>>) {
  const arbs = Object.fromEntries(
    Object.entries(fields).map(([k, plausible]) => [k, fc.oneof(plausible, oddJson, oddValue)]),
  );
  return fc.record(arbs, { requiredKeys: [] });
}
