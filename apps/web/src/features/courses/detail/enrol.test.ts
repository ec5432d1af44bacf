import { describe, expect, it } from "vitest";
import { enrolResultText } from "./enrol.ts";

describe("enrolment words", () => {
  it("says what changed", () => {
    expect(enrolResultText(2, 2, "Biology")).toBe("2 students added to Biology.");
    expect(enrolResultText(0, 1, "Biology")).toBe("That student was already in Biology.");
    expect(enrolResultText(0, 2, "Biology")).toBe("Those students were already in Biology.");
    expect(enrolResultText(1, 3, "Biology")).toBe("1 student added to Biology; 2 already enrolled.");
  });
});
