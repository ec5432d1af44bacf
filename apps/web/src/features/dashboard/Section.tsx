import { Paper, Skeleton, Text, Title } from "@mantine/core";
import { type ReactNode, type Ref, useId } from "react";

/** A dashboard section: a region named by its h2 (which takes focus after an item in it is removed). */
export function Section({
  title,
  children,
  headingRef,
}: {
  title: string;
  children: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p="md">
      <Title order={2} size="h4" id={id} ref={headingRef} tabIndex={-1} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * What a section of the dashboard's own call shows until its data is there: a placeholder that
 * says "Loading" to a screen reader, or, once the call failed, that nothing could be shown (a
 * grey placeholder left after a failure reads as loading for ever).
 */
export function SectionPending({ failed, height, what }: { failed: boolean; height: number; what: string }) {
  // the page's alert says why and offers Try again
  if (failed) return <Text c="dimmed">Not loaded.</Text>;
  return (
    <div role="status">
      <Skeleton height={height} aria-hidden="true" />
      <span className="sr-only">Loading the {what}…</span>
    </div>
  );
}
