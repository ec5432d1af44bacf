import { describe, expect, it } from "vitest";
import { closureErrors, EMPTY_CLOSURE } from "./closure-form.ts";

describe("the closure form", () => {
  it("asks for a title and both days, the last not before the first", () => {
    expect(closureErrors(EMPTY_CLOSURE)).toEqual({
      title: "Title is required",
      start_date: "First day is required",
      end_date: "Last day is required",
    });
    const v = { title: "Spring break", start_date: "2027-03-10", end_date: "2027-03-09" };
    expect(closureErrors(v)).toEqual({ end_date: "Last day must be on or after the first day" });
    expect(closureErrors({ ...v, end_date: "2027-03-10" })).toEqual({});
  });
});
