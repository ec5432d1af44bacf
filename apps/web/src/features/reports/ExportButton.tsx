import { Button, Group, Text } from "@mantine/core";
import { formatCount } from "@rollbook/domain";
import { RequestError } from "../../lib/http.ts";
import { notify } from "../../ui/notify.tsx";
import { progressText, runningFor } from "./export-store.ts";
import { inFilterWords } from "./report-filters.ts";
import { runExport } from "./run-export.ts";
import { useExports } from "./use-exports.ts";

export interface ExportButtonProps {
  report: string;
  title: string;
  path: string;
  file: string;
  /** Why the export cannot run yet (a required filter is missing); null when it can. */
  blocked?: string | null;
}

/** The server's complaint about a filter, with the filter bar's words: "End date is required", not "end_date: …". */
function failure(err: unknown) {
  if (err instanceof RequestError) return inFilterWords(err.message);
  return err instanceof Error ? err.message : "The export failed.";
}

/**
 * Export CSV: the whole result of the page's filters, not the page shown. Under 10,000 rows
 * the button shows the progress and the browser downloads the file; past that the export moves
 * to the shell's tray and the page is free again.
 */
export function ExportButton({ report, title, path, file, blocked = null }: ExportButtonProps) {
  const job = runningFor(useExports(), report);
  const here = job && !job.background ? job : null;
  const message = here ? `Exporting… ${progressText(here)}` : job ? "The export continues in the Exports tray." : "";
  const start = async () => {
    try {
      const done = await runExport({ report, title, path, file });
      if (done.outcome === "saved")
        notify.success(`Exported ${done.rows === 1 ? "1 row" : `${formatCount(done.rows)} rows`} to ${done.file}.`);
    } catch (err) {
      notify.error(`The export failed. ${failure(err)}`);
    }
  };
  return (
    <Group gap="sm" wrap="wrap">
      {/* always there (a live region must exist before it speaks); out of the layout while silent */}
      <Text size="sm" role="status" aria-live="polite" className={message ? undefined : "sr-only"}>
        {message}
      </Text>
      <Button
        variant="default"
        loading={here !== null}
        disabled={blocked !== null || job !== null}
        title={blocked ?? undefined}
        onClick={() => void start()}
      >
        Export CSV
      </Button>
    </Group>
  );
}
