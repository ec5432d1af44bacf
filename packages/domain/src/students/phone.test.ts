import { describe, expect, it } from "vitest";
import { PHONE_MOVE_AFTER_MS, phoneFreeAt } from "./phone.ts";

describe("a signed-out phone's wait", () => {
  it("is ten hours: longer than a school day, shorter than a night", () => {
    expect(PHONE_MOVE_AFTER_MS).toBe(36_000_000);
    expect(phoneFreeAt("2026-11-27T07:30:00.000Z").toISOString()).toBe("2026-11-27T17:30:00.000Z");
    expect(phoneFreeAt(new Date("2026-11-27T20:00:00.000Z")).toISOString()).toBe("2026-11-28T06:00:00.000Z");
  });
});
