import { Group, Paper, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";

/**
 * A card of a detail page: a region named by its heading (h2 by default, h3 inside a tab), with
 * optional actions beside the heading.
 */
export function DetailSection({
  title,
  children,
  actions,
  order = 2,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  order?: 2 | 3;
}) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: "sm", sm: "md" }}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={order} size="h4" id={id}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
