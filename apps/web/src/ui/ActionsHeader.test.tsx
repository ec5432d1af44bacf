import { Table } from "@mantine/core";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi } from "../../test/render.tsx";
import { ActionsHeader } from "./ActionsHeader.tsx";

describe("ActionsHeader", () => {
  it("names the buttons' column for a screen reader without a visible title", () => {
    renderUi(
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <ActionsHeader />
          </Table.Tr>
        </Table.Thead>
      </Table>,
    );
    const header = screen.getByRole("columnheader", { name: "Actions" });
    expect(header.getAttribute("scope")).toBe("col");
    // Mantine's VisuallyHidden: in the accessibility tree, off the screen
    expect(header.querySelector(".mantine-VisuallyHidden-root")?.textContent).toBe("Actions");
  });
});
