import { Table } from "@mantine/core";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderUi } from "../../test/render.tsx";
import { CaptionedTable } from "./CaptionedTable.tsx";

const table = () => (
  <CaptionedTable caption="Students of Algebra" minWidth={600}>
    <Table.Tbody>
      <Table.Tr>
        <Table.Td>Sofia Adams</Table.Td>
        <Table.Td>92%</Table.Td>
      </Table.Tr>
    </Table.Tbody>
  </CaptionedTable>
);

/** jsdom lays nothing out: the widths a phone would give the scroll box and its table. */
function widths(scroll: number, client: number) {
  const proto = HTMLElement.prototype;
  const saved = [
    Object.getOwnPropertyDescriptor(proto, "scrollWidth"),
    Object.getOwnPropertyDescriptor(proto, "clientWidth"),
  ];
  Object.defineProperty(proto, "scrollWidth", { configurable: true, get: () => scroll });
  Object.defineProperty(proto, "clientWidth", { configurable: true, get: () => client });
  return () => {
    for (const [k, d] of [
      ["scrollWidth", saved[0]],
      ["clientWidth", saved[1]],
    ] as const)
      if (d) Object.defineProperty(proto, k, d);
      else delete (proto as unknown as Record<string, unknown>)[k];
  };
}

describe("CaptionedTable's scroll box", () => {
  let restore = () => {};
  afterEach(() => restore());

  it("is a tab stop named by the caption while the table is wider than the screen", () => {
    restore = widths(600, 358);
    renderUi(table());
    const region = screen.getByRole("region", { name: "Students of Algebra" });
    expect(region.getAttribute("tabindex")).toBe("0");
    expect(region.querySelector("table")).toBeTruthy();
  });

  it("adds no tab stop when the table fits", () => {
    restore = widths(600, 600);
    renderUi(table());
    expect(screen.queryByRole("region")).toBeNull();
    expect(screen.getByRole("table", { name: "Students of Algebra" })).toBeTruthy();
  });
});
