import { afterEach, describe, expect, it, vi } from "vitest";
import { underSwedishLocale } from "../../../../../packages/domain/src/names.swedish-locale.ts";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { loadOptions } from "./option-queries.ts";

describe("the reports' location picker", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists locations in the server's order of names, whatever the browser's language (decision 0614)", async () => {
    const names = ["Zoology", "Öko", "art", "Économie", "Biology", "Ñandú", "Nash"];
    // one class at each location, as the server answers
    stubGraphql({
      reportLocationOptions: () => ({
        courses: { data: names.map((name, i) => ({ id: i + 1, location: { id: 100 + i, name } })) },
      }),
    });
    const expected = ["art", "Biology", "Économie", "Ñandú", "Nash", "Öko", "Zoology"];
    // a Swedish browser: its own order ("Ö" after "Z") for localeCompare without a locale
    await underSwedishLocale(async () => {
      expect((await loadOptions("location", "", "id")).map((o) => o.label)).toEqual(expected);
    });
  });
});
