import { Badge, Group, Text } from "@mantine/core";
import { isLowApa } from "@rollbook/domain";
import { formatPercent } from "./detail/format.ts";

/**
 * An APA as every screen shows it. Under the school's warning percentage it is red and bold with a
 * "Low" badge beside it, and a screen reader hears "(below the 70% warning line)" (the badge's
 * word, which a pointer's title explains, is for the eye). One look and one wording in lists, tabs and headers.
 */
export function ApaFigure({
  apa,
  warning,
  justify = "flex-end",
}: {
  apa: number | null | undefined;
  warning: number | null | undefined;
  /** Right in a table's figure column; "flex-start" in a header's list of facts. */
  justify?: "flex-end" | "flex-start";
}) {
  if (!isLowApa(apa, warning)) return <>{formatPercent(apa)}</>;
  return (
    <Group
      component="span"
      gap={4}
      wrap="nowrap"
      justify={justify}
      data-warning="true"
      title={`Below the school's warning line of ${warning}%`}
    >
      <Text component="span" inherit fw={700} c="red.9">
        {formatPercent(apa)}
      </Text>
      <Badge component="span" size="xs" color="red.9" variant="outline" aria-hidden="true">
        Low
      </Badge>
      <span className="sr-only">{` (below the ${warning}% warning line)`}</span>
    </Group>
  );
}
