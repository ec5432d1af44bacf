import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { Pool } from "pg";
import type { Db } from "../src/db/client.ts";
import * as t from "../src/db/schema/index.ts";
import type { DbKind } from "./harness.ts";

export interface Captured {
  sql: string;
  params: unknown[];
}

/** A handle on the same connection as `db` that records every statement run through it, in `captured`. */
export function loggingDb(kind: DbKind, db: Db): { logged: Db; captured: Captured[] } {
  const captured: Captured[] = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => void captured.push({ sql, params }) };
  const client = (db as unknown as { $client: never }).$client;
  const logged = (kind === "pglite"
    ? drizzlePglite(client, { schema: t, logger })
    : drizzlePg(client, { schema: t, logger })) as unknown as Db;
  return { logged, captured };
}

/**
 * Each statement's plan (EXPLAIN), after `fill` ran in the same transaction, which is then rolled
 * back: a plan over the seeded few dozen rows proves nothing, and the filler rows must not stay.
 */
export async function plansAfter(kind: DbKind, db: Db, fill: readonly string[], statements: readonly Captured[]) {
  const client = (db as unknown as { $client: never }).$client;
  const plans: string[] = [];
  for (const q of statements) {
    if (kind === "pglite") {
      await (client as unknown as PGlite).transaction(async (tx) => {
        for (const s of fill) await tx.query(s);
        const r = await tx.query<{ "QUERY PLAN": string }>(`explain ${q.sql}`, q.params as never[]);
        plans.push(r.rows.map((x) => x["QUERY PLAN"]).join("\n"));
        await tx.rollback();
      });
    } else {
      const c = await (client as unknown as Pool).connect();
      try {
        await c.query("begin");
        for (const s of fill) await c.query(s);
        const r = await c.query<{ "QUERY PLAN": string }>(`explain ${q.sql}`, q.params);
        plans.push(r.rows.map((x) => x["QUERY PLAN"]).join("\n"));
      } finally {
        await c.query("rollback");
        c.release();
      }
    }
  }
  return plans;
}
