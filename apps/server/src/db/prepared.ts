import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { PgDialect, PgSession } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

/** text -> name; the shapes are few (a handful per statement), and hashing each call cost more */
const names = new Map<string, string>();
const MAX_NAMES = 64;

/**
 * `db.execute(query)` as a named prepared statement. The hot ping path's statements are long CTEs
 * whose parse and plan cost PostgreSQL more than running them (decision 0563); named, each
 * connection parses a text once and PostgreSQL may keep its plan. The name is the text's hash, so
 * each shape of a statement gets its own. Same rows, types and statement count as `execute`;
 * PGlite ignores the name: it keeps every plain statement's text prepared (db/pglite-statements.ts).
 */
export function executeNamed(db: Db, query: SQL) {
  // drizzle's own path for a named query (what `.prepare(name)` uses), reached for raw SQL
  const internal = db as unknown as { dialect: PgDialect; session: PgSession };
  const q = internal.dialect.sqlToQuery(query);
  let name = names.get(q.sql);
  // a text that varies by its values (a list written inline) would fill every connection with
  // statements used once: past the cap, new texts run unnamed
  if (name === undefined && names.size >= MAX_NAMES) return db.execute(query);
  if (name === undefined) {
    name = `rb_${createHash("sha1").update(q.sql).digest("base64url").slice(0, 20)}`;
    names.set(q.sql, name);
  }
  return internal.session.prepareQuery(q, undefined, name, false).execute() as ReturnType<Db["execute"]>;
}
