import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OWN_COLUMNS, OWN_KINDS } from "./columns.ts";

const doc = readFileSync(new URL("../../../../docs/imports.md", import.meta.url), "utf8");

/** The layouts the server checks, the web shows and docs/imports.md documents are one list. */
describe("import layouts", () => {
  it.each(OWN_KINDS)("%s: required columns, none twice, each documented in docs/imports.md", (kind) => {
    const { required, optional } = OWN_COLUMNS[kind];
    expect(required.length).toBeGreaterThan(0);
    const all = [...required, ...optional];
    expect(new Set(all).size).toBe(all.length);
    const section = doc.split(/\n## /).find((s) => s.startsWith(kind));
    expect(section, `docs/imports.md has a section "## ${kind}"`).toBeDefined();
    // the column table's first cells: "| first_name, last_name | required | ..."
    const listed = new Set(
      (section ?? "")
        .split("\n")
        .filter((l) => l.startsWith("| ") && !l.startsWith("| column"))
        .flatMap((l) => (l.split("|")[1] ?? "").split(",").map((c) => c.trim())),
    );
    for (const column of all) expect(listed.has(column), `${kind}.${column} in docs/imports.md`).toBe(true);
  });
});
