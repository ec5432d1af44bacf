import { afterEach, describe, expect, it, vi } from "vitest";
import { underSwedishLocale } from "../../../../../packages/domain/src/names.swedish-locale.ts";
import { stubGraphql } from "../../../test/graphql-stub.ts";
import { NETWORK_ERROR } from "../../lib/http.ts";
import { loadOptions } from "./option-queries.ts";

describe("the reports' location picker", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists locations in the server's order of names, whatever the browser's language (decision 0614)", async () => {
    const names = ["Zoology", "Öko", "art", "Économie", "Biology", "Ñandú", "Nash"];
    // the school's locations, as the server answers
    stubGraphql({
      reportLocationChoices: () => ({ locationChoices: names.map((name, i) => ({ id: 100 + i, name })) }),
    });
    const expected = ["art", "Biology", "Économie", "Ñandú", "Nash", "Öko", "Zoology"];
    // a Swedish browser: its own order ("Ö" after "Z") for localeCompare without a locale
    await underSwedishLocale(async () => {
      expect((await loadOptions("location", "", "id")).map((o) => o.label)).toEqual(expected);
    });
  });

  it("offers every location of the school, one without a class too (a field house with beacons only)", async () => {
    const calls = stubGraphql({
      reportLocationChoices: () => ({
        locationChoices: [
          { id: 1, name: "Main Hall" },
          { id: 3, name: "Athletics Field House" },
        ],
      }),
      // the classes meet in Main Hall only
      reportLocationOptions: () => ({ courses: { data: [{ id: 7, location: { id: 1, name: "Main Hall" } }] } }),
    });
    const options = await loadOptions("location", "", "id");
    expect(options).toEqual([
      { value: "3", label: "Athletics Field House" },
      { value: "1", label: "Main Hall" },
    ]);
    expect(calls.map((c) => c.operation)).toEqual(["reportLocationChoices"]);
    expect((await loadOptions("location", "field", "id")).map((o) => o.label)).toEqual(["Athletics Field House"]);
  });

  it("falls back to the classes' locations where the viewer may not list them all", async () => {
    stubGraphql({
      reportLocationOptions: () => ({
        courses: {
          data: [
            { id: 7, location: { id: 1, name: "Main Hall" } },
            { id: 8, location: { id: 1, name: "Main Hall" } },
            { id: 9, location: null },
          ],
        },
      }),
    });
    expect(await loadOptions("location", "", "id")).toEqual([{ value: "1", label: "Main Hall" }]);
  });

  it("does not fall back when the server cannot be reached: the picker says so", async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetch);
    await expect(loadOptions("location", "", "id")).rejects.toThrow(NETWORK_ERROR);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
