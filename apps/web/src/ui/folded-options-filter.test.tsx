import { MantineProvider, MultiSelect, Select } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildTheme } from "../app/theme.ts";
import { DEFAULT_PREFS } from "../lib/session.ts";
import { foldedOptionsFilter } from "./folded-options-filter.ts";

const item = (label: string) => ({ value: label, label });
const labels = (out: ReturnType<typeof foldedOptionsFilter>) =>
  out.map((o) => ("group" in o ? `${o.group}: ${o.items.map((i) => i.label).join(", ")}` : o.label));

describe("foldedOptionsFilter", () => {
  const options = ["Café Society", "Cafeteria Duty", "Straße Crew", "Øresund Rowing", "Biology"].map(item);

  it("matches what is typed without its case or accents, on either side", () => {
    expect(labels(foldedOptionsFilter({ options, search: "cafe", limit: 99 }))).toEqual([
      "Café Society",
      "Cafeteria Duty",
    ]);
    expect(labels(foldedOptionsFilter({ options, search: " CAFÉ S ", limit: 99 }))).toEqual(["Café Society"]);
    expect(labels(foldedOptionsFilter({ options, search: "strasse", limit: 99 }))).toEqual(["Straße Crew"]);
    expect(labels(foldedOptionsFilter({ options, search: "oresund", limit: 99 }))).toEqual(["Øresund Rowing"]);
    expect(labels(foldedOptionsFilter({ options, search: "", limit: 99 }))).toHaveLength(5);
  });

  it("keeps groups and the limit, as Mantine's own filter does", () => {
    const grouped = [
      { group: "Classes", items: options.slice(0, 2) },
      { group: "Teams", items: options.slice(2) },
    ];
    // Mantine counts a group as one towards the limit, and gives each group what is left
    expect(labels(foldedOptionsFilter({ options: grouped, search: "e", limit: 2 }))).toEqual([
      "Classes: Café Society, Cafeteria Duty",
      "Teams: Straße Crew",
    ]);
    expect(labels(foldedOptionsFilter({ options, search: "o", limit: 2 }))).toEqual(["Café Society", "Øresund Rowing"]);
  });
});

describe("the theme's searchable fields", () => {
  it("keep an accented option when it is typed plainly (Select and MultiSelect)", async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider theme={buildTheme(DEFAULT_PREFS)} env="test">
        <Select label="Class" searchable data={["Café Society", "Biology"]} />
        <MultiSelect label="Teams" searchable data={["Straße Crew", "Debate"]} />
      </MantineProvider>,
    );
    await user.type(screen.getByRole("combobox", { name: "Class" }), "cafe");
    expect(await screen.findByRole("option", { name: "Café Society" })).toBeTruthy();
    expect(screen.queryByRole("option", { name: "Biology" })).toBeNull();
    await user.type(screen.getByRole("combobox", { name: "Teams" }), "STRASSE");
    expect(await screen.findByRole("option", { name: "Straße Crew" })).toBeTruthy();
    expect(screen.queryByRole("option", { name: "Debate" })).toBeNull();
  });
});
