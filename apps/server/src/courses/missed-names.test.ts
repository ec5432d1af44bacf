import { describe, expect, it } from "vitest";
import { underSwedishLocale } from "../../../../packages/domain/src/names.swedish-locale.ts";
import type { Scoped } from "../access/scoped.ts";
import { studentsByIds } from "./figures.ts";

/**
 * A course's or event's missed list (studentsByIds) sorts names as the database does (decision
 * 0612), not by the server process's locale: under a Swedish one `localeCompare` puts "Öz" after "Zed".
 */
describe("the missed list's order of names", () => {
  it("is the database's (und-x-icu), whatever the server's locale", async () => {
    const rows = new Map(
      [
        [1, "Zed", "Ömer"],
        [2, "Öz", "Ana"],
        [3, "Ñúñez", "Ángel"],
        [4, "Ñúñez", "Ana"],
        [5, "Émile", "Zack"],
        [6, "álvarez", "Óscar"],
      ].map(([id, last_name, first_name]) => [id as number, { id, last_name, first_name }]),
    );
    const data = { byId: async (_table: string, id: number) => rows.get(id) ?? null } as unknown as Scoped;
    const sorted = await underSwedishLocale(() => studentsByIds(data, [1, 2, 3, 4, 5, 6, 7]));
    // as `order by last_name collate "und-x-icu", first_name collate "und-x-icu", id`
    expect(sorted.map((s) => s.id)).toEqual([6, 5, 4, 3, 2, 1]);
  });
});
