import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * The order people's names sort in (decision 0612): ICU's root collation, so that "Émile" and
 * "Ñúñez" sort among the E's and N's instead of after "Z" as bytes put them. PGlite and every
 * PostgreSQL built with ICU have it under this name; `unicode` exists only from PostgreSQL 16.
 */
export const NAME_COLLATION = "und-x-icu";

/**
 * A name column (or an expression of one) in the names' order. Every ORDER BY and keyset comparison
 * on first_name / last_name goes through this, and so do the indexes that serve them
 * (schema/people.ts): an index on the plain column does not give this order.
 *
 * The names of things sort the same way (decision 0614): course and event titles, team, location,
 * beacon and school names, in the lists, global search, the relations and the reports ("Économie"
 * among the E's, "art" before "Biology" without `lower()`: the root collation ignores case before
 * it looks at it, lower case first on a tie). The indexes that serve a page by title
 * (courses_school_title, teams_school_name, schema/attendables.ts) are on the collated column too.
 */
export const byName = (name: PgColumn | SQL): SQL => sql`${name} collate "und-x-icu"`;

/** The database cannot sort names: the server refuses to start (main.ts prints the message alone). */
export class MissingCollationError extends Error {}

/**
 * Checks, before migrating (a migration's index needs it), that the database has NAME_COLLATION.
 * `query` runs one statement on the database being opened.
 */
export async function requireNameCollation(query: (text: string) => Promise<unknown>): Promise<void> {
  try {
    await query(`select 'a' < 'b' collate "${NAME_COLLATION}"`);
  } catch (e) {
    // 42704 undefined_object: none of that name for this database's encoding
    if ((e as { code?: unknown }).code !== "42704") throw e;
    const said = (e as Error).message;
    throw new MissingCollationError(
      `Refusing to start: this database has no collation "${NAME_COLLATION}" (PostgreSQL said: ${said}). ` +
        `Rollbook sorts names by it, so that "Émile" and "Ñúñez" sort among the E's and N's (decision 0612). ` +
        "It comes with every PostgreSQL built with ICU (the Debian and Ubuntu packages, the official Docker images " +
        "and the managed services are; a build from source needs --with-icu) in a UTF8 database. Use such a " +
        "PostgreSQL, or leave DATABASE_URL unset for the embedded database. If this PostgreSQL has ICU and the " +
        `collation was dropped, create it again as a superuser: CREATE COLLATION pg_catalog."${NAME_COLLATION}" ` +
        "(provider = icu, locale = 'und');",
    );
  }
}
