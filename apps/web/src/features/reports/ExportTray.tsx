import { Anchor, Button, CloseButton, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import type { MouseEvent } from "react";
import { rescueFocusFrom } from "../../ui/focus-rescue.ts";
import { type ExportJob, progressPercent, progressText, trayJobs } from "./export-store.ts";
import { cancelExport, dismissExport } from "./run-export.ts";
import { useExports } from "./use-exports.ts";

const STATE_TEXT: Record<ExportJob["state"], string> = {
  running: "Exporting",
  done: "Ready",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** Runs an action that takes its own button away (decision 0582): focus goes to a heading, not <body>. */
function leave(e: MouseEvent<HTMLButtonElement>, action: () => void) {
  rescueFocusFrom(e.currentTarget);
  action();
}

function TrayJob({ job }: { job: ExportJob }) {
  const percent = progressPercent(job);
  const label = `${job.title} export: ${progressText(job)}`;
  return (
    <Stack gap={6} component="li">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {job.title}{" "}
          <Text span size="sm" c="dimmed">
            ({job.file})
          </Text>
        </Text>
        {job.state !== "running" && (
          <CloseButton
            size="sm"
            aria-label={`Dismiss the ${job.title} export`}
            onClick={(e) => leave(e, () => dismissExport(job.id))}
          />
        )}
      </Group>
      {job.state === "running" && (
        <Progress
          value={percent ?? 100}
          animated={percent === null}
          striped={percent === null}
          aria-label={label}
          aria-valuetext={percent === null ? progressText(job) : `${percent}%, ${progressText(job)}`}
        />
      )}
      <Text size="xs">
        {STATE_TEXT[job.state]}: {job.state === "failed" ? job.error : progressText(job)}
      </Text>
      <Group gap="xs">
        {job.state === "running" && (
          <Button size="compact-sm" variant="default" onClick={(e) => leave(e, () => cancelExport(job.id))}>
            Cancel {job.title} export
          </Button>
        )}
        {job.state === "done" && job.url && (
          <Anchor href={job.url} download={job.file} size="sm" fw={600}>
            Download {job.file}
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}

/** What the live region says: starts and ends only, not every tick of the bar. */
function announcement(jobs: readonly ExportJob[]) {
  const last = jobs[jobs.length - 1];
  if (!last) return "";
  if (last.state === "running") return `The ${last.title} export runs in the background.`;
  if (last.state === "done") return `The ${last.title} export is ready: ${progressText(last)}.`;
  if (last.state === "failed") return `The ${last.title} export failed.`;
  return `The ${last.title} export was cancelled.`;
}

/**
 * The shell's tray of background exports (over 10,000 rows): a progress bar per export with
 * the rows received of the total, Cancel while it runs, and Download once the file is complete.
 * It lives in the shell, so it keeps going while the user opens other pages.
 */
export function ExportTray() {
  const jobs = trayJobs(useExports());
  return (
    <>
      <Text className="sr-only" role="status" aria-live="polite">
        {announcement(jobs)}
      </Text>
      {jobs.length > 0 && (
        <Paper
          component="section"
          aria-labelledby="export-tray-title"
          withBorder
          shadow="md"
          p="sm"
          radius="md"
          pos="fixed"
          bottom={16}
          right={16}
          w={{ base: "calc(100vw - 32px)", xs: 340 }}
          style={{ zIndex: 200 }}
          data-testid="export-tray"
        >
          <Title order={2} size="h5" id="export-tray-title" mb="xs">
            Exports
          </Title>
          <Stack gap="sm" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {jobs.map((job) => (
              <TrayJob key={job.id} job={job} />
            ))}
          </Stack>
        </Paper>
      )}
    </>
  );
}
