import { describe, expect, it } from "vitest";
import { rateLimitedError } from "./refusal.ts";

describe("rate-limit refusals", () => {
  it("say how long to wait in words that agree with the number", () => {
    const say = (ms: number) => rateLimitedError(ms, "Too many.").message;
    expect(say(1)).toBe("Too many. Try again in 1 second.");
    expect(say(1000)).toBe("Too many. Try again in 1 second.");
    expect(say(1001)).toBe("Too many. Try again in 2 seconds.");
    expect(say(119_000)).toBe("Too many. Try again in 119 seconds.");
    expect(say(15 * 60_000)).toBe("Too many. Try again in 15 minutes.");
  });
});
