import { describe, expect, it } from "vitest";
import { foldForSearch, SEARCH_FOLD_LETTERS, SEARCH_FOLD_MARKS, studentSearchText } from "./search-fold.ts";

describe("foldForSearch", () => {
  it("drops case and accents: the forms staff type find the name", () => {
    for (const typed of ["nunez", "NUNEZ", "Núñez", "Ñúñez", "ñúñez", "NÚÑEZ", "Nuñez"])
      expect(foldForSearch(typed), typed).toBe("nunez");
    expect(foldForSearch("Émile")).toBe("emile");
    expect(foldForSearch("Zoë Åsa Ångström")).toBe("zoe asa angstrom");
    expect(foldForSearch("Nguyễn Thị Ánh")).toBe("nguyen thi anh");
    expect(foldForSearch("François Çelik Şahin Ğ")).toBe("francois celik sahin g");
    expect(foldForSearch("Dvořák Škoda Ťuhý")).toBe("dvorak skoda tuhy");
  });

  it("takes apart the letters NFD leaves whole: ß æ œ ø ł đ ð þ ı ħ ŧ ŋ, capitals too", () => {
    expect(foldForSearch("Straße")).toBe("strasse");
    expect(foldForSearch("STRAẞE")).toBe("strasse");
    expect(foldForSearch("Æsa Cæsar")).toBe("aesa caesar");
    expect(foldForSearch("Œuvre Cœur")).toBe("oeuvre coeur");
    expect(foldForSearch("Øyvind Bjørn")).toBe("oyvind bjorn");
    expect(foldForSearch("Łukasz Michał")).toBe("lukasz michal");
    expect(foldForSearch("Đorđević")).toBe("dordevic");
    expect(foldForSearch("Guðrún Ðóra")).toBe("gudrun dora");
    expect(foldForSearch("Þór Þórsdóttir")).toBe("thor thorsdottir");
    expect(foldForSearch("Işık Yıldız")).toBe("isik yildiz");
    expect(foldForSearch("İstanbul")).toBe("istanbul");
    expect(foldForSearch("Ħamrun Ŧ Ŋ")).toBe("hamrun t n");
  });

  it("folds full-width letters, ligatures, no-break spaces and the typographic apostrophes", () => {
    expect(foldForSearch("ＮＵÑＥＺ")).toBe("nunez");
    expect(foldForSearch("ﬁona")).toBe("fiona");
    expect(foldForSearch("Ana\u00a0María")).toBe("ana maria");
    expect(foldForSearch("O’Brien")).toBe("o'brien");
    expect(foldForSearch("O‘Neil")).toBe("o'neil");
    expect(foldForSearch("Ngũgĩ waʼ Thiongʼo")).toBe("ngugi wa' thiong'o");
    expect(foldForSearch("O'Brien")).toBe("o'brien");
  });

  it("folds Greek and Cyrillic accents and case; the final sigma is a sigma", () => {
    expect(foldForSearch("Ζωή Παπαδοπούλου")).toBe("ζωη παπαδοπουλου");
    expect(foldForSearch("ΟΔΟΣ")).toBe("οδοσ");
    expect(foldForSearch("Οδος")).toBe("οδοσ");
    expect(foldForSearch("Ёлкин Йосиф")).toBe("елкин иосиф");
    // polytonic Greek: the iota subscript is the iota its capital writes
    for (const s of ["ᾳ", "ᾼ", "ΑΙ", "ᾴ"]) expect(foldForSearch(s), s).toBe("αι");
  });

  it("drops Hebrew and Arabic vowel points, keeps the letters", () => {
    expect(foldForSearch("שָׁלוֹם")).toBe("שלום");
    expect(foldForSearch("مُحَمَّد")).toBe("محمد");
    expect(foldForSearch("أحمد")).toBe("احمد");
  });

  it("keeps the vowel signs of Devanagari and Thai, and leaves CJK and Hangul as they are (decomposed)", () => {
    expect(foldForSearch("कुमार")).not.toBe(foldForSearch("कमार"));
    expect(foldForSearch("สมชาย")).toBe("สมชาย");
    expect(foldForSearch("王小明")).toBe("王小明");
    expect(foldForSearch("김민준")).toBe("김민준".normalize("NFD"));
    expect(foldForSearch("김민준".normalize("NFD"))).toBe(foldForSearch("김민준"));
  });

  it("keeps LIKE's wildcards and the backslash (the caller escapes them after folding)", () => {
    expect(foldForSearch("%_\\Literal")).toBe("%_\\literal");
    // full-width ones become them: escaped after folding, they match literally
    expect(foldForSearch("％＿＼")).toBe("%_\\");
  });

  it("a term of accents alone folds to nothing", () => {
    expect(foldForSearch("\u0301\u0303")).toBe("");
    expect(foldForSearch("")).toBe("");
  });

  it("studentSearchText: first, last and e-mail, one space between, e-mail optional", () => {
    expect(studentSearchText({ first_name: "Ángel", last_name: "Ñúñez", email: "A.Nunez@X.test" })).toBe(
      "angel nunez a.nunez@x.test",
    );
    expect(studentSearchText({ first_name: "Émile", last_name: "Zed", email: null })).toBe("emile zed ");
  });
});

describe("the folding tables", () => {
  it("every removed code point is a combining mark (or unassigned); the ranges are in order and apart", () => {
    let last = -1;
    for (const [a, b] of SEARCH_FOLD_MARKS) {
      expect(a).toBeGreaterThan(last + 1);
      expect(b).toBeGreaterThanOrEqual(a);
      last = b;
      for (let cp = a; cp <= b; cp++) {
        const c = String.fromCodePoint(cp);
        // non-spacing or enclosing (U+20DD, a circle around a letter); unassigned ones of the blocks are Cn
        expect(/\p{Mn}|\p{Me}|\p{Cn}/u.test(c), cp.toString(16)).toBe(true);
      }
    }
  });

  it("the letters are single lower-case code points that NFKD leaves whole; no replacement holds a key", () => {
    const keys = Object.keys(SEARCH_FOLD_LETTERS);
    for (const [from, to] of Object.entries(SEARCH_FOLD_LETTERS)) {
      expect([...from]).toHaveLength(1);
      expect(from.normalize("NFKD"), from).toBe(from);
      expect(from.toLowerCase(), from).toBe(from);
      for (const k of keys) expect(to.includes(k), `${from} -> ${to}`).toBe(false);
    }
  });
});
