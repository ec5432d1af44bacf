/**
 * The state of report CSV exports, app-wide: the Export button of a report page shows its own
 * running export; one past EXPORT_BACKGROUND_ROWS moves to the shell's export tray, which outlives
 * the page (a module-level store, not component state). Pure transitions plus a tiny
 * subscribable store for useSyncExternalStore; tested without a browser.
 */

import { formatCount } from "@rollbook/domain";

/** Past this many rows (the x-total-count header) an export runs in the background tray. */
export const EXPORT_BACKGROUND_ROWS = 10_000;

export type ExportState = "running" | "done" | "failed" | "cancelled";

export interface ExportJob {
  id: string;
  /** The report's page name ("Status"), and its title for people ("Status report"). */
  report: string;
  title: string;
  /** The file name offered to the browser. */
  file: string;
  state: ExportState;
  /** Data rows received so far. */
  received: number;
  /** The server's x-total-count; null until the headers arrive (or without the header). */
  total: number | null;
  /** In the tray (past the background threshold), rather than on the page's button. */
  background: boolean;
  /** For a finished background export: the object URL of the file, until dismissed. */
  url: string | null;
  error: string | null;
}

export type ExportAction =
  | { type: "start"; id: string; report: string; title: string; file: string }
  | { type: "headers"; id: string; total: number | null }
  | { type: "progress"; id: string; received: number }
  | { type: "done"; id: string; rows: number; url: string | null; file?: string }
  | { type: "failed"; id: string; error: string }
  | { type: "cancelled"; id: string }
  | { type: "dismiss"; id: string };

export const isBackground = (total: number | null) => total !== null && total > EXPORT_BACKGROUND_ROWS;

const patch = (jobs: readonly ExportJob[], id: string, fn: (j: ExportJob) => ExportJob) =>
  jobs.map((j) => (j.id === id ? fn(j) : j));

/** One transition; a job that has ended takes no more progress (a late chunk after a cancel). */
export function exportReducer(jobs: readonly ExportJob[], a: ExportAction): readonly ExportJob[] {
  const running = (fn: (j: ExportJob) => ExportJob) => patch(jobs, a.id, (j) => (j.state === "running" ? fn(j) : j));
  switch (a.type) {
    case "start":
      return [
        ...jobs.filter((j) => j.id !== a.id),
        {
          id: a.id,
          report: a.report,
          title: a.title,
          file: a.file,
          state: "running",
          received: 0,
          total: null,
          background: false,
          url: null,
          error: null,
        },
      ];
    case "headers":
      return running((j) => ({ ...j, total: a.total, background: isBackground(a.total) }));
    case "progress":
      return running((j) => ({ ...j, received: Math.max(j.received, a.received) }));
    case "done":
      return running((j) => ({ ...j, state: "done", received: a.rows, url: a.url, file: a.file ?? j.file }));
    case "failed":
      return running((j) => ({ ...j, state: "failed", error: a.error }));
    case "cancelled":
      return running((j) => ({ ...j, state: "cancelled" }));
    case "dismiss":
      return jobs.filter((j) => j.id !== a.id);
  }
}

/** 0-100 for the progress bar; null while the total is unknown (an indeterminate bar). */
export function progressPercent(job: Pick<ExportJob, "received" | "total" | "state">): number | null {
  if (job.state === "done") return 100;
  if (job.total === null) return null;
  if (job.total === 0) return 100;
  return Math.min(100, Math.floor((job.received / job.total) * 100));
}

const count = formatCount;

/** "1,200 of 25,000 rows" (or "1,200 rows" before the total is known). */
export function progressText(job: Pick<ExportJob, "received" | "total">): string {
  return job.total === null ? `${count(job.received)} rows` : `${count(job.received)} of ${count(job.total)} rows`;
}

/** The jobs of the tray: background ones, newest last. */
export const trayJobs = (jobs: readonly ExportJob[]) => jobs.filter((j) => j.background);

/** The report page's own export still running (its button shows it), if any. */
export const runningFor = (jobs: readonly ExportJob[], report: string) =>
  jobs.find((j) => j.report === report && j.state === "running") ?? null;

export interface ExportStore {
  get: () => readonly ExportJob[];
  subscribe: (listener: () => void) => () => void;
  dispatch: (a: ExportAction) => void;
}

export function createExportStore(): ExportStore {
  let jobs: readonly ExportJob[] = [];
  const listeners = new Set<() => void>();
  return {
    get: () => jobs,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch: (a) => {
      const next = exportReducer(jobs, a);
      if (next === jobs) return;
      jobs = next;
      for (const l of listeners) l();
    },
  };
}

/** The app's one store: the tray and every report page read it. */
export const exportStore = createExportStore();
