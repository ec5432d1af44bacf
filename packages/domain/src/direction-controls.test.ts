import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { registerInput } from "./auth-schemas.ts";
import { directionControlProblem } from "./direction-controls.ts";

describe("directionControlProblem", () => {
  it("names each embedding, override and isolate control", () => {
    for (const cp of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      const c = String.fromCodePoint(cp);
      expect(directionControlProblem(`J${c}dge`)).toBe(
        `must not hold a text-direction control character (U+${cp.toString(16).toUpperCase()})`,
      );
    }
  });

  it("lets names in any script through, right-to-left ones and their marks included", () => {
    for (const name of ["Ñúñez", "Zoë O'Brien-Smith", "محمد", "שרה", "李小龍", "Nguyễn", "J😀dge", "a\u200Fb\u200Ec"])
      expect(directionControlProblem(name)).toBeNull();
  });

  it("finds a control wherever it sits in any text", () => {
    const control = fc.constantFrom(..."\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069");
    fc.assert(
      fc.property(fc.string(), control, fc.string(), (before, c, after) => {
        expect(directionControlProblem(before + c + after)).not.toBeNull();
      }),
    );
    const clean = fc.string({ unit: "grapheme" }).filter((s) => !/[\u202A-\u202E\u2066-\u2069]/.test(s));
    fc.assert(
      fc.property(clean, (s) => {
        expect(directionControlProblem(s)).toBeNull();
      }),
    );
  });

  it("is refused in a registration's names, naming the field", () => {
    const base = {
      token: "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b",
      first_name: "Ada",
      last_name: "Lovelace",
      password: "a-long-passphrase-1",
      password_confirmation: "a-long-passphrase-1",
    };
    expect(registerInput.safeParse(base).success).toBe(true);
    const bad = registerInput.safeParse({ ...base, last_name: "Love\u202Elace" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ["last_name"],
      message: "must not hold a text-direction control character (U+202E)",
    });
  });
});
