import { Text } from "@mantine/core";
import { apaText, isApaWarning } from "./apa.ts";

/** An APA with the school's warning: red and worded when under warning_percentage. */
export function ApaValue({ apa, warning }: { apa: number | null | undefined; warning: number }) {
  const low = isApaWarning(apa, warning);
  return (
    <Text component="span" inherit c={low ? "red.9" : undefined} fw={low ? 700 : undefined} data-warning={low}>
      {low && <span aria-hidden="true">⚠ </span>}
      {apaText(apa, warning)}
    </Text>
  );
}
