import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { inlined } from "./copy-out.ts";

/** COPY takes no parameters: the values a report binds are written in, and must read back the same. */
describe("inlined", () => {
  const pg = new PGlite();
  afterAll(() => pg.close());

  it("writes hostile text, negatives and booleans so that they read back as bound", async () => {
    const text = `a'b\\c'); drop table x; --`;
    const q = inlined(sql`select ${text}::text as t, 10 - ${-5} as n, ${true} as b, ${null}::int as z`);
    expect(q).not.toContain("$1");
    const { rows } = await pg.query<{ t: string; n: number; b: boolean; z: number | null }>(q);
    expect(rows).toEqual([{ t: text, n: 15, b: true, z: null }]);
  });

  it("refuses what it cannot write safely", () => {
    expect(() => inlined(sql`select ${"a\0b"}`)).toThrow(/NUL/);
    expect(() => inlined(sql`select ${Number.NaN}`)).toThrow(/finite/);
    expect(() => inlined(sql`select ${{ a: 1 }}`)).toThrow(/literal/);
  });
});
