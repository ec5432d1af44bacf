import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { grapheme, NAME_LETTERS, personName } from "./search-fold.arbitraries.ts";
import { foldForSearch, SEARCH_FOLD_LETTERS, SEARCH_FOLD_MARKS } from "./search-fold.ts";

const RUNS = { numRuns: 2000 };
const removed = (c: string) => {
  const cp = c.codePointAt(0) as number;
  return SEARCH_FOLD_MARKS.some(([a, b]) => cp >= a && cp <= b);
};
/** `s` written without the marks the fold drops, as someone typing without accents would */
const unaccented = (s: string) => [...s.normalize("NFD")].filter((c) => !removed(c)).join("");

// a few seconds each on a busy machine: over vitest's 5 s by default
describe("foldForSearch, properties over names of many scripts", { timeout: 60_000 }, () => {
  it("is idempotent: a folded term folds to itself", () => {
    fc.assert(
      fc.property(personName, (s) => foldForSearch(foldForSearch(s)) === foldForSearch(s)),
      RUNS,
    );
  });

  it("is case-blind: upper case, lower case and as written fold alike", () => {
    fc.assert(
      fc.property(personName, (s) => {
        const f = foldForSearch(s);
        expect(foldForSearch(s.toUpperCase()), s).toBe(f);
        expect(foldForSearch(s.toLowerCase()), s).toBe(f);
      }),
      RUNS,
    );
  });

  it("is accent-blind: composed, decomposed and without accents fold alike", () => {
    fc.assert(
      fc.property(personName, (s) => {
        const f = foldForSearch(s);
        expect(foldForSearch(s.normalize("NFC")), s).toBe(f);
        expect(foldForSearch(s.normalize("NFD")), s).toBe(f);
        expect(foldForSearch(unaccented(s)), s).toBe(f);
      }),
      RUNS,
    );
  });

  it("keeps substrings: a part of a name, folded, is inside the folded name (what LIKE '%term%' needs)", () => {
    const part = fc.array(grapheme, { maxLength: 8 }).map((g) => g.join(""));
    const term = fc.array(grapheme, { minLength: 1, maxLength: 6 }).map((g) => g.join(""));
    fc.assert(
      fc.property(part, term, part, (a, b, c) => {
        expect(foldForSearch(a + b + c), JSON.stringify([a, b, c])).toContain(foldForSearch(b));
        // and so does the term typed in capitals or without its accents
        expect(foldForSearch(a + b + c)).toContain(foldForSearch(unaccented(b).toUpperCase()));
      }),
      RUNS,
    );
  });

  it("leaves nothing it folds: no capital, no dropped mark, no letter it rewrites", () => {
    const keys = new Set(Object.keys(SEARCH_FOLD_LETTERS));
    fc.assert(
      fc.property(personName, (s) => {
        const f = foldForSearch(s);
        const left = [...f].filter((c) => removed(c) || keys.has(c));
        expect(left, s).toEqual([]);
        expect(f, s).toBe(f.toLowerCase());
      }),
      RUNS,
    );
  });

  it("is plain lower case on ASCII", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((n) => String.fromCharCode(n)) }), (s) => {
        expect(foldForSearch(s)).toBe(s.toLowerCase());
      }),
      RUNS,
    );
  });

  it("every letter of the names' alphabet, alone, in capitals, and decomposed, folds alike", () => {
    for (const c of NAME_LETTERS) {
      expect(foldForSearch(c.toUpperCase()), c).toBe(foldForSearch(c));
      expect(foldForSearch(c.normalize("NFD")), c).toBe(foldForSearch(c));
    }
  });
});
