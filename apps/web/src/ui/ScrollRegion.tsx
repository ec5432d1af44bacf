import { Table } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A table that scrolls sideways on a narrow screen, focusable and named so that a keyboard can
 * scroll it and a screen reader announces it (axe scrollable-region-focusable, landmark-unique).
 */
export function ScrollRegion({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
