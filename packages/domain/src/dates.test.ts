import { describe, expect, it } from "vitest";
import { isValidDate } from "./dates.ts";

describe("isValidDate", () => {
  it("takes real calendar dates only", () => {
    expect(isValidDate("2026-11-23")).toBe(true);
    expect(isValidDate("2028-02-29")).toBe(true);
    expect(isValidDate("2026-02-29")).toBe(false);
    expect(isValidDate("2026-13-01")).toBe(false);
    expect(isValidDate("11/23/2026")).toBe(false);
    expect(isValidDate("2026-11-23T00:00")).toBe(false);
    expect(isValidDate("")).toBe(false);
  });
});
