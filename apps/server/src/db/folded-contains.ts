import { foldForSearch } from "@rollbook/domain";
import { type SQL, sql } from "drizzle-orm";
import { foldSql } from "./search-fold.ts";

/** A term matched literally inside LIKE: `%`, `_` and the escape character itself lose their meaning. */
export const likeLiteral = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern that finds `term` anywhere. */
export const containsPattern = (term: string) => `%${likeLiteral(term)}%`;

/**
 * `text` has `term` anywhere, both folded by the participants' rule (decisions 0613, 0615: no case,
 * no accents, "ß" as "ss"), so "cafe" finds "Café" and "STRASSE" finds "Straße". `text` folded is
 * the expression of the table's trigram index (courses_title_fold_trgm...), so the match reads the
 * index. A term of accents alone folds to nothing and finds nothing (not everything).
 */
export function foldedContains(text: SQL, term: string): SQL {
  const folded = foldForSearch(term).trim();
  return folded ? sql`${foldSql(text)} like ${containsPattern(folded)}` : sql`false`;
}
