import { describe, expect, it } from "vitest";
import { newOfflineSecret, offlineCodeAt } from "../attendance/offline-code.ts";
import {
  foldToken,
  newStudentToken,
  offlineCodeUri,
  TOKEN_ALPHABET,
  tokenHolder,
  tokenLookupForms,
  tokenPatternProblem,
} from "./tokens.ts";

describe("newStudentToken", () => {
  it("random: 10 characters that cannot be mistaken for one another", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const t = newStudentToken("random");
      expect(t).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
      seen.add(t);
    }
    expect(seen.size).toBe(200);
    expect(TOKEN_ALPHABET).not.toMatch(/[IO01]/);
  });

  it("follows a pattern: # a digit, @ a letter, * either, the rest as written", () => {
    for (let i = 0; i < 50; i++)
      expect(newStudentToken("RB-####-@@@@-***")).toMatch(/^RB-[2-9]{4}-[A-HJ-NP-Z]{4}-[A-HJ-NP-Z2-9]{3}$/);
    // a deterministic pick shows each placeholder's alphabet
    expect(newStudentToken("###@@@@@@****x", () => 0)).toBe("222AAAAAAAAAAx");
  });

  it("falls back to random for a pattern too easy to guess or missing", () => {
    expect(tokenPatternProblem("AB-##")).toMatch(/at least 6/);
    expect(tokenPatternProblem("random")).toBeNull();
    // 8^6 = 262,144 tokens: found by guessing in seconds (decision 0403)
    expect(tokenPatternProblem("######")).toMatch(/allows only 262,144 different tokens: it needs at least 2\^40/);
    expect(tokenPatternProblem("********")).toBeNull(); // 32^8 = 2^40 exactly
    expect(tokenPatternProblem("*******")).not.toBeNull();
    expect(newStudentToken("AB-##")).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    // a weak pattern saved before the floor gives random tokens, not guessable ones
    expect(newStudentToken("######")).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect(newStudentToken(null)).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
  });
});

describe("a token typed in any case (decision 0404)", () => {
  it("is looked up as sent, then in uppercase when it has lowercase letters", () => {
    expect(tokenLookupForms("ug5jg7shc3")).toEqual(["ug5jg7shc3", "UG5JG7SHC3"]);
    expect(tokenLookupForms("Rb-2345-abcd")).toEqual(["Rb-2345-abcd", "RB-2345-ABCD"]);
    // nothing to fold: one lookup
    expect(tokenLookupForms("UG5JG7SHC3")).toEqual(["UG5JG7SHC3"]);
    expect(tokenLookupForms("2345-6789")).toEqual(["2345-6789"]);
    // only a-z fold: other letters are kept as typed
    expect(foldToken("école-ß-x")).toBe("éCOLE-ß-X");
  });

  it("signs in the exact token first, else the one stored in uppercase, never a mixed-case one by folding", () => {
    const upper = { token: "AB3K", id: 1 };
    const exact = { token: "ab3k", id: 2 };
    const mixed = { token: "aB3k", id: 3 };
    expect(tokenHolder("ab3k", [upper, exact])).toBe(exact);
    expect(tokenHolder("ab3k", [exact, upper])).toBe(exact);
    expect(tokenHolder("Ab3K", [upper, null])).toBe(upper);
    expect(tokenHolder("AB3K", [upper])).toBe(upper);
    // a stored token with lowercase letters is its own case: "AB3K" or "ab3K" do not reach it
    expect(tokenHolder("ab3K", [mixed])).toBeNull();
    expect(tokenHolder("AB3K", [mixed])).toBeNull();
    expect(tokenHolder("zz", [])).toBeNull();
  });
});

describe("offlineCodeUri", () => {
  it("names the student and carries the secret with the offline code's parameters", () => {
    const secret = newOfflineSecret();
    const uri = offlineCodeUri("Ada Lovelace", secret);
    expect(uri).toBe(`otpauth://totp/Rollbook%3AAda%20Lovelace?secret=${secret}&issuer=Rollbook&digits=6&period=30`);
    // the parameters are those offlineCodeAt uses: a 6-digit code
    expect(offlineCodeAt(secret, new Date())).toMatch(/^\d{6}$/);
    expect(new URL(uri).searchParams.get("secret")).toBe(secret);
  });
});
