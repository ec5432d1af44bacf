import { Badge, type BadgeProps } from "@mantine/core";
import { statusColour, statusLabel } from "./status.ts";

/**
 * An attendance status as a coloured badge with its name (never colour alone). Dark text on the
 * light variant passes AA contrast on every colour, yellow and orange included.
 */
export function StatusBadge({
  status,
  ...props
}: { status: number | null | undefined } & Omit<BadgeProps, "color" | "children">) {
  return (
    <Badge
      color={statusColour(status)}
      c="gray.9"
      variant="light"
      radius="sm"
      tt="none"
      data-status={status ?? ""}
      {...props}
    >
      {statusLabel(status)}
    </Badge>
  );
}
