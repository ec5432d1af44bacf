import { describe, expect, it } from "vitest";
import { birthDateProblem, cleanStudentInput, phoneDigits } from "./fields.ts";

const today = "2026-03-01";
const create = (input: Parameters<typeof cleanStudentInput>[0]) => cleanStudentInput(input, { creating: true, today });
const update = (input: Parameters<typeof cleanStudentInput>[0]) => cleanStudentInput(input, { creating: false, today });
const fieldOf = (r: ReturnType<typeof cleanStudentInput>) => (r.ok ? null : r.error.field);

describe("phoneDigits", () => {
  it.each([
    ["(123) 456-7890", "1234567890"],
    ["123.456.7890", "1234567890"],
    ["+1 123 456 7890", "1234567890"],
    ["1234567890", "1234567890"],
    ["456-7890", null],
    ["+44 20 7946 0958 1", null],
    ["", null],
  ])("%s -> %s", (raw, digits) => expect(phoneDigits(raw)).toBe(digits));
});

describe("birthDateProblem", () => {
  it("takes a real date before the school's today, and refuses today, later and what is no date", () => {
    expect(birthDateProblem("2026-02-28", today)).toBeNull();
    expect(birthDateProblem("1900-01-01", today)).toBeNull();
    expect(birthDateProblem(today, today)).toBe("must be in the past");
    expect(birthDateProblem("2026-03-02", today)).toBe("must be in the past");
    expect(birthDateProblem("2001-02-29", today)).toMatch(/^must be a date \(YYYY-MM-DD\)/);
    expect(birthDateProblem("1899-12-31", today)).toMatch(/^must be a date \(YYYY-MM-DD\)/);
  });
});

describe("cleanStudentInput", () => {
  it("trims names, lower-cases the e-mail, stores phone digits, blank optional text as null", () => {
    const r = create({
      first_name: " Ada ",
      last_name: "Lovelace ",
      email: " Ada@Example.ORG ",
      phone: "(555) 123-4567",
      preferred_name: "  ",
      school_identifier: " S-1 ",
      date_of_birth: "2000-02-29",
      age: 0,
      is_veteran: false,
    });
    expect(r).toEqual({
      ok: true,
      value: {
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@example.org",
        phone: "5551234567",
        preferred_name: null,
        school_identifier: "S-1",
        date_of_birth: "2000-02-29",
        age: 0,
        is_veteran: false,
      },
    });
  });

  it("requires both names on create, only those given on update", () => {
    expect(fieldOf(create({ first_name: "A" }))).toBe("last_name");
    expect(fieldOf(create({ last_name: "B" }))).toBe("first_name");
    expect(update({ email: null })).toEqual({ ok: true, value: { email: null } });
    expect(fieldOf(update({ first_name: "   " }))).toBe("first_name");
    expect(fieldOf(update({ last_name: null }))).toBe("last_name");
  });

  it.each([
    [{ first_name: "x".repeat(101) }, "first_name"],
    [{ last_name: "J\u202Edge" }, "last_name"],
    [{ preferred_name: "Ann\u2067e" }, "preferred_name"],
    [{ email: "nope" }, "email"],
    [{ phone: "12345" }, "phone"],
    [{ age: 131 }, "age"],
    [{ age: -1 }, "age"],
    [{ age: 1.5 }, "age"],
    [{ date_of_birth: "2001-02-29" }, "date_of_birth"],
    [{ date_of_birth: "01/02/2001" }, "date_of_birth"],
    [{ date_of_birth: today }, "date_of_birth"],
    [{ school_identifier: "x".repeat(201) }, "school_identifier"],
    [{ race: "x".repeat(201) }, "race"],
  ])("refuses %j naming its field", (input, field) => {
    expect(fieldOf(update(input as never))).toBe(field);
  });

  it("accepts the limits themselves", () => {
    expect(update({ age: 130, first_name: "x".repeat(100), date_of_birth: "2026-02-28" }).ok).toBe(true);
  });
});
