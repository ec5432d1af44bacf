import { Table, type TableProps } from "@mantine/core";
import { type ReactNode, useId, useRef } from "react";
import { OuterCaption } from "./OuterCaption.tsx";
import { useOverflowX } from "./use-overflow-x.ts";

/**
 * A table that scrolls sideways on a narrow screen, named by a caption above it and outside the
 * scroll (OuterCaption): a <caption> is as wide as its table, so on a phone it scrolled away and was
 * cut off ("Courses of Cal"). Striped by default; other Table props pass through.
 *
 * While it scrolls, its scroll box is a tab stop named by the caption: a column without links (a
 * percentage, a date) was out of a keyboard's reach on a phone, as Tab stops only on controls.
 */
export function CaptionedTable({
  caption,
  minWidth,
  children,
  ...table
}: { caption: string; minWidth: number; children: ReactNode } & Omit<TableProps, "children">) {
  const captionId = useId();
  const viewport = useRef<HTMLDivElement>(null);
  const scrolls = useOverflowX(viewport);
  return (
    <>
      <OuterCaption id={captionId}>{caption}</OuterCaption>
      <Table.ScrollContainer
        minWidth={minWidth}
        scrollAreaProps={{
          viewportRef: viewport,
          viewportProps: scrolls ? { tabIndex: 0, role: "region", "aria-labelledby": captionId } : undefined,
        }}
      >
        <Table striped aria-labelledby={captionId} {...table}>
          {children}
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
