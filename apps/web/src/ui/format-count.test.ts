import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { rowsWord } from "../features/imports/columns.ts";
import { progressText } from "../features/reports/export-store.ts";

const SRC = join(import.meta.dirname, "..");

/** Every .ts/.tsx file under apps/web/src but tests, with its path relative to src. */
function sources(dir = SRC): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name === "gql" ? [] : sources(full);
    if (!/\.tsx?$/.test(e.name) || /\.test\.tsx?$/.test(e.name)) return [];
    return [{ path: relative(SRC, full), text: readFileSync(full, "utf8") }];
  });
}

/**
 * A figure is written by one function, the domain's formatCount (10716 -> "10,716"), so the
 * screens cannot drift apart (one grouping, one rule for fractions).
 */
describe("figures on screen", () => {
  it("are grouped by formatCount, not by a toLocaleString of their own", () => {
    const own = sources()
      .filter((f) => /\.toLocaleString\(\s*["']en-US["']\s*\)/.test(f.text))
      .map((f) => f.path);
    expect(own).toEqual([]);
  });

  it("still read as before: thousands grouped, one row in the singular", () => {
    expect(rowsWord(1)).toBe("1 row");
    expect(rowsWord(2400)).toBe("2,400 rows");
    expect(progressText({ received: 1200, total: 25_000 })).toBe("1,200 of 25,000 rows");
    expect(progressText({ received: 10_716, total: null })).toBe("10,716 rows");
  });
});
