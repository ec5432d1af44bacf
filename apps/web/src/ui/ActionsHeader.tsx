import { Table, VisuallyHidden } from "@mantine/core";

/**
 * The header of a table's last column of row buttons ("Remove", "Resend"...). Each button names
 * itself, so the column needs no visible title, but a screen reader moving through a row's cells
 * still hears which column it is in. One component, so every table says it the same way.
 */
export function ActionsHeader() {
  return (
    <Table.Th scope="col">
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  );
}
