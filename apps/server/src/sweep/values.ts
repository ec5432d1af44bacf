/**
 * The hostile values of the attacker's sweep (decision 0421), by the type they are sent as. Fixed
 * lists, not random: each run sends the same requests, and a failure names the value.
 */

/** A label for a value in a failure line: short, with its size when it is big. */
export function labelOf(v: unknown): string {
  if (typeof v === "string") return v.length > 40 ? `"${v.slice(0, 8)}..." (${v.length} chars)` : JSON.stringify(v);
  if (Array.isArray(v)) return v.length > 5 ? `list of ${v.length}` : JSON.stringify(v);
  return JSON.stringify(v) ?? String(v);
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

export const BIG_STRING = "x".repeat(100_000);

/** Texts: empty, huge, NUL, lone surrogates, prototype keys, impossible dates and times, SQL. */
export const HOSTILE_STRINGS: (string | null)[] = [
  null,
  "",
  BIG_STRING,
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "__proto__",
  "constructor",
  "2026-02-30",
  "0000-00-00T00:00:00Z",
  "+275760-09-13T00:00:00.001Z",
  "25:61",
  "' OR 1=1 --",
];

/** 32-bit bounds and one past them (GraphQL's Int refuses the latter itself). */
export const HOSTILE_INTS: (number | null)[] = [null, -1, 0, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, -(2 ** 31) - 1];

export const HOSTILE_FLOATS: (number | null)[] = [null, -1, 1e308, -1e308, 2 ** 31];

export const HOSTILE_BOOLEANS: (boolean | null)[] = [null];

/** Lists of ids: 70,000 is past PostgreSQL's 65,535 bind parameters of one statement. */
export const HOSTILE_INT_LISTS: (number[] | null)[] = [
  null,
  [],
  [-1],
  [2 ** 31 - 1, 2 ** 31 - 1],
  ids(20_000),
  ids(70_000),
];

export const HOSTILE_STRING_LISTS: (string[] | null)[] = [
  null,
  [],
  ["a\u0000b"],
  ["\ud800"],
  [BIG_STRING],
  ids(20_000).map(String),
  ids(70_000).map(String),
];

/** The hostile values of a GraphQL input type as printed (`Int`, `[Int!]!`, `String`...). */
export function hostileFor(printedType: string): unknown[] {
  const named = printedType.replace(/[[\]!]/g, "");
  const list = printedType.startsWith("[");
  if (list && named === "Int") return HOSTILE_INT_LISTS;
  if (list && named === "String") return HOSTILE_STRING_LISTS;
  if (list) throw new Error(`the sweep has no hostile values for ${printedType}`);
  switch (named) {
    case "Int":
      return HOSTILE_INTS;
    case "Float":
      return HOSTILE_FLOATS;
    case "Boolean":
      return HOSTILE_BOOLEANS;
    case "String":
    case "ID":
      return HOSTILE_STRINGS;
    default:
      // an enum or input object is new to the schema: the sweep must learn its values first
      throw new Error(`the sweep has no hostile values for ${printedType}`);
  }
}
