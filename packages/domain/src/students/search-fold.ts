/**
 * The folding rule of the participants' search (decision 0613): a name and the term typed to find
 * it are both folded, and the term matches when its folded form is inside the name's. So "nunez",
 * "NUNEZ" and "Núñez" all find "Ñúñez", and "strasse" finds "Straße".
 *
 * The database computes the same fold for every student (the generated column students.search_text,
 * built from these tables by apps/server/src/db/search-fold.ts); a test checks, on PGlite and on
 * PostgreSQL, that both agree over many names. Change the rule here, then generate a migration:
 * the column's expression changes with it.
 *
 * Steps, in this order:
 * 1. NFKD: accented letters come apart into a letter and its marks ("ñ" = "n" + U+0303), and
 *    compatibility forms become plain ones (full-width "Ｎ" from an East Asian keyboard, "ﬁ").
 * 2. Lower case, by Unicode's default (locale-free) mapping: JavaScript's toLowerCase, and in the
 *    database lower() in ICU's root collation, whatever the database's own locale.
 * 3. The marks of SEARCH_FOLD_MARKS removed: the diacritics of the Latin, Greek and Cyrillic
 *    letters, and the optional vowel points of Hebrew and Arabic. Not every combining mark:
 *    in Devanagari or Thai the vowel signs are marks too, and without them a name is another name.
 * 4. The letters of SEARCH_FOLD_LETTERS, which NFKD does not take apart, written as their plain
 *    letters ("ß" -> "ss", "ø" -> "o", "ł" -> "l"), and the typographic apostrophes as "'".
 */

/** Ranges (first, last code point) of the marks removed after decomposition. */
export const SEARCH_FOLD_MARKS: readonly (readonly [number, number])[] = [
  // Combining Diacritical Marks: the accents of the Latin, Greek and Cyrillic letters; not
  // U+0345, the iota subscript, which is a letter in capitals ("ᾼ" = "ΑΙ"): see SEARCH_FOLD_LETTERS
  [0x0300, 0x0344],
  [0x0346, 0x036f],
  // Hebrew points and cantillation (not the punctuation among them: 05BE, 05C0, 05C3, 05C6)
  [0x0591, 0x05bd],
  [0x05bf, 0x05bf],
  [0x05c1, 0x05c2],
  [0x05c4, 0x05c5],
  [0x05c7, 0x05c7],
  // Arabic honorifics, harakat (short vowels, shadda, sukun, hamza above and below), superscript alef
  [0x0610, 0x061a],
  [0x064b, 0x065f],
  [0x0670, 0x0670],
  // Combining Diacritical Marks Extended and Supplement, for Symbols, and the Half Marks
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
];

/**
 * Lower-case letters that NFKD leaves whole, and what they fold to; and the apostrophes that
 * phones and word processors type for "'". No replacement contains a key: one pass is the fold.
 */
export const SEARCH_FOLD_LETTERS: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
  ħ: "h",
  ŧ: "t",
  ŋ: "n",
  // the final sigma, so that a term ending mid-word ("οδοσ" typed for "Οδος") finds the word
  ς: "σ",
  // the iota subscript (a combining mark after NFKD) is the iota its capital is, as in Unicode's
  // case folding: "ᾳ", "ᾼ" and "ΑΙ" fold alike
  "\u0345": "ι",
  "\u2019": "'",
  "\u2018": "'",
  "\u02bc": "'",
};

const hex = (cp: number) => `\\u{${cp.toString(16)}}`;
const MARKS = new RegExp(
  `[${SEARCH_FOLD_MARKS.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join("")}]`,
  "gu",
);
const LETTERS = new RegExp(`[${Object.keys(SEARCH_FOLD_LETTERS).join("")}]`, "gu");

/**
 * `text` folded for search: without case, accents and the other differences above. The search
 * matches a folded term inside the folded "first last e-mail" of each student.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(MARKS, "")
    .replace(LETTERS, (c) => SEARCH_FOLD_LETTERS[c] ?? c);
}

/**
 * What the search reads of a student, folded: first name, last name and e-mail, one space
 * between them (students.search_text is the same, computed by the database).
 */
export const studentSearchText = (s: { first_name: string; last_name: string; email: string | null }): string =>
  foldForSearch(`${s.first_name} ${s.last_name} ${s.email ?? ""}`);
