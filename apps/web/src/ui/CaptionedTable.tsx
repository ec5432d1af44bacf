import { Table, type TableProps } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { OuterCaption } from "./OuterCaption.tsx";

/**
 * A table that scrolls sideways on a narrow screen, named by a caption above it and outside the
 * scroll (OuterCaption): a <caption> is as wide as its table, so on a phone it scrolled away and was
 * cut off ("Courses of Cal"). Striped by default; other Table props pass through.
 */
export function CaptionedTable({
  caption,
  minWidth,
  children,
  ...table
}: { caption: string; minWidth: number; children: ReactNode } & Omit<TableProps, "children">) {
  const captionId = useId();
  return (
    <>
      <OuterCaption id={captionId}>{caption}</OuterCaption>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped aria-labelledby={captionId} {...table}>
          {children}
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
