import { Badge, Progress, Stack, Text } from "@mantine/core";
import { formatCount } from "@rollbook/domain";
import { percent, rowsWord } from "./columns.ts";

const STATUS_COLOR: Record<string, string> = {
  queued: "gray",
  running: "blue",
  done: "green",
  failed: "red",
};

const STATUS_WORD: Record<string, string> = {
  queued: "Queued",
  running: "Running",
  done: "Done",
  failed: "Failed",
};

export function ImportStatus({ status }: { status: string }) {
  return (
    // dark text on the light variant passes AA on every colour (as ui/StatusBadge does)
    <Badge color={STATUS_COLOR[status] ?? "gray"} c="gray.9" variant="light" radius="sm" tt="none">
      {STATUS_WORD[status] ?? status}
    </Badge>
  );
}

/**
 * The import's progress bar (role progressbar, its value and a text for screen readers) and the
 * same in words beside it; `name` tells two bars of one page apart.
 */
export function ImportProgress({
  progress,
  total,
  status,
  name,
  compact = false,
}: {
  progress: number;
  total: number;
  status: string;
  name: string;
  compact?: boolean;
}) {
  const pct = status === "done" ? 100 : percent(progress, total);
  const words = `${formatCount(progress)} of ${rowsWord(total)} (${pct}%)`;
  return (
    <Stack gap={4} miw={compact ? 140 : undefined}>
      <Progress.Root size={compact ? "md" : "xl"}>
        <Progress.Section
          value={pct}
          color={status === "failed" ? "red.9" : status === "done" ? "green.9" : "blue.9"}
          // Mantine's own aria-valuetext is only "n%": the rows in words are set here instead
          withAria={false}
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
          aria-label={name}
          aria-valuetext={`${words}, ${STATUS_WORD[status]?.toLowerCase() ?? status}`}
        />
      </Progress.Root>
      <Text size={compact ? "xs" : "sm"}>{words}</Text>
    </Stack>
  );
}
