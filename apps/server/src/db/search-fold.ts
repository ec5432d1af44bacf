import { SEARCH_FOLD_LETTERS, SEARCH_FOLD_MARKS } from "@rollbook/domain";
import { type SQL, sql } from "drizzle-orm";
import { NAME_COLLATION } from "./collation.ts";

/**
 * A string literal of SQL (standard_conforming_strings: the quote doubled). A combining mark,
 * which would sit invisibly on the character before it, is written as an escape of a U& string.
 */
const literal = (s: string) => {
  const quoted = s.replaceAll("'", "''");
  if (!/\p{M}/u.test(s)) return `'${quoted}'`;
  const escaped = quoted.replaceAll("\\", "\\\\").replace(/\p{M}/gu, (c) => {
    const cp = c.codePointAt(0) as number;
    return cp > 0xffff ? `\\+${cp.toString(16).padStart(6, "0")}` : `\\${cp.toString(16).padStart(4, "0")}`;
  });
  return `U&'${escaped}'`;
};

/** The marks' ranges as a bracket expression of PostgreSQL's regular expressions (`\uXXXX` escapes). */
const u = (cp: number) => `\\u${cp.toString(16).padStart(4, "0")}`;
export const MARKS_CLASS = `[${SEARCH_FOLD_MARKS.map(([a, b]) => (a === b ? u(a) : `${u(a)}-${u(b)}`)).join("")}]`;

const ONE = Object.entries(SEARCH_FOLD_LETTERS).filter(([, to]) => [...to].length === 1);
const MORE = Object.entries(SEARCH_FOLD_LETTERS).filter(([, to]) => [...to].length !== 1);

/**
 * `text` folded as @rollbook/domain's foldForSearch folds it (decision 0613), in SQL of IMMUTABLE
 * functions only, so that a generated column (students.search_text) and its index may use it:
 * normalize(.., NFKD), lower() in ICU's root collation (the database's own locale could be "C",
 * which lowers ASCII only), regexp_replace of the marks, translate of the one-letter replacements
 * and a replace for each longer one. PostgreSQL 13 and later; no extension (PGlite has no unaccent).
 * Written out from the domain's tables: the SQL text is the same as long as they are.
 */
export function foldSql(text: SQL): SQL {
  let folded = sql`regexp_replace(lower(normalize(${text}, NFKD) collate "${sql.raw(NAME_COLLATION)}"), ${sql.raw(literal(MARKS_CLASS))}, '', 'g')`;
  folded = sql`translate(${folded}, ${sql.raw(literal(ONE.map(([from]) => from).join("")))}, ${sql.raw(literal(ONE.map(([, to]) => to).join("")))})`;
  for (const [from, to] of MORE) folded = sql`replace(${folded}, ${sql.raw(literal(from))}, ${sql.raw(literal(to))})`;
  return folded;
}
