import { type PGlite, parse, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";

/**
 * PGlite's `query` as PostgreSQL's own clients run a statement they use again (decision 0573).
 *
 * PGlite 0.5's `query` sends Parse, Describe, Bind, Describe, Execute and Sync as six passes
 * through the backend, and parses and plans the text every time: 1.6 ms of CPU for the ping
 * path's stored statement on this machine, 135 µs for `select 1`. Here a text is parsed once,
 * as a named prepared statement (PostgreSQL then keeps its plan as it sees fit, as it does for
 * the pool's named statements in production, db/prepared.ts), and each run is one pass: Bind,
 * Describe, Execute, Sync in one buffer (0.39 ms and 78 µs).
 *
 * Same answers as `query`: parameters serialised by the types PostgreSQL inferred (PGlite's
 * serializers), rows parsed by PGlite's parsers with the caller's options (drizzle's), errors
 * thrown as PostgreSQL's, the same locks (no statement runs inside another caller's
 * transaction). Only plain reads and writes take this way, and only outside transactions
 * (a PGlite transaction runs its statements through its own object); anything else (DDL,
 * VACUUM, SET, a COPY to a blob) runs as before.
 */

/** Statements kept per database; the least recently used one is closed past it. */
export const MAX_PREPARED = 200;

const PLAIN = /^\s*(?:--[^\n]*\n\s*)*(select|with|insert|update|delete)\b/i;

/** PGlite's own exclusivity, the locks its `query` takes (not in its typings, stable in 0.5). */
interface Exclusive {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

interface Prepared {
  name: string;
  /** the parameters' type ids, as PostgreSQL inferred them */
  types: number[];
}

type BackendMessage = { name: string; dataTypeIDs?: number[] };

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Makes `client.query` run plain statements as kept prepared statements. Call once, after
 * migrations; answers how many statements it holds (for tests).
 */
export function keepStatements(client: PGlite): { held(): number } {
  const original = client.query.bind(client);
  const locks = client as unknown as Exclusive;
  const held = new Map<string, Prepared>();
  let next = 0;

  async function prepare(text: string): Promise<Prepared> {
    const name = `rbp_${next++}`;
    const closing: Uint8Array[] = [];
    // the least recently used goes first: the map keeps use order (each use moves a text last)
    while (held.size >= MAX_PREPARED) {
      const [oldest, old] = held.entries().next().value as [string, Prepared];
      held.delete(oldest);
      closing.push(serialize.close({ type: "S", name: old.name }));
    }
    const { messages } = await client.execProtocol(
      concat([
        ...closing,
        serialize.parse({ name, text, types: [] }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
    );
    const described = (messages as BackendMessage[]).find((m) => m.name === "parameterDescription");
    return { name, types: described?.dataTypeIDs ?? [] };
  }

  async function run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    let statement = held.get(text);
    if (statement) held.delete(text);
    else statement = await prepare(text);
    held.set(text, statement);
    const { types } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[types[i] as number] ?? client.serializers[types[i] as number];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await client.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values: values as (string | null)[] }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  client.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (options?.blob || !PLAIN.test(text)) return original<T>(text, params, options);
    await locks._checkReady();
    return locks._runExclusiveTransaction(() => locks._runExclusiveQuery(() => run<T>(text, params, options)));
  };
  return { held: () => held.size };
}
