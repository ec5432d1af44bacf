import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../test/csv.ts";
import { type Cell, csvCell, csvLine, csvStream, localDateTime, safeCell } from "./csv-cells.ts";

/** A school far from UTC: its evening is the next day in UTC. */
const LA = "America/Los_Angeles";

/** The text a spreadsheet shows for a cell: the guard's apostrophe kept, numbers as written. */
const shown = (v: Cell) =>
  v === null ? "" : typeof v === "number" ? String(v) : v instanceof Date ? localDateTime(v, LA) : safeCell(v);

/** Reads a CSV line back as a spreadsheet set to this list separator would. */
const readBack = (text: string, delimiter: string) =>
  parse(text, { delimiter, relax_column_count: true }) as string[][];

describe("CSV cell encoder", () => {
  it("quotes every text cell, doubling quotes, after the formula guard", () => {
    expect(csvCell("x;=1+2", LA)).toBe('"x;=1+2"');
    expect(csvCell("Bio;=1+2", LA)).toBe('"Bio;=1+2"');
    expect(csvCell('say "hi"\nbye', LA)).toBe('"say ""hi""\nbye"');
    expect(csvCell("a,b", LA)).toBe('"a,b"');
    expect(csvCell("Ann", LA)).toBe('"Ann"');
    expect(csvCell("", LA)).toBe('""');
    expect(csvCell("'=x", LA)).toBe(`"'=x"`);
    for (const v of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("x")'])
      expect(csvCell(v, LA), JSON.stringify(v)).toBe(`"'${v.replace(/"/g, '""')}"`);
  });

  it("writes numbers bare and null as an empty cell", () => {
    expect(csvLine(["a", null, 3, -2.5, 0, ""], LA)).toBe('"a",,3,-2.5,0,""\n');
    expect(csvCell(null, LA)).toBe("");
    expect(csvCell(-1, LA)).toBe("-1");
  });

  it("writes an instant bare, as the school's local date and time (decision 0823)", () => {
    // an evening session at a school in Los Angeles: in UTC it is already the next day
    expect(csvCell(new Date("2026-11-27T02:00:00Z"), LA)).toBe("2026-11-26 18:00:00");
    expect(csvCell(new Date("2026-11-27T03:30:15.5Z"), LA)).toBe("2026-11-26 19:30:15");
    // the sweep's row: 9:03 AM on screen in New York; Tokyo is the next calendar day's evening
    expect(csvCell(new Date("2026-11-26T14:03:00.000Z"), "America/New_York")).toBe("2026-11-26 09:03:00");
    expect(csvCell(new Date("2026-11-26T14:03:00.000Z"), "Asia/Tokyo")).toBe("2026-11-26 23:03:00");
    expect(csvCell(new Date("2026-11-26T14:03:00.000Z"), "Asia/Kathmandu")).toBe("2026-11-26 19:48:00");
    // the fraction of a second is cut, as PostgreSQL's to_char does
    expect(csvCell(new Date("2026-03-04T05:06:07.999Z"), "UTC")).toBe("2026-03-04 05:06:07");
    // daylight saving: the clock jumps from 01:59:59 to 03:00:00, and reads 01:30 twice in the fall
    expect(csvCell(new Date("2026-03-08T09:59:59Z"), LA)).toBe("2026-03-08 01:59:59");
    expect(csvCell(new Date("2026-03-08T10:00:00Z"), LA)).toBe("2026-03-08 03:00:00");
    expect(csvCell(new Date("2026-11-01T08:30:00Z"), LA)).toBe("2026-11-01 01:30:00");
    expect(csvCell(new Date("2026-11-01T09:30:00Z"), LA)).toBe("2026-11-01 01:30:00");
    expect(csvLine(["Ann", new Date("2026-11-27T02:00:00Z"), null], LA)).toBe('"Ann",2026-11-26 18:00:00,\n');
  });

  it("writes the same text cells as the Status report's SQL (csv-sql.ts textCell)", () => {
    // textCell: coalesce('"' || replace(guarded, '"', '""') || '"', '')
    const sqlTextCell = (v: string | null) => (v === null ? "" : `"${safeCell(v).replace(/"/g, '""')}"`);
    for (const v of ["x;=1+2", 'Quote "Q"', "Line\nBreak", "=SUM(A1)", "\rCR", "", null, "Ünïcödé ✓ \\"])
      expect(csvCell(v, LA), JSON.stringify(v)).toBe(sqlTextCell(v));
  });

  it("writes a calendar date bare, as the Status report's SQL writes its date column", () => {
    expect(csvLine(["2026-11-28", "x", 3], LA)).toBe('2026-11-28,"x",3\n');
    // only a whole YYYY-MM-DD: other text with a date in it stays a quoted text cell
    for (const v of ["2026-11-28 x", " 2026-11-28", "2026-1-28", "2026-11-28\n"])
      expect(csvCell(v, LA), JSON.stringify(v)).toBe(`"${v}"`);
  });

  it("keeps any text one cell, read with ',' or ';' as the list separator", () => {
    const instant = fc.date({
      min: new Date("1970-01-01T00:00:00Z"),
      max: new Date("2200-01-01T00:00:00Z"),
      noInvalidDate: true,
    });
    const cell = fc.oneof(fc.string({ unit: "grapheme" }), fc.constantFrom("x;=1+2", '";=1+2;"', "a\r\nb", '""'));
    fc.assert(
      fc.property(
        fc.array(fc.oneof(cell, fc.integer(), fc.constant(null), instant), { minLength: 1, maxLength: 6 }),
        (cells) => {
          const line = csvLine(cells, LA);
          expect(parseCsv(line)).toEqual([cells.map(shown)]);
          expect(readBack(line, ",")).toEqual([cells.map(shown)]);
          // with ";" a quoted text cell still reads as itself: its separators are inside the quotes
          for (const [i, v] of cells.entries()) {
            if (typeof v !== "string") continue;
            expect(readBack(csvLine([v], LA), ";"), `cell ${i}`).toEqual([[safeCell(v)]]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("streams the header bare, then the rows", async () => {
    const csv = csvStream(["first_name", "apa", "last_seen"], LA);
    const out: string[] = [];
    csv.on("data", (d: Buffer) => out.push(d.toString()));
    const done = new Promise((resolve) => csv.on("end", resolve));
    csv.write(["x;=1+2", 1.5, new Date("2026-11-27T02:00:00Z")]);
    csv.write(["=cmd", null, null]);
    csv.end();
    await done;
    expect(out.join("")).toBe(`first_name,apa,last_seen\n"x;=1+2",1.5,2026-11-26 18:00:00\n"'=cmd",,\n`);
  });
});
