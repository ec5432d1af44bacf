import {
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Group,
  LoadingOverlay,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { BREAKPOINTS } from "@rollbook/domain";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { rescueFocusFrom } from "../focus-rescue.ts";
import { OuterCaption } from "../OuterCaption.tsx";
import classes from "./DataGrid.module.css";
import { Pager } from "./Pager.tsx";
import { headerState, type RowId, selectedText } from "./selection.ts";
import type { GridControl } from "./useGridParams.ts";
import { useClampPage } from "./useGridParams.ts";
import type { GridSelection } from "./useGridSelection.ts";

export interface GridColumn<T> {
  key: string;
  header: string;
  /** The server's sort_by name; without it the column is not sortable. */
  sortBy?: string;
  render?: (row: T) => ReactNode;
  align?: "left" | "right" | "center";
  /** Renders the cell as a link to this path (an in-app route); null leaves it plain. */
  href?: (row: T) => string | null;
  /**
   * The phone layout (cards): "title" is the card's first line (the row's name, usually the
   * link); "hide" leaves the column out; by default it is a labelled line of the card.
   */
  phone?: "title" | "hide";
}

export interface DataGridProps<T> {
  /** The table's caption, above it and outside its sideways scroll (a phone wraps it): its accessible name. */
  caption: string;
  columns: readonly GridColumn<T>[];
  rows: readonly T[] | undefined;
  total: number | undefined;
  rowKey: (row: T) => RowId;
  grid: GridControl;
  loading?: boolean;
  error?: string | null;
  emptyText?: string;
  /** Row selection (useGridSelection): a checkbox per row and one for all rows shown. */
  selection?: GridSelection<any>;
  /** The row's name, for its checkbox ("Select <name>"); required with `selection`. */
  rowLabel?: (row: T) => string;
  /** Bulk actions and other controls over the selection, shown above the grid. */
  toolbar?: ReactNode;
  /** "auto" (default) shows cards under the phone breakpoint and a table above it. */
  layout?: "auto" | "table" | "cards";
}

const ariaSort = (active: boolean, dir: "asc" | "desc") =>
  active ? (dir === "asc" ? "ascending" : "descending") : "none";

/** A selected row's background: light enough for links and warnings on it to keep AA contrast. */
const SELECTED_BG = "var(--mantine-color-blue-0)";

const PHONE_QUERY = `(max-width: ${(BREAKPOINTS.phone - 0.1) / 16}em)`;

function cellContent<T>(col: GridColumn<T>, row: T): ReactNode {
  const content = col.render ? col.render(row) : String((row as Record<string, unknown>)[col.key] ?? "");
  const href = col.href?.(row);
  if (!href) return content;
  return (
    <Anchor component={Link} to={href} fw={600} size="sm">
      {content}
    </Anchor>
  );
}

/**
 * A list over a server-side list: the caller fetches with `grid.params` (page, per_page,
 * sort_by, sort_dir, all kept in the URL); the grid shows the rows, sortable headers and the pager,
 * and moves a page past the end back to the last page. With `selection` each row has a checkbox
 * named after the row and the header one selects or clears every row shown; `toolbar` holds the
 * bulk actions. Under 768 px the rows become cards, with a sort select instead of the headers.
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
  selection,
  rowLabel,
  toolbar,
  layout = "auto",
}: DataGridProps<T>) {
  useClampPage(grid, total);
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const cards = layout === "cards" || (layout === "auto" && phone);
  const pageIds = rows?.map(rowKey) ?? [];
  const header = selection ? headerState(selection.selected, pageIds) : "none";
  const labelOf = (row: T) => rowLabel?.(row) ?? String(rowKey(row));
  const captionId = useId();

  const selectAll = selection && (
    <Checkbox
      aria-label={cards ? undefined : "Select all rows shown"}
      label={cards ? "Select all shown" : undefined}
      checked={header === "all"}
      indeterminate={header === "some"}
      disabled={pageIds.length === 0}
      onChange={() => selection.toggleShown(pageIds)}
    />
  );

  const rowCheckbox = (row: T) =>
    selection && (
      <Checkbox
        aria-label={`Select ${labelOf(row)}`}
        checked={selection.isSelected(rowKey(row))}
        onChange={(e) => selection.toggle(rowKey(row), e.currentTarget.checked)}
      />
    );

  return (
    <Stack gap="sm">
      {(selection || toolbar) && (
        <Group gap="sm" wrap="wrap" justify="space-between" className={classes.toolbar}>
          {selection && (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} aria-live="polite" data-testid="grid-selected-count">
                {selectedText(selection.count)}
              </Text>
              {selection.count > 0 && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={(e) => {
                    // the button goes with the selection: focus goes to the heading, not <body>
                    rescueFocusFrom(e.currentTarget);
                    selection.clear();
                  }}
                >
                  Clear selection
                </Button>
              )}
            </Group>
          )}
          {toolbar && (
            <Group gap="xs" wrap="wrap">
              {toolbar}
            </Group>
          )}
        </Group>
      )}
      {error && (
        <Alert color="red" role="alert" title="The list could not be loaded">
          {error}
        </Alert>
      )}
      {/* above the table, as every table's caption (captionSide="top"); the cards have their own heading */}
      {!cards && <OuterCaption id={captionId}>{caption}</OuterCaption>}
      <Box pos="relative">
        <LoadingOverlay
          visible={loading}
          zIndex={5}
          overlayProps={{ blur: 1 }}
          loaderProps={{ role: "status", "aria-label": "Loading" }}
        />
        {cards ? (
          <CardList
            caption={caption}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            grid={grid}
            loading={loading}
            emptyText={emptyText}
            selectAll={selectAll}
            rowCheckbox={selection ? rowCheckbox : undefined}
            isSelected={(row) => selection?.isSelected(rowKey(row)) ?? false}
          />
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped highlightOnHover aria-busy={loading || undefined} aria-labelledby={captionId}>
              <Table.Thead>
                <Table.Tr>
                  {/* a td, not a th: the column has no header text, its checkboxes are named one by one */}
                  {selection && <Table.Td w={40}>{selectAll}</Table.Td>}
                  {columns.map((col) => {
                    const active = col.sortBy !== undefined && grid.params.sort_by === col.sortBy;
                    return (
                      <Table.Th
                        key={col.key}
                        scope="col"
                        ta={col.align}
                        aria-sort={col.sortBy ? ariaSort(active, grid.params.sort_dir) : undefined}
                      >
                        {col.sortBy ? (
                          <UnstyledButton
                            onClick={() => grid.toggleSort(col.sortBy as string)}
                            fw={700}
                            fz="sm"
                            className={classes.sortButton}
                          >
                            {col.header}{" "}
                            <span aria-hidden="true">
                              {active ? (grid.params.sort_dir === "asc" ? "▲" : "▼") : "↕"}
                            </span>
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
                {rows?.map((row) => {
                  const picked = selection?.isSelected(rowKey(row)) ?? false;
                  return (
                    <Table.Tr
                      key={rowKey(row)}
                      data-selected={picked || undefined}
                      bg={picked ? SELECTED_BG : undefined}
                    >
                      {selection && <Table.Td>{rowCheckbox(row)}</Table.Td>}
                      {columns.map((col) => (
                        <Table.Td key={col.key} ta={col.align}>
                          {cellContent(col, row)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
                {rows && rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={columns.length + (selection ? 1 : 0)}>
                      <Text c="dimmed" ta="center" py="md">
                        {emptyText}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Box>
      <Pager
        page={grid.params.page}
        perPage={grid.params.per_page}
        total={total}
        onPage={grid.setPage}
        onPerPage={grid.setPerPage}
        label={`${caption} pages`}
      />
    </Stack>
  );
}

interface CardListProps<T> {
  caption: string;
  columns: readonly GridColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => RowId;
  grid: GridControl;
  loading: boolean;
  emptyText: string;
  selectAll: ReactNode;
  rowCheckbox?: (row: T) => ReactNode;
  isSelected: (row: T) => boolean;
}

/** The phone layout: one card per row, the title column first, the others as labelled lines. */
function CardList<T>({
  caption,
  columns,
  rows,
  rowKey,
  grid,
  loading,
  emptyText,
  selectAll,
  rowCheckbox,
  isSelected,
}: CardListProps<T>) {
  const sortable = columns.filter((c) => c.sortBy);
  const title = columns.find((c) => c.phone === "title");
  const lines = columns.filter((c) => c !== title && c.phone !== "hide");
  const { sort_by, sort_dir } = grid.params;
  return (
    <Stack gap="sm">
      <Group gap="sm" align="end" justify="space-between" wrap="wrap">
        {selectAll ?? <span />}
        {sortable.length > 0 && (
          <Group gap="xs" align="end" wrap="nowrap">
            <NativeSelect
              label="Sort by"
              size="xs"
              value={sort_by ?? ""}
              onChange={(e) => {
                const next = e.currentTarget.value;
                if (next && next !== sort_by) grid.toggleSort(next);
              }}
              data={[
                ...(sort_by && !sortable.some((c) => c.sortBy === sort_by) ? [{ value: sort_by, label: sort_by }] : []),
                ...(sort_by ? [] : [{ value: "", label: "Default" }]),
                ...sortable.map((c) => ({ value: c.sortBy as string, label: c.header })),
              ]}
            />
            <Button size="xs" variant="default" disabled={!sort_by} onClick={() => sort_by && grid.toggleSort(sort_by)}>
              {sort_dir === "asc" ? "Ascending" : "Descending"}
            </Button>
          </Group>
        )}
      </Group>
      <Text component="h2" size="sm" fw={700} className={classes.cardCaption}>
        {caption}
      </Text>
      <Stack component="ul" gap="xs" aria-label={caption} aria-busy={loading || undefined} className={classes.cards}>
        {rows?.map((row) => (
          <Paper
            component="li"
            key={rowKey(row)}
            withBorder
            p="sm"
            radius="md"
            data-selected={isSelected(row) || undefined}
            bg={isSelected(row) ? SELECTED_BG : undefined}
          >
            <Group gap="sm" wrap="nowrap" align="start">
              {rowCheckbox?.(row)}
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                {title && <div className={classes.cardTitle}>{cellContent(title, row)}</div>}
                <dl className={classes.cardLines}>
                  {lines.map((col) => (
                    <div key={col.key} className={classes.cardLine}>
                      <dt>{col.header}</dt>
                      <dd>{cellContent(col, row)}</dd>
                    </div>
                  ))}
                </dl>
              </Stack>
            </Group>
          </Paper>
        ))}
        {rows && rows.length === 0 && (
          <Text component="li" c="dimmed" ta="center" py="md">
            {emptyText}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
