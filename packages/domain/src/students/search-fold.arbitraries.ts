/**
 * Names for the property tests of the search fold (decision 0613), here and in the server's
 * agreement test (the database's fold against foldForSearch): letters of the scripts names are
 * written in, upper and lower case, precomposed or with combining marks, and the letters and
 * apostrophes the fold rewrites. Test support only: nothing of the app imports it.
 */
import fc from "fast-check";
import { SEARCH_FOLD_LETTERS } from "./search-fold.ts";

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const chars = (cps: number[], keep: RegExp) => cps.map((cp) => String.fromCodePoint(cp)).filter((c) => keep.test(c));

/**
 * Base letters: Latin (ASCII, Latin-1, Extended-A and -B, Extended Additional), modern Greek,
 * Cyrillic, Hebrew, Arabic, Devanagari, Thai, some CJK, Hangul syllables, full-width Latin, the
 * Latin ligatures; polytonic Greek too (its iota subscript upper-cases to a letter: "ᾳ" -> "ΑΙ").
 */
export const NAME_LETTERS: readonly string[] = [
  ...chars([...range(0x41, 0x5a), ...range(0x61, 0x7a)], /./),
  ...chars(range(0xc0, 0x24f), /\p{L}/u),
  ...chars(range(0x1e00, 0x1eff), /\p{L}/u),
  ...chars(range(0x386, 0x3ce), /\p{L}/u),
  ...chars(range(0x1f00, 0x1ffc), /\p{L}/u),
  ...chars(range(0x400, 0x4ff), /\p{L}/u),
  ...chars(range(0x5d0, 0x5ea), /\p{L}/u),
  ...chars(range(0x621, 0x64a), /\p{L}/u),
  ...chars(range(0x905, 0x939), /\p{L}/u),
  ...chars(range(0xe01, 0xe2e), /\p{L}/u),
  ..."王李张刘陈杨黄赵吴周山田佐藤鈴木高橋",
  ...chars(range(0xac00, 0xac00 + 400), /./),
  ...chars([...range(0xff21, 0xff3a), ...range(0xff41, 0xff5a)], /./),
  ...chars(range(0xfb00, 0xfb06), /./),
  ...Object.keys(SEARCH_FOLD_LETTERS),
  ..."ẞÆŒØŁĐÐÞİĦŦŊ'-.",
];

/** Combining marks: Latin/Greek/Cyrillic accents, Hebrew points, Arabic harakat (all removed by the fold), Devanagari vowel signs (kept). */
export const NAME_MARKS: readonly string[] = [
  ...chars(range(0x300, 0x36f), /\p{M}/u),
  ...chars(range(0x5b0, 0x5bc), /\p{M}/u),
  ...chars(range(0x64b, 0x652), /\p{M}/u),
  ...chars(range(0x93e, 0x94c), /\p{M}/u),
  ...chars(range(0x1dc0, 0x1dca), /\p{M}/u),
];

/** One user-perceived character: a letter and up to two marks. */
export const grapheme = fc
  .tuple(fc.constantFrom(...NAME_LETTERS), fc.array(fc.constantFrom(...NAME_MARKS), { maxLength: 2 }))
  .map(([letter, marks]) => letter + marks.join(""));

/** A word of 1-10 graphemes. */
export const nameWord = fc.array(grapheme, { minLength: 1, maxLength: 10 }).map((g) => g.join(""));

/** A name: 1-3 words, apart by a space, a hyphen or an apostrophe. */
export const personName = fc
  .tuple(nameWord, fc.array(fc.tuple(fc.constantFrom(" ", "-", "'", "\u2019"), nameWord), { maxLength: 2 }))
  .map(([first, rest]) => first + rest.map(([sep, w]) => sep + w).join(""));
