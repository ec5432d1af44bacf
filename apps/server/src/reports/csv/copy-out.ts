import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import type { Db } from "../../db/client.ts";

const dialect = new PgDialect();

/** A bound value as a SQL literal: COPY takes no parameters. Only what report filters bind. */
function literal(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error("COPY: a number that is not finite");
    // in parentheses: "x - $1" with -5 written bare would read "x - -5", and "--" starts a comment
    return `(${String(v)})`;
  }
  if (typeof v === "bigint") return `(${String(v)})`;
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v instanceof Date) return literal(v.toISOString());
  if (typeof v === "string") {
    if (v.includes("\0")) throw new Error("COPY: a text with NUL");
    // E'' with backslashes and quotes doubled reads the same whatever standard_conforming_strings says
    return `E'${v.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
  }
  throw new Error(`COPY: cannot write a ${typeof v} as a literal`);
}

/** The statement's text with its parameters written in as literals. */
export function inlined(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)\b/g, (_, n: string) => literal(params[Number(n) - 1]));
}

/**
 * The rows of `query` as CSV through `COPY (query) TO STDOUT WITH (FORMAT csv)` on PostgreSQL
 * (pg-copy-streams): the database writes the file's bytes, quoting and escaping every cell as
 * RFC 4180 asks; the columns named in `quoted` are always quoted (text cells, as textCell does)
 * and a null is an empty cell. Lines end in "\n". Backpressure: the connection is read only as
 * fast as the consumer pulls. A consumer that stops early (the client went away) ends the COPY by
 * closing its connection, which the pool then replaces. PostgreSQL only: PGlite has no COPY
 * TO STDOUT stream.
 */
export async function* copyCsv(db: Db, query: SQL, quoted: readonly string[]): AsyncGenerator<Buffer> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const force = quoted.length ? `, force_quote (${quoted.map((c) => `"${c.replace(/"/g, '""')}"`).join(", ")})` : "";
  const text = `copy (${inlined(query)}) to stdout with (format csv${force})`;
  const client = await pool.connect();
  let finished = false;
  try {
    const stream = client.query(copyTo(text));
    for await (const chunk of stream) yield chunk as Buffer;
    finished = true;
  } finally {
    // a connection left in the middle of a COPY must not go back to the pool
    client.release(finished ? undefined : new Error("CSV export stopped before its end"));
  }
}

/** `select ... as "name"` columns for copyCsv, in order. */
export const columns = (cells: [name: string, value: SQL][]): SQL =>
  sql.join(
    cells.map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
    sql`, `,
  );

/** Exports through COPY at once: each holds a pooled connection (10) for as long as its download lasts. */
export const COPIES_AT_ONCE = 3;
let copying = 0;

/**
 * copyCsv while fewer than COPIES_AT_ONCE run, else `otherwise` (the keyset's batches, each a
 * short statement): slow downloads cannot take the whole pool.
 */
export async function* copyCsvOr(
  db: Db,
  query: SQL,
  quoted: readonly string[],
  otherwise: () => AsyncIterable<string>,
): AsyncGenerator<Buffer | string> {
  if (copying >= COPIES_AT_ONCE) {
    yield* otherwise();
    return;
  }
  copying++;
  try {
    yield* copyCsv(db, query, quoted);
  } finally {
    copying--;
  }
}
