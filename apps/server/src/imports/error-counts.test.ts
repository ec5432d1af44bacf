import { describe, expect, it } from "vitest";
import { errorCount, rejectedRows } from "./reads.ts";

/** An import's counts of what it did not write (the stored `row_errors`, as the job leaves them). */
describe("an import's error counts", () => {
  const listed = [
    { line: 2, reason: "first_name: is required" },
    { line: 5, reason: "email: must be a valid e-mail address" },
  ];

  it("count the listed rows, and the rows past the list that the note of line 0 counts", () => {
    const errors = [...listed, { line: 0, reason: "250 more rows had errors: only the first 2 are listed", rows: 250 }];
    expect(rejectedRows(errors)).toBe(252);
    expect(errorCount(errors)).toBe(252);
  });

  it("a failure of the whole file is an error of the import, not a row", () => {
    const errors = [...listed, { line: 0, reason: "the import stopped after 1000 rows: connection lost" }];
    expect(rejectedRows(errors)).toBe(2);
    expect(errorCount(errors)).toBe(3);
  });

  it("nothing refused, nothing counted", () => {
    expect(rejectedRows([])).toBe(0);
    expect(errorCount([])).toBe(0);
  });
});
