import { Paper, Title } from "@mantine/core";
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
