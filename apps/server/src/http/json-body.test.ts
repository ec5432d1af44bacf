import { describe, expect, it } from "vitest";
import { deepJsonText } from "../fuzz/hostile.ts";
import { jsonTextNestsDeeperThan } from "./json-body.ts";

describe("jsonTextNestsDeeperThan", () => {
  it("counts objects and arrays open at once, not how many there are", () => {
    expect(jsonTextNestsDeeperThan(deepJsonText(3, "array"), 3)).toBe(false);
    expect(jsonTextNestsDeeperThan(deepJsonText(4, "array"), 3)).toBe(true);
    expect(jsonTextNestsDeeperThan(deepJsonText(4, "object"), 3)).toBe(true);
    expect(jsonTextNestsDeeperThan(JSON.stringify(Array(1000).fill([[1]])), 3)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(jsonTextNestsDeeperThan(JSON.stringify({ a: "[[[[{{{{" }), 1)).toBe(false);
    expect(jsonTextNestsDeeperThan(JSON.stringify({ a: 'say \\"[[[[' }), 1)).toBe(false);
    expect(jsonTextNestsDeeperThan(JSON.stringify({ a: "x\\", b: [[1]] }), 2)).toBe(true);
  });
});
