import { Loader, type MantineSize } from "@mantine/core";

/**
 * A loading spinner a screen reader announces. Mantine's Loader is a bare span: an aria-label
 * on it is prohibited (axe aria-prohibited-attr) and read by nobody, so the label is text in a
 * status region and the spinner itself is decoration.
 */
export function Spinner({ label, size }: { label: string; size?: MantineSize }) {
  return (
    <span role="status">
      <Loader size={size} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
