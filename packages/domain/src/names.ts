/**
 * The order people's names sort in, the same as the server's (decision 0612, `byName`:
 * `collate "und-x-icu"`, ICU's root collation): "Émile" among the E's and "Ñúñez" among the N's,
 * not after "Z" as their code points put them. For any list sorted outside the database.
 *
 * The collator is "en", whose order is the root's (English adds nothing to it): "und" is no
 * locale to Intl and falls back to the browser's own, which may sort differently (Swedish puts
 * "Ö" after "Z"), and so does `localeCompare` without a locale.
 */
let collator: Intl.Collator | undefined;

/** Two strings in the names' order; equal to it, by code point, as PostgreSQL breaks such ties by bytes. */
export function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator("en", { usage: "sort" });
  const c = collator.compare(a, b);
  if (c !== 0) return c < 0 ? -1 : 1;
  if (a === b) return 0;
  // UTF-8's byte order is the code points' order (not UTF-16's code units': U+E000-U+FFFF sort
  // before the astral planes' surrogates there)
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i]!.codePointAt(0) ?? 0) - (y[i]!.codePointAt(0) ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

export interface NamedPerson {
  id: number;
  first_name: string;
  last_name: string;
}

/** People as the lists order them: last name, first name (the names' order), then id. */
export function comparePeople(a: NamedPerson, b: NamedPerson): number {
  return compareNames(a.last_name, b.last_name) || compareNames(a.first_name, b.first_name) || a.id - b.id;
}
