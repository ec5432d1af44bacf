import { email } from "@rollbook/domain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { EMAIL_SHAPE, isEmailShape } from "./rules.ts";

describe("isEmailShape", () => {
  it("is the pattern of the server's e-mail schema", () => {
    expect(EMAIL_SHAPE.source).toBe(z.regexes.email.source);
  });

  it("agrees with the server's schema on addresses people type", () => {
    const typed = [
      "a@b.c",
      "x@y..com",
      "bad@",
      "help@school",
      " office@demo.rollbook.test ",
      "First.Last+tag@Example.ORG",
      "o'brien@school.edu",
      ".dot@school.edu",
      "two..dots@school.edu",
      "name@-school.edu",
      "name@school.e",
      "space in@school.edu",
    ];
    for (const value of typed) expect(isEmailShape(value), value).toBe(email.safeParse(value).success);
  });
});
