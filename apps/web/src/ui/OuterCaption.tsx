import { Text } from "@mantine/core";

/**
 * A table's caption set outside the container that scrolls the table sideways: a <caption> is as
 * wide as its table, so on a phone it scrolled with it and was cut off; this one wraps within the
 * screen. It still names the table: give the table aria-labelledby={id}.
 */
export function OuterCaption({ id, children }: { id: string; children: string }) {
  return (
    <Text id={id} size="sm" c="dimmed" ta="center" my="xs">
      {children}
    </Text>
  );
}
