import { Anchor, Group, Text } from "@mantine/core";
import { Link } from "react-router";

/** The Rollbook mark and name, linking home. */
export function Logo() {
  return (
    <Anchor component={Link} to="/Dashboard" underline="never" c="inherit" aria-label="Rollbook, go to the dashboard">
      <Group gap={8} wrap="nowrap">
        <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
          <rect width="28" height="28" rx="6" fill="var(--mantine-primary-color-filled)" />
          <path d="M8 14.5l4 4 8-9" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
        </svg>
        <Text component="span" fw={800} fz="lg" lh={1}>
          Rollbook
        </Text>
      </Group>
    </Anchor>
  );
}
