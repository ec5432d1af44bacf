import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../test/csv.ts";
import { type Cell, csvCell, csvLine, csvStream, safeCell } from "./csv-cells.ts";

/** The text a spreadsheet shows for a cell: the guard's apostrophe kept, numbers as written. */
const shown = (v: Cell) => (v === null ? "" : typeof v === "number" ? String(v) : safeCell(v));

/** Reads a CSV line back as a spreadsheet set to this list separator would. */
const readBack = (text: string, delimiter: string) =>
  parse(text, { delimiter, relax_column_count: true }) as string[][];

describe("CSV cell encoder", () => {
  it("quotes every text cell, doubling quotes, after the formula guard", () => {
    expect(csvCell("x;=1+2")).toBe('"x;=1+2"');
    expect(csvCell("Bio;=1+2")).toBe('"Bio;=1+2"');
    expect(csvCell('say "hi"\nbye')).toBe('"say ""hi""\nbye"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("Ann")).toBe('"Ann"');
    expect(csvCell("")).toBe('""');
    expect(csvCell("'=x")).toBe(`"'=x"`);
    for (const v of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("x")'])
      expect(csvCell(v), JSON.stringify(v)).toBe(`"'${v.replace(/"/g, '""')}"`);
  });

  it("writes numbers bare and null as an empty cell", () => {
    expect(csvLine(["a", null, 3, -2.5, 0, ""])).toBe('"a",,3,-2.5,0,""\n');
    expect(csvCell(null)).toBe("");
    expect(csvCell(-1)).toBe("-1");
  });

  it("writes the same text cells as the Status report's SQL (csv-sql.ts textCell)", () => {
    // textCell: coalesce('"' || replace(guarded, '"', '""') || '"', '')
    const sqlTextCell = (v: string | null) => (v === null ? "" : `"${safeCell(v).replace(/"/g, '""')}"`);
    for (const v of ["x;=1+2", 'Quote "Q"', "Line\nBreak", "=SUM(A1)", "\rCR", "", null, "Ünïcödé ✓ \\"])
      expect(csvCell(v), JSON.stringify(v)).toBe(sqlTextCell(v));
  });

  it("keeps any text one cell, read with ',' or ';' as the list separator", () => {
    const cell = fc.oneof(fc.string({ unit: "grapheme" }), fc.constantFrom("x;=1+2", '";=1+2;"', "a\r\nb", '""'));
    fc.assert(
      fc.property(
        fc.array(fc.oneof(cell, fc.integer(), fc.constant(null)), { minLength: 1, maxLength: 6 }),
        (cells) => {
          const line = csvLine(cells);
          expect(parseCsv(line)).toEqual([cells.map(shown)]);
          expect(readBack(line, ",")).toEqual([cells.map(shown)]);
          // with ";" a quoted text cell still reads as itself: its separators are inside the quotes
          for (const [i, v] of cells.entries()) {
            if (typeof v !== "string") continue;
            expect(readBack(csvLine([v]), ";"), `cell ${i}`).toEqual([[safeCell(v)]]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("streams the header bare, then the rows", async () => {
    const csv = csvStream(["first_name", "apa"]);
    const out: string[] = [];
    csv.on("data", (d: Buffer) => out.push(d.toString()));
    const done = new Promise((resolve) => csv.on("end", resolve));
    csv.write(["x;=1+2", 1.5]);
    csv.write(["=cmd", null]);
    csv.end();
    await done;
    expect(out.join("")).toBe(`first_name,apa\n"x;=1+2",1.5\n"'=cmd",\n`);
  });
});
