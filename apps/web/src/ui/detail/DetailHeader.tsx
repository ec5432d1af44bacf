import { Group, Paper, Stack, Text } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { PageHeading } from "../PageHeading.tsx";

export interface DetailHeaderProps {
  /** The page's h1 (also the browser tab's title). */
  title: string;
  /** A line under the title, e.g. the preferred name or the course's times. */
  subtitle?: ReactNode;
  /** Badges beside the title ("Removed", "Archived"). */
  badges?: ReactNode;
  /** Buttons at the right (wrapping under the title on a phone). */
  actions?: ReactNode;
  /** The facts of the record (a KeyValueList, tiles...). */
  children?: ReactNode;
  /** A link back to the list, above the title. */
  back?: ReactNode;
}

/**
 * The top of a detail page (a participant, a course, an event, a team): back link, h1 with
 * badges, a subtitle, actions and the record's facts, in one card that wraps on a phone. The
 * card is a region named by the h1.
 */
export function DetailHeader({ title, subtitle, badges, actions, children, back }: DetailHeaderProps) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
      <Stack gap="md">
        {back}
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: "1 1 16rem" }}>
            <Group gap="xs" align="center" wrap="wrap">
              <PageHeading id={id} style={{ overflowWrap: "anywhere" }}>
                {title}
              </PageHeading>
              {badges}
            </Group>
            {subtitle && (
              <Text c="dimmed" component="div">
                {subtitle}
              </Text>
            )}
          </Stack>
          {actions && (
            <Group gap="xs" wrap="wrap">
              {actions}
            </Group>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
