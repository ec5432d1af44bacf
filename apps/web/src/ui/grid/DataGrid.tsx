import { Alert, Box, LoadingOverlay, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import type { ReactNode } from "react";
import { Pager } from "./Pager.tsx";
import type { GridControl } from "./useGridParams.ts";
import { useClampPage } from "./useGridParams.ts";

export interface GridColumn<T> {
  key: string;
  header: string;
  /** The server's sort_by name; without it the column is not sortable. */
  sortBy?: string;
  render?: (row: T) => ReactNode;
  align?: "left" | "right" | "center";
}

export interface DataGridProps<T> {
  /** The table's caption: its accessible name. */
  caption: string;
  columns: readonly GridColumn<T>[];
  rows: readonly T[] | undefined;
  total: number | undefined;
  rowKey: (row: T) => string | number;
  grid: GridControl;
  loading?: boolean;
  error?: string | null;
  emptyText?: string;
}

const ariaSort = (active: boolean, dir: "asc" | "desc") =>
  active ? (dir === "asc" ? "ascending" : "descending") : "none";

/**
 * A table over a server-side list: the caller fetches with `grid.params` (page, per_page,
 * sort_by, sort_dir, all kept in the URL); the grid shows the rows, sortable headers and the pager,
 * and moves a page past the end back to the last page.
 */
export function DataGrid<T>({
  caption,
  columns,
  rows,
  total,
  rowKey,
  grid,
  loading = false,
  error = null,
  emptyText = "No matching data",
}: DataGridProps<T>) {
  useClampPage(grid, total);
  const { params } = grid;
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert" title="The list could not be loaded">
          {error}
        </Alert>
      )}
      <Box pos="relative">
        <LoadingOverlay
          visible={loading}
          zIndex={5}
          overlayProps={{ blur: 1 }}
          loaderProps={{ "aria-label": "Loading" }}
        />
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover aria-busy={loading || undefined}>
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {columns.map((col) => {
                  const active = col.sortBy !== undefined && params.sort_by === col.sortBy;
                  return (
                    <Table.Th
                      key={col.key}
                      scope="col"
                      ta={col.align}
                      aria-sort={col.sortBy ? ariaSort(active, params.sort_dir) : undefined}
                    >
                      {col.sortBy ? (
                        <UnstyledButton onClick={() => grid.toggleSort(col.sortBy as string)} fw={700} fz="sm">
                          {col.header}{" "}
                          <span aria-hidden="true">{active ? (params.sort_dir === "asc" ? "▲" : "▼") : "↕"}</span>
                        </UnstyledButton>
                      ) : (
                        col.header
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows?.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((col) => (
                    <Table.Td key={col.key} ta={col.align}>
                      {col.render ? col.render(row) : String((row as Record<string, unknown>)[col.key] ?? "")}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              {rows && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text c="dimmed" ta="center" py="md">
                      {emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <Pager
        page={params.page}
        perPage={params.per_page}
        total={total ?? 0}
        onPage={grid.setPage}
        onPerPage={grid.setPerPage}
        label={`${caption} pages`}
      />
    </Stack>
  );
}
