import { Box, Text } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./KeyValueList.module.css";

export interface KeyValueItem {
  /** The term; also the React key, so keep it unique in one list. */
  label: string;
  value: ReactNode;
  /** Hidden when false (e.g. a field the viewer may not see). */
  show?: boolean;
}

/** "—" for an empty value, so a blank is never mistaken for a missing row. */
export const orDash = (v: ReactNode) => (v === null || v === undefined || v === "" ? "—" : v);

/**
 * Labelled values as a description list (<dl>): two columns on a desktop, the label above its
 * value on a phone. `columns` sets how many label/value pairs share a row on wide screens.
 */
export function KeyValueList({
  items,
  columns = 1,
  label,
}: {
  items: readonly KeyValueItem[];
  columns?: 1 | 2 | 3;
  /** An accessible name for the list when the page has several. */
  label?: string;
}) {
  return (
    <Box component="dl" className={classes.list} data-columns={columns} aria-label={label} m={0}>
      {items
        .filter((i) => i.show !== false)
        .map((i) => (
          <div key={i.label} className={classes.item}>
            <Text component="dt" size="sm" c="dimmed" fw={500}>
              {i.label}
            </Text>
            <Text component="dd" size="sm" m={0} className={classes.value}>
              {orDash(i.value)}
            </Text>
          </div>
        ))}
    </Box>
  );
}
