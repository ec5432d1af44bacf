import { describe, expect, it } from "vitest";
import { bulkResultText } from "./bulk.ts";

describe("bulk reset tokens, told in words", () => {
  it("names the participants whose token was kept for want of an e-mail address", () => {
    // 5 asked, 3 reset and mailed: the server skipped 2 without an e-mail (their old token works)
    expect(bulkResultText("reset", { requested: 5, changed: 3, emailed: true })).toBe(
      "Reset the tokens of 3 participants and e-mailed the new ones. 2 participants have no e-mail address: those tokens were kept.",
    );
    expect(bulkResultText("reset", { requested: 2, changed: 1, emailed: true })).toBe(
      "Reset the tokens of 1 participant and e-mailed the new ones. 1 participant has no e-mail address: that token was kept.",
    );
  });

  it("does not claim a token was reset or mailed when none was", () => {
    expect(bulkResultText("reset", { requested: 2, changed: 0, emailed: true })).toBe(
      "No token was reset. 2 participants have no e-mail address: those tokens were kept.",
    );
  });

  it("without e-mail every selected participant gets a new token", () => {
    expect(bulkResultText("reset", { requested: 4, changed: 4 })).toBe("Reset the tokens of 4 participants.");
    expect(bulkResultText("reset", { requested: 3, changed: 3, emailed: true })).toBe(
      "Reset the tokens of 3 participants and e-mailed the new ones.",
    );
  });
});
