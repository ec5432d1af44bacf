import { describe, expect, it, vi } from "vitest";
import { compareNames, comparePeople } from "./names.ts";

describe("names' order (decision 0612)", () => {
  it("sorts accented and lower-case initials among the others, as the database's und-x-icu", () => {
    // the order PostgreSQL 15 and PGlite give for `order by n collate "und-x-icu"`
    const sorted = ["a", "A", "Å", "Adams", "álvarez", "ch", "cz", "emile", "Emile", "Émile", "Nash", "nuñez", "Ñúñez"];
    const more = ["O", "Ø", "Öz", "ss", "Ss", "ß", "Young", "Zed"];
    const all = [...sorted, ...more];
    expect([...all].reverse().sort(compareNames)).toEqual(all);
  });

  it("breaks the collation's ties by code point, as PostgreSQL by bytes", () => {
    const nfc = "\u00c9mile"; // É as one code point
    const nfd = "E\u0301mile"; // E and a combining acute
    expect(new Intl.Collator("en").compare(nfc, nfd)).toBe(0);
    expect(compareNames(nfd, nfc)).toBe(-1); // "E" (0x45) before "É" (0xC9), in bytes too
    expect(compareNames(nfc, nfd)).toBe(1);
    expect(compareNames(nfc, nfc)).toBe(0);
  });

  it("does not depend on the browser's language", async () => {
    // a Swedish browser: Intl without a locale (or with "und", no locale to it) puts "Ö" after "Z"
    const Original = Intl.Collator;
    class Swedish extends Original {
      constructor(locales?: string | string[], options?: Intl.CollatorOptions) {
        super(locales === undefined || locales === "und" ? "sv" : locales, options);
      }
    }
    Object.defineProperty(Intl, "Collator", { value: Swedish, configurable: true, writable: true });
    try {
      expect(["Zed", "Öz"].sort(new Intl.Collator().compare)).toEqual(["Zed", "Öz"]);
      // a fresh copy of the module, whose collator is made under the Swedish browser
      vi.resetModules();
      const fresh = await import("./names.ts");
      expect(["Zed", "Öz", "Ola"].sort(fresh.compareNames)).toEqual(["Ola", "Öz", "Zed"]);
    } finally {
      Object.defineProperty(Intl, "Collator", { value: Original, configurable: true, writable: true });
    }
  });

  it("orders people by last name, first name, then id", () => {
    const p = (id: number, last_name: string, first_name: string) => ({ id, last_name, first_name });
    const people = [p(9, "Zed", "Ömer"), p(5, "Ñúñez", "Ángel"), p(6, "Ñúñez", "Ana"), p(3, "Émile", "Zack")];
    people.push(p(2, "nuñez", "Émile"), p(8, "Young", "Bo"), p(7, "Young", "Bo"));
    expect(people.sort(comparePeople).map((x) => x.id)).toEqual([3, 2, 6, 5, 7, 8, 9]);
  });
});
